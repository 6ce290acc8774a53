"""ConnectFourMatch: Connect Four on a small board against a built-in opponent.

Discs drop to the lowest free cell of a column; four in a row, column or diagonal wins; a
full board is a draw. The board has 4 rows; the player (X) moves first from a generated
position that the solver proves won for X, and the opponent (O, noisy minimax, :mod:`.games`)
replies after each move. Reward: won 1, drawn 0.5, lost 0; an illegal move (a full column,
no such column) ends the episode with 0.

Answer syntax per turn: a column number, 1 at the left (``3``). A whole episode written as
one answer is the moves separated by ``;``.

Knobs: ``columns`` (4 -> 5), ``empty`` (empty cells at the start, 6 -> 8: a longer game) and
``skill`` (the opponent's chance of a best move, 0 random -> 1 perfect).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from rlvr_envs.core import Draft, IllegalMove, Knob, Problem
from rlvr_envs.families.interactive.games import TwoPlayerGame, draft_problem
from rlvr_envs.families.interactive.tic_tac_toe_match import _SYMBOLS

ROWS = 4
_LINES: dict[int, list[tuple[int, ...]]] = {}


def _lines(columns: int) -> list[tuple[int, ...]]:
    """Runs of four cells (index = row * columns + column, row 0 at the bottom)."""
    if columns not in _LINES:
        out = []
        for r in range(ROWS):
            for c in range(columns):
                for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                    cells = [(r + i * dr, c + i * dc) for i in range(4)]
                    if all(0 <= y < ROWS and 0 <= x < columns for y, x in cells):
                        out.append(tuple(y * columns + x for y, x in cells))
        _LINES[columns] = out
    return _LINES[columns]


class ConnectFourMatch(TwoPlayerGame):
    """Connect Four on a 4-row board against a noisy solver, from a won position."""

    answer_syntax = "one move: a column number, 1 at the left (e.g. 3)"
    answer_form = "a column number, one per turn"
    knobs: ClassVar[dict[str, Knob]] = {
        "columns": Knob("int", 4, 5, doc="board width"),
        "empty": Knob("int", 6, 8, doc="empty cells at the start"),
        "skill": Knob("float", 0.0, 1.0, doc="the opponent's chance of a best move"),
    }

    def rules_key(self, problem: Problem) -> Any:
        return int(problem.knobs["columns"])

    def legal(self, problem: Problem, state: Any) -> list[int]:
        columns = int(problem.knobs["columns"])
        top = (ROWS - 1) * columns
        return [c for c in range(columns) if state[0][top + c] == 0]

    def apply(self, problem: Problem, state: Any, move: int) -> Any:
        cells, side = state
        columns = int(problem.knobs["columns"])
        index = next(r * columns + move for r in range(ROWS) if cells[r * columns + move] == 0)
        return ((*cells[:index], side, *cells[index + 1 :]), -side)

    def winner(self, problem: Problem, state: Any) -> int | None:
        cells = state[0]
        for a, b, c, d in _lines(int(problem.knobs["columns"])):
            total = cells[a] + cells[b] + cells[c] + cells[d]
            if total == 4 or total == -4:
                return 1 if total > 0 else -1
        return None if 0 in cells else 0

    def move_name(self, problem: Problem, move: int) -> str:
        return str(move + 1)

    def parse(self, problem: Problem, state: Any, text: str) -> int:
        columns = int(problem.knobs["columns"])
        text = text.strip()
        if not text.isdigit() or not 1 <= int(text) <= columns:
            raise IllegalMove(f"write a column from 1 to {columns}")
        if int(text) - 1 not in self.legal(problem, state):
            raise IllegalMove(f"column {text} is full")
        return int(text) - 1

    def initial(self, problem: Problem) -> Any:
        return (tuple(problem.meta["cells"]), 1)

    def show(self, problem: Problem, board: Any) -> str:
        columns = int(problem.knobs["columns"])
        cells = board[0]
        rows = [
            " ".join(_SYMBOLS[cells[r * columns + c]] for c in range(columns))
            for r in reversed(range(ROWS))
        ]
        return "\n".join([*rows, " ".join(str(c + 1) for c in range(columns))])

    def new_game(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        columns = knobs["columns"]
        total = ROWS * columns
        empty = knobs["empty"] - (total - knobs["empty"]) % 2  # equal discs, X to move
        stand_in = draft_problem(self, knobs, {"opponent_seed": rng.randrange(2**32)})
        while True:
            state: Any = (tuple([0] * total), 1)
            for _ in range(total - empty):
                if self.winner(stand_in, state) is not None:
                    break
                state = self.apply(stand_in, state, rng.choice(self.legal(stand_in, state)))
            won = self.winner(stand_in, state) is None and self.value(stand_in, state) > 0
            if won and not self.trivially_won(stand_in, state):
                break
        stand_in.meta["cells"] = list(state[0])
        stand_in.meta["max_turns"] = empty
        question = (
            f"Play Connect Four (X) against a built-in opponent (O) on a board of {ROWS} rows "
            f"and {columns} columns: a disc drops to the lowest free cell of its column, and "
            "the first to get four in a row, column or diagonal wins; a full board is a draw. "
            "You move now, then the opponent replies after each of your moves. You can force "
            "a win from here. A won game scores 1, a draw 0.5, a loss 0; an illegal move (a "
            "full column) ends the game with 0.\n\n"
            f"{self.show(stand_in, state)}\n\nEach turn, write one move."
        )
        return self.finish(stand_in, question, stand_in.meta)

    def complexity(self, problem: Problem) -> float:
        empty = sum(1 for v in problem.meta["cells"] if v == 0)
        return empty + 4 * float(problem.knobs["skill"]) + problem.knobs["columns"] - 4
