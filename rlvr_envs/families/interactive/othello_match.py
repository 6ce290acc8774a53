"""OthelloMatch: Othello (Reversi) on a small board against a built-in opponent.

A disc is placed on an empty cell so that it brackets, in at least one of the eight
directions, a run of the opponent's discs ending in one of the mover's; every bracketed
disc turns over. A side with no such placement passes (the other side moves again); when
neither side can place, the game ends and the side with more discs wins (equal counts: a
draw). The player (X) moves from a generated mid-game position (a random playout from the
standard four-disc start) that the exact solver (:mod:`.games`) proves won for X; the
opponent (O, the solver with noise: ``skill`` is its chance of a best move) replies after
each move, and passes are played for whichever side has no placement. Reward: won 1, drawn
0.5, lost 0; an illegal move (an occupied cell, a cell that turns nothing over, no such
cell) ends the episode with 0.

Answer syntax per turn: one cell, a column letter and a row number (``c4``; row 1 is the
top row). A whole episode written as one answer is the moves separated by ``;``.

Knobs: ``board`` (``4x4`` -> ``6x6``), ``empty`` (empty cells at the start, 5 -> 8: a
longer game) and ``skill`` (the opponent's chance of a best move, 0 random -> 1 perfect).
"""

from __future__ import annotations

import functools
import random
from typing import Any, ClassVar

from rlvr_envs.core import Draft, IllegalMove, Knob, Problem
from rlvr_envs.families.interactive.games import TwoPlayerGame, draft_problem
from rlvr_envs.families.interactive.secrets import cell_name, read_cell

_SIZES = {"4x4": 4, "6x6": 6}
_SYMBOLS = {0: ".", 1: "X", -1: "O"}
_STEPS = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))


@functools.cache
def rays(size: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Per cell, the runs of cell indices outwards in each of the eight directions."""
    out = []
    for r in range(size):
        for c in range(size):
            runs = []
            for dr, dc in _STEPS:
                run = []
                y, x = r + dr, c + dc
                while 0 <= y < size and 0 <= x < size:
                    run.append(y * size + x)
                    y, x = y + dr, x + dc
                if len(run) >= 2:
                    runs.append(tuple(run))
            out.append(tuple(runs))
    return tuple(out)


def flips(cells: tuple[int, ...], size: int, index: int, side: int) -> list[int]:
    """The discs a placement of ``side`` at ``index`` turns over (empty: not a legal one)."""
    if cells[index]:
        return []
    out: list[int] = []
    for run in rays(size)[index]:
        taken = []
        for j in run:
            if cells[j] == -side:
                taken.append(j)
                continue
            if cells[j] == side and taken:
                out.extend(taken)
            break
    return out


@functools.lru_cache(maxsize=1 << 18)
def placements(cells: tuple[int, ...], size: int, side: int) -> tuple[int, ...]:
    """The cells where ``side`` may place a disc (memoised: the solver asks again and again)."""
    return tuple(i for i in range(size * size) if not cells[i] and flips(cells, size, i, side))


class OthelloMatch(TwoPlayerGame):
    """Othello on 4x4 or 6x6 against a noisy exact solver, from a won mid-game position."""

    answer_syntax = "one move: a cell as a column letter and row number (e.g. c4)"
    answer_form = "a cell such as c4, one per turn"
    knobs: ClassVar[dict[str, Knob]] = {
        "board": Knob("categorical", choices=("4x4", "6x6"), doc="board size"),
        "empty": Knob("int", 5, 8, doc="empty cells at the start"),
        "skill": Knob("float", 0.0, 1.0, doc="the opponent's chance of a best move"),
    }

    def size(self, problem: Problem) -> int:
        return _SIZES[problem.knobs["board"]]

    def rules_key(self, problem: Problem) -> Any:
        return problem.knobs["board"]

    # -- rules -------------------------------------------------------------------------------
    def legal(self, problem: Problem, state: Any) -> list[int]:
        return list(placements(state[0], self.size(problem), state[1]))

    def apply(self, problem: Problem, state: Any, move: int) -> Any:
        cells, side = state
        size = self.size(problem)
        board = list(cells)
        for j in [move, *flips(cells, size, move, side)]:
            board[j] = side
        after = tuple(board)
        if placements(after, size, -side) or not placements(after, size, side):
            return (after, -side)
        return (after, side)  # the other side has no placement and passes

    def winner(self, problem: Problem, state: Any) -> int | None:
        cells, side = state
        size = self.size(problem)
        if placements(cells, size, side):
            return None
        total = sum(cells)
        return (total > 0) - (total < 0)

    def move_name(self, problem: Problem, move: int) -> str:
        size = self.size(problem)
        return cell_name(move // size, move % size)

    def parse(self, problem: Problem, state: Any, text: str) -> int:
        size = self.size(problem)
        row, column = read_cell(text, size, size)
        index = row * size + column
        if state[0][index]:
            raise IllegalMove(f"{text.strip()} is taken")
        if not flips(state[0], size, index, state[1]):
            raise IllegalMove(f"a disc on {text.strip()} turns nothing over")
        return index

    def initial(self, problem: Problem) -> Any:
        return (tuple(problem.meta["cells"]), 1)

    def show(self, problem: Problem, board: Any) -> str:
        size = self.size(problem)
        cells = board[0]
        rows = ["   " + " ".join("abcdef"[:size])]
        for r in range(size):
            rows.append(f"{r + 1}  " + " ".join(_SYMBOLS[cells[r * size + c]] for c in range(size)))
        return "\n".join(rows)

    # -- generation --------------------------------------------------------------------------
    def new_game(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        size = _SIZES[knobs["board"]]
        empty = min(int(knobs["empty"]), size * size - 4)
        stand_in = draft_problem(self, knobs, {"opponent_seed": rng.randrange(2**32)})
        middle = size // 2 - 1
        opening = [0] * (size * size)
        for r, c, v in ((0, 0, -1), (0, 1, 1), (1, 0, 1), (1, 1, -1)):
            opening[(middle + r) * size + middle + c] = v
        while True:
            state: Any = (tuple(opening), 1)
            while state[0].count(0) > empty and self.winner(stand_in, state) is None:
                state = self.apply(stand_in, state, rng.choice(self.legal(stand_in, state)))
            if (
                state[1] == 1
                and state[0].count(0) == empty
                and self.winner(stand_in, state) is None
                and self.value(stand_in, state) > 0
                and not self.trivially_won(stand_in, state)
            ):
                break
        stand_in.meta["cells"] = list(state[0])
        stand_in.meta["max_turns"] = empty
        question = (
            f"Play Othello as X against a built-in opponent (O) on a {size}x{size} board. A "
            "disc goes on an empty cell so that, in at least one of the eight directions, it "
            "brackets a line of the opponent's discs ending in one of yours; every bracketed "
            "disc turns to your colour. A side with no such move passes; when neither side "
            "can move, the side with more discs wins (equal: a draw). You move now; the "
            "opponent replies after each of your moves. You can force a win from here. A won "
            "game scores 1, a draw 0.5, a loss 0; an illegal move (a taken cell, or one that "
            "turns nothing over) ends the game with 0.\n\n"
            f"{self.show(stand_in, state)}\n\nEach turn, write one move."
        )
        return self.finish(stand_in, question, stand_in.meta)

    def complexity(self, problem: Problem) -> float:
        empty = problem.meta["cells"].count(0)
        return empty + 4 * float(problem.knobs["skill"]) + (3 if self.size(problem) == 6 else 0)
