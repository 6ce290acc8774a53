"""TicTacToeMatch: an m,n,k game (3x3 three in a row, 4x4 four) against a built-in opponent.

The player (X) moves first from a generated position in which the solver proves X can force
a win; the opponent (O) replies after each move. Reward: won 1, drawn 0.5, lost 0 (an
illegal move ends the episode with 0). The game is small enough to solve exactly, so the
opponent is the solver with noise (:mod:`.games`).

Answer syntax per turn: one cell, a column letter and a row number (``b2``; row 1 is the
top row). A whole episode written as one answer is the moves separated by ``;``.

Knobs: ``board`` (``3x3`` three in a row, ``4x4`` four in a row), ``empty`` (empty cells at
the start, 5 -> 7: a longer game) and ``skill`` (the opponent's chance of a best move, 0 a
random player -> 1 a perfect one). Difficulty raises all three.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from rlvr_envs.core import Draft, IllegalMove, Knob, Problem
from rlvr_envs.families.interactive.games import TwoPlayerGame, draft_problem

_BOARDS = {"3x3": (3, 3), "4x4": (4, 4)}
_SYMBOLS = {0: ".", 1: "X", -1: "O"}


def lines(size: int, k: int) -> list[tuple[int, ...]]:
    """Every run of ``k`` cells in a row, column or diagonal of a size x size board."""
    out = []
    for r in range(size):
        for c in range(size):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + i * dr, c + i * dc) for i in range(k)]
                if all(0 <= y < size and 0 <= x < size for y, x in cells):
                    out.append(tuple(y * size + x for y, x in cells))
    return out


class TicTacToeMatch(TwoPlayerGame):
    """m,n,k against a noisy-minimax opponent, from a position the player can win."""

    answer_syntax = "one move: a cell as a column letter and row number (e.g. b2)"
    answer_form = "a cell such as b2, one per turn"
    knobs: ClassVar[dict[str, Knob]] = {
        "board": Knob("categorical", choices=("3x3", "4x4"), doc="board size and run length"),
        "empty": Knob("int", 5, 7, doc="empty cells at the start"),
        "skill": Knob("float", 0.0, 1.0, doc="the opponent's chance of a best move"),
    }

    # -- rules ---------------------------------------------------------------------------
    def rules_key(self, problem: Problem) -> Any:
        return problem.knobs["board"]

    def size(self, problem: Problem) -> int:
        return _BOARDS[problem.knobs["board"]][0]

    def legal(self, problem: Problem, state: Any) -> list[int]:
        return [i for i, v in enumerate(state[0]) if v == 0]

    def apply(self, problem: Problem, state: Any, move: int) -> Any:
        cells, side = state
        return ((*cells[:move], side, *cells[move + 1 :]), -side)

    def winner(self, problem: Problem, state: Any) -> int | None:
        cells = state[0]
        size = self.size(problem)
        if size == 3:
            for a, b, c in _lines(3):
                total = cells[a] + cells[b] + cells[c]
                if total == 3 or total == -3:
                    return 1 if total > 0 else -1
        else:
            for a, b, c, d in _lines(4):
                total = cells[a] + cells[b] + cells[c] + cells[d]
                if total == 4 or total == -4:
                    return 1 if total > 0 else -1
        return None if 0 in cells else 0

    def min_moves(self, problem: Problem) -> int:
        return 3 if self.size(problem) == 3 else 2

    def move_name(self, problem: Problem, move: int) -> str:
        size = self.size(problem)
        return f"{'abcd'[move % size]}{move // size + 1}"

    def parse(self, problem: Problem, state: Any, text: str) -> int:
        size = self.size(problem)
        text = text.strip().lower()
        if len(text) != 2 or text[0] not in "abcd"[:size] or text[1] not in "1234"[:size]:
            raise IllegalMove(f"write a cell from a1 to {'abcd'[size - 1]}{size}")
        index = (int(text[1]) - 1) * size + "abcd".index(text[0])
        if state[0][index] != 0:
            raise IllegalMove(f"{text} is taken")
        return index

    def initial(self, problem: Problem) -> Any:
        return (tuple(problem.meta["cells"]), 1)

    def show(self, problem: Problem, board: Any) -> str:
        size = self.size(problem)
        cells = board[0]
        rows = ["   " + " ".join("abcd"[:size])]
        for r in range(size):
            row = " ".join(_SYMBOLS[cells[r * size + c]] for c in range(size))
            rows.append(f"{r + 1}  {row}")
        return "\n".join(rows)

    # -- generation ------------------------------------------------------------------------
    def new_game(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        size = _BOARDS[knobs["board"]][0]
        cells_n = size * size
        empty = min(knobs["empty"], cells_n - 2)
        if (cells_n - empty) % 2:  # equal stones, X to move
            empty -= 1
        stand_in = draft_problem(self, knobs, {"opponent_seed": rng.randrange(2**32)})
        while True:
            cells = [0] * cells_n
            order = rng.sample(range(cells_n), cells_n - empty)
            for i, index in enumerate(order):
                cells[index] = 1 if i % 2 == 0 else -1
            state = (tuple(cells), 1)
            if self.winner(stand_in, state) is None and self.value(stand_in, state) > 0:
                stand_in.meta["cells"] = list(cells)
                if not self.trivially_won(stand_in, state):
                    break
        stand_in.meta["cells"] = list(cells)
        stand_in.meta["max_turns"] = empty
        question = (
            f"Play X against a built-in opponent (O) on a {size}x{size} board: the first to get "
            f"{size} of their marks in a row, column or diagonal wins; a full board without one "
            "is a draw. You move now, then the opponent replies after each of your moves. "
            "You can force a win from here. A won game scores 1, a draw 0.5, a loss 0; an "
            "illegal move (a taken cell) ends the game with 0.\n\n"
            f"{self.show(stand_in, state)}\n\nEach turn, write one move."
        )
        return self.finish(stand_in, question, stand_in.meta)

    def complexity(self, problem: Problem) -> float:
        empty = sum(1 for v in problem.meta["cells"] if v == 0)
        return empty + 4 * float(problem.knobs["skill"]) + (3 if self.size(problem) == 4 else 0)


_LINES: dict[int, list[tuple[int, ...]]] = {}


def _lines(size: int) -> list[tuple[int, ...]]:
    if size not in _LINES:
        _LINES[size] = lines(size, 3 if size == 3 else 4)
    return _LINES[size]
