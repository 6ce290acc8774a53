"""FourInARowMatch: the m,n,4 game (four in a row, placed anywhere) against a built-in opponent.

Stones go on any empty cell of a 5x5 or 6x6 board (no gravity, unlike Connect Four); the
first to get four in a row, column or diagonal wins, and a full board without one is a
draw. The player (X) moves from a generated late position (random stones, as many X as O,
no four yet, and a cell that would give X two threats at once) that the exact solver
(:mod:`.games`) proves won for X; the opponent (O, the solver with noise: ``skill`` is its
chance of a best move) replies after each move. Reward: won 1, drawn 0.5, lost 0; an
illegal move (a taken cell, no such cell) ends the episode with 0.

Answer syntax per turn: one cell, a column letter and a row number (``c4``; row 1 is the
top row). A whole episode written as one answer is the moves separated by ``;``.

Knobs: ``board`` (``5x5`` -> ``6x6``), ``empty`` (empty cells at the start, 6 -> 8: a
longer game) and ``skill`` (the opponent's chance of a best move, 0 random -> 1 perfect).
"""

from __future__ import annotations

import functools
import random
from typing import Any, ClassVar

from rlvr_envs.core import Draft, IllegalMove, Knob, Problem
from rlvr_envs.families.interactive.games import TwoPlayerGame, draft_problem
from rlvr_envs.families.interactive.secrets import cell_name, read_cell

_SIZES = {"5x5": 5, "6x6": 6}
_SYMBOLS = {0: ".", 1: "X", -1: "O"}
RUN = 4


@functools.cache
def runs(size: int) -> tuple[int, ...]:
    """Every run of four cells in a row, column or diagonal, as a bit mask (bit
    ``row * size + column``)."""
    out = []
    for r in range(size):
        for c in range(size):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + i * dr, c + i * dc) for i in range(RUN)]
                if all(0 <= y < size and 0 <= x < size for y, x in cells):
                    out.append(sum(1 << (y * size + x) for y, x in cells))
    return tuple(out)


def has_four(stones: int, size: int) -> bool:
    return any(stones & run == run for run in runs(size))


def threats(mine: int, theirs: int, size: int) -> int:
    """How many runs hold three of ``mine`` and none of ``theirs`` (one move from four)."""
    return sum(1 for run in runs(size) if not run & theirs and (run & mine).bit_count() == 3)


def promising(x: int, o: int, size: int) -> bool:
    """A quick filter before the exact solver: X has no four in one move (a start that short
    is not generated) but some cell gives X two threats at once (a fork)."""
    if threats(x, o, size):
        return False
    free = [i for i in range(size * size) if not (x | o) >> i & 1]
    return any(threats(x | 1 << i, o, size) >= 2 for i in free)


# A state is (X's stones, O's stones, side to move), the stones as bit masks.


class FourInARowMatch(TwoPlayerGame):
    """Four in a row on 5x5 or 6x6 against a noisy exact solver, from a won late position."""

    answer_syntax = "one move: a cell as a column letter and row number (e.g. c4)"
    answer_form = "a cell such as c4, one per turn"
    knobs: ClassVar[dict[str, Knob]] = {
        "board": Knob("categorical", choices=("5x5", "6x6"), doc="board size"),
        "empty": Knob("int", 6, 8, doc="empty cells at the start"),
        "skill": Knob("float", 0.0, 1.0, doc="the opponent's chance of a best move"),
    }

    def size(self, problem: Problem) -> int:
        return _SIZES[problem.knobs["board"]]

    def rules_key(self, problem: Problem) -> Any:
        return problem.knobs["board"]

    # -- rules -------------------------------------------------------------------------------
    def legal(self, problem: Problem, state: Any) -> list[int]:
        taken = state[0] | state[1]
        return [i for i in range(self.size(problem) ** 2) if not taken >> i & 1]

    def apply(self, problem: Problem, state: Any, move: int) -> Any:
        x, o, side = state
        if side == 1:
            return (x | 1 << move, o, -1)
        return (x, o | 1 << move, 1)

    def winner(self, problem: Problem, state: Any) -> int | None:
        x, o, side = state
        size = self.size(problem)
        mover = o if side == 1 else x  # only the side that just moved can have made four
        if has_four(mover, size):
            return -side
        return 0 if (x | o) == (1 << size * size) - 1 else None

    def min_moves(self, problem: Problem) -> int:
        return 2  # late positions on a small board: two moves against the best defence

    def move_name(self, problem: Problem, move: int) -> str:
        size = self.size(problem)
        return cell_name(move // size, move % size)

    def parse(self, problem: Problem, state: Any, text: str) -> int:
        size = self.size(problem)
        row, column = read_cell(text, size, size)
        index = row * size + column
        if (state[0] | state[1]) >> index & 1:
            raise IllegalMove(f"{text.strip()} is taken")
        return index

    def initial(self, problem: Problem) -> Any:
        cells = problem.meta["cells"]
        x = sum(1 << i for i, v in enumerate(cells) if v == 1)
        o = sum(1 << i for i, v in enumerate(cells) if v == -1)
        return (x, o, 1)

    def show(self, problem: Problem, board: Any) -> str:
        size = self.size(problem)
        x, o, _ = board
        cells = [(x >> i & 1) - (o >> i & 1) for i in range(size * size)]
        rows = ["   " + " ".join("abcdef"[:size])]
        for r in range(size):
            rows.append(f"{r + 1}  " + " ".join(_SYMBOLS[cells[r * size + c]] for c in range(size)))
        return "\n".join(rows)

    # -- generation --------------------------------------------------------------------------
    def new_game(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        size = _SIZES[knobs["board"]]
        total = size * size
        empty = int(knobs["empty"])
        empty -= (total - empty) % 2  # as many X as O, X to move
        stand_in = draft_problem(self, knobs, {"opponent_seed": rng.randrange(2**32)})
        while True:  # stones placed at random where they make no four, X and O in turn
            stones, free = [0, 0], list(range(total))
            rng.shuffle(free)
            for i in range(total - empty):
                spot = next((j for j in free if not has_four(stones[i % 2] | 1 << j, size)), None)
                if spot is None:
                    break
                free.remove(spot)
                stones[i % 2] |= 1 << spot
            else:
                state = (stones[0], stones[1], 1)
                if not promising(stones[0], stones[1], size):
                    continue
                if self.value(stand_in, state) > 0 and not self.trivially_won(stand_in, state):
                    break
        cells = [(state[0] >> i & 1) - (state[1] >> i & 1) for i in range(total)]
        stand_in.meta["cells"] = cells
        stand_in.meta["max_turns"] = empty
        question = (
            f"Play X against a built-in opponent (O) on a {size}x{size} board: a move puts a "
            "stone on any empty cell, and the first to get four stones in a row, column or "
            "diagonal wins; a full board without one is a draw. You move now; the opponent "
            "replies after each of your moves. You can force a win from here. A won game "
            "scores 1, a draw 0.5, a loss 0; an illegal move (a taken cell) ends the game "
            "with 0.\n\n"
            f"{self.show(stand_in, state)}\n\nEach turn, write one move."
        )
        return self.finish(stand_in, question, stand_in.meta)

    def complexity(self, problem: Problem) -> float:
        empty = problem.meta["cells"].count(0)
        return empty + 4 * float(problem.knobs["skill"]) + (3 if self.size(problem) == 6 else 0)
