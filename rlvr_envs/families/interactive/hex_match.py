"""HexMatch: Hex on a small rhombus board against a built-in opponent.

The board is a rhombus of hexagonal cells, ``n`` rows of ``n``; cell (row r, column c)
touches (r-1, c), (r-1, c+1), (r, c-1), (r, c+1), (r+1, c-1) and (r+1, c) (each row is
drawn shifted half a cell right of the one above). The player (X) wins by a chain of X
stones joining the top row to the bottom row; the opponent (O) by a chain joining the left
column to the right column. A full board always has exactly one winner, so no game is
drawn. The player moves from a generated position (random stones, as many X as O) that
the exact solver (:mod:`.games`) proves won for X; the opponent (the solver with noise:
``skill`` is its chance of a best move) replies after each move. Reward: won 1, lost 0; an
illegal move (a taken cell, no such cell) ends the episode with 0.

Answer syntax per turn: one cell, a column letter and a row number (``b3``; row 1 is the
top row). A whole episode written as one answer is the moves separated by ``;``.

Knobs: ``board`` (``4x4`` -> ``5x5``), ``empty`` (empty cells at the start, 6 -> 8: a
longer game) and ``skill`` (the opponent's chance of a best move, 0 random -> 1 perfect).
"""

from __future__ import annotations

import functools
import random
from typing import Any, ClassVar

from rlvr_envs.core import Draft, IllegalMove, Knob, Problem
from rlvr_envs.families.interactive.games import TwoPlayerGame, draft_problem
from rlvr_envs.families.interactive.secrets import cell_name, read_cell

_SIZES = {"4x4": 4, "5x5": 5}
_SYMBOLS = {0: ".", 1: "X", -1: "O"}


@functools.cache
def neighbours(size: int) -> tuple[tuple[int, ...], ...]:
    """Per cell index (row * size + column), the indices of the cells it touches."""
    out = []
    for r in range(size):
        for c in range(size):
            near = [(r - 1, c), (r - 1, c + 1), (r, c - 1), (r, c + 1), (r + 1, c - 1), (r + 1, c)]
            out.append(tuple(y * size + x for y, x in near if 0 <= y < size and 0 <= x < size))
    return tuple(out)


def joins(cells: tuple[int, ...], size: int, side: int) -> bool:
    """Whether ``side``'s stones join its two edges (X: top to bottom, O: left to right)."""
    if side == 1:
        frontier = [c for c in range(size) if cells[c] == 1]
        done = lambda i: i >= size * (size - 1)  # noqa: E731
    else:
        frontier = [r * size for r in range(size) if cells[r * size] == -1]
        done = lambda i: i % size == size - 1  # noqa: E731
    seen = set(frontier)
    near = neighbours(size)
    while frontier:
        i = frontier.pop()
        if done(i):
            return True
        for j in near[i]:
            if j not in seen and cells[j] == side:
                seen.add(j)
                frontier.append(j)
    return False


class HexMatch(TwoPlayerGame):
    """Hex on a 4x4 or 5x5 rhombus against a noisy exact solver, from a won position."""

    answer_syntax = "one move: a cell as a column letter and row number (e.g. b3)"
    answer_form = "a cell such as b3, one per turn"
    knobs: ClassVar[dict[str, Knob]] = {
        "board": Knob("categorical", choices=("4x4", "5x5"), doc="board size"),
        "empty": Knob("int", 6, 8, doc="empty cells at the start"),
        "skill": Knob("float", 0.0, 1.0, doc="the opponent's chance of a best move"),
    }

    def size(self, problem: Problem) -> int:
        return _SIZES[problem.knobs["board"]]

    def rules_key(self, problem: Problem) -> Any:
        return problem.knobs["board"]

    # -- rules -------------------------------------------------------------------------------
    def legal(self, problem: Problem, state: Any) -> list[int]:
        return [i for i, v in enumerate(state[0]) if v == 0]

    def apply(self, problem: Problem, state: Any, move: int) -> Any:
        cells, side = state
        return ((*cells[:move], side, *cells[move + 1 :]), -side)

    def winner(self, problem: Problem, state: Any) -> int | None:
        cells, side = state
        size = self.size(problem)
        mover = -side  # only the side that just moved can have joined its edges
        if joins(cells, size, mover):
            return mover
        return None

    def min_moves(self, problem: Problem) -> int:
        return 2  # a small board: a win in two moves against the best defence is a start

    def move_name(self, problem: Problem, move: int) -> str:
        size = self.size(problem)
        return cell_name(move // size, move % size)

    def parse(self, problem: Problem, state: Any, text: str) -> int:
        size = self.size(problem)
        row, column = read_cell(text, size, size)
        index = row * size + column
        if state[0][index]:
            raise IllegalMove(f"{text.strip()} is taken")
        return index

    def initial(self, problem: Problem) -> Any:
        return (tuple(problem.meta["cells"]), 1)

    def show(self, problem: Problem, board: Any) -> str:
        size = self.size(problem)
        cells = board[0]
        rows = ["   " + " ".join("abcde"[:size])]
        for r in range(size):
            line = " ".join(_SYMBOLS[cells[r * size + c]] for c in range(size))
            rows.append(f"{r + 1}  " + " " * r + line)
        return "\n".join(rows)

    # -- generation --------------------------------------------------------------------------
    def new_game(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        size = _SIZES[knobs["board"]]
        total = size * size
        empty = int(knobs["empty"])
        empty -= (total - empty) % 2  # as many X as O, X to move
        stand_in = draft_problem(self, knobs, {"opponent_seed": rng.randrange(2**32)})
        while True:
            cells = [0] * total
            for i, index in enumerate(rng.sample(range(total), total - empty)):
                cells[index] = 1 if i % 2 == 0 else -1
            state = (tuple(cells), 1)
            if joins(state[0], size, 1) or joins(state[0], size, -1):
                continue
            if self.value(stand_in, state) > 0 and not self.trivially_won(stand_in, state):
                break
        stand_in.meta["cells"] = list(state[0])
        stand_in.meta["max_turns"] = empty
        question = (
            f"Play Hex as X against a built-in opponent (O) on a {size}x{size} rhombus of "
            "hexagonal cells. Each row is drawn shifted half a cell to the right of the row "
            "above, so cell (row r, column c) touches (r-1, c), (r-1, c+1), (r, c-1), "
            "(r, c+1), (r+1, c-1) and (r+1, c). You win by a chain of touching X stones from "
            f"row 1 to row {size}; the opponent wins by a chain of O stones from column a to "
            f"column {'abcde'[size - 1]}. You move now; the opponent replies after each of "
            "your moves. You can force a win from here. A won game scores 1, a loss 0; an "
            "illegal move (a taken cell) ends the game with 0.\n\n"
            f"{self.show(stand_in, state)}\n\nEach turn, write one move."
        )
        return self.finish(stand_in, question, stand_in.meta)

    def complexity(self, problem: Problem) -> float:
        empty = problem.meta["cells"].count(0)
        return empty + 4 * float(problem.knobs["skill"]) + (3 if self.size(problem) == 5 else 0)
