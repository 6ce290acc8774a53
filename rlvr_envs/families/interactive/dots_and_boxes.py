"""DotsAndBoxes: Dots and Boxes on a small board against a built-in opponent.

Players take turns drawing a line between two neighbouring dots; whoever draws the fourth
side of a box takes it and moves again. When every line is drawn, more boxes wins (equal is
a draw). The player (X) moves from a generated position, part drawn already, that the
solver proves won for X; the opponent (O, noisy minimax, :mod:`.games`) replies, as often as
its completed boxes earn it. Reward: won 1, drawn 0.5, lost 0; an illegal move (a line
already drawn, dots that are not neighbours) ends the episode with 0.

Answer syntax per turn: one line, as its two dots, each a column letter and a row number
(``a1-b1``; row 1 at the top). A whole episode written as one answer is the lines separated
by ``;``.

Knobs: ``boxes`` (``2x2`` or ``2x3`` boxes), ``empty`` (lines not yet drawn at the start,
5 -> 9: a longer game; on 2x2 boxes at most 8, as no 2x2 start with 9 is won) and
``skill`` (the opponent's chance of a best move, 0 random -> 1 perfect).
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any, ClassVar

from rlvr_envs.core import Draft, IllegalMove, Knob, Problem
from rlvr_envs.families.interactive.games import TwoPlayerGame, draft_problem

_SHAPES = {"2x2": (2, 2), "2x3": (2, 3)}
_OWNER = {0: " ", 1: "X", -1: "O"}


@cache
def layout(rows: int, columns: int) -> tuple[tuple[tuple[int, int, int, int], ...], tuple]:
    """The lines (as their two dots, row-major) and, per box, the indices of its 4 lines."""
    lines: list[tuple[int, int, int, int]] = []
    for r in range(rows + 1):
        for c in range(columns):
            lines.append((r, c, r, c + 1))
    for r in range(rows):
        for c in range(columns + 1):
            lines.append((r, c, r + 1, c))
    index = {line: i for i, line in enumerate(lines)}
    boxes = tuple(
        (
            index[(r, c, r, c + 1)],
            index[(r + 1, c, r + 1, c + 1)],
            index[(r, c, r + 1, c)],
            index[(r, c + 1, r + 1, c + 1)],
        )
        for r in range(rows)
        for c in range(columns)
    )
    return tuple(lines), boxes


def dot(row: int, column: int) -> str:
    return f"{'abcd'[column]}{row + 1}"


class DotsAndBoxes(TwoPlayerGame):
    """Dots and Boxes (a completed box earns another move) against a noisy solver."""

    answer_syntax = "one move: a line as its two dots (e.g. a1-b1)"
    answer_form = "a line such as a1-b1, one per turn"
    knobs: ClassVar[dict[str, Knob]] = {
        "boxes": Knob("categorical", choices=("2x2", "2x3"), doc="boxes, rows x columns"),
        "empty": Knob("int", 5, 9, doc="lines not drawn at the start"),
        "skill": Knob("float", 0.0, 1.0, doc="the opponent's chance of a best move"),
    }

    def shape(self, problem: Problem) -> tuple[int, int]:
        return _SHAPES[problem.knobs["boxes"]]

    def rules_key(self, problem: Problem) -> Any:
        return problem.knobs["boxes"]

    def min_moves(self, problem: Problem) -> int:
        return 2

    def legal(self, problem: Problem, state: Any) -> list[int]:
        return [i for i, drawn in enumerate(state[0]) if not drawn]

    def apply(self, problem: Problem, state: Any, move: int) -> Any:
        drawn, owners, side = state
        drawn = (*drawn[:move], 1, *drawn[move + 1 :])
        _, boxes = layout(*self.shape(problem))
        taken = [
            b for b, sides in enumerate(boxes) if move in sides and all(drawn[i] for i in sides)
        ]
        if not taken:
            return (drawn, owners, -side)
        owners = tuple(side if b in taken else o for b, o in enumerate(owners))
        return (drawn, owners, side)

    def winner(self, problem: Problem, state: Any) -> int | None:
        drawn, owners, _ = state
        if not all(drawn):
            return None
        score = sum(owners)
        return 0 if score == 0 else (1 if score > 0 else -1)

    def move_name(self, problem: Problem, move: int) -> str:
        lines, _ = layout(*self.shape(problem))
        r1, c1, r2, c2 = lines[move]
        return f"{dot(r1, c1)}-{dot(r2, c2)}"

    def parse(self, problem: Problem, state: Any, text: str) -> int:
        rows, columns = self.shape(problem)
        lines, _ = layout(rows, columns)
        names = {self.move_name(problem, i): i for i in range(len(lines))}
        parts = [p.strip() for p in text.lower().split("-")]
        if len(parts) != 2:
            raise IllegalMove("write a line as two dots, e.g. a1-b1")
        key = f"{parts[0]}-{parts[1]}"
        index = names.get(key, names.get(f"{parts[1]}-{parts[0]}"))
        if index is None:
            raise IllegalMove(f"{text.strip()} does not join two neighbouring dots")
        if state[0][index]:
            raise IllegalMove(f"{text.strip()} is drawn already")
        return index

    def initial(self, problem: Problem) -> Any:
        return (tuple(problem.meta["drawn"]), tuple(problem.meta["owners"]), 1)

    def show(self, problem: Problem, board: Any) -> str:
        drawn, owners, _ = board
        rows, columns = self.shape(problem)
        lines, _ = layout(rows, columns)
        on = {lines[i] for i, d in enumerate(drawn) if d}
        out = ["   " + "   ".join("abcd"[: columns + 1])]
        for r in range(rows + 1):
            row = f"{r + 1}  +"
            for c in range(columns):
                row += ("---" if (r, c, r, c + 1) in on else "   ") + "+"
            out.append(row)
            if r == rows:
                break
            row = "   "
            for c in range(columns + 1):
                row += "|" if (r, c, r + 1, c) in on else " "
                if c < columns:
                    row += f" {_OWNER[owners[r * columns + c]]} "
            out.append(row.rstrip())
        mine, theirs = owners.count(1), owners.count(-1)
        return "\n".join(out) + f"\n\nBoxes: you (X) {mine}, the opponent (O) {theirs}."

    def new_game(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        rows, columns = _SHAPES[knobs["boxes"]]
        lines, _ = layout(rows, columns)
        empty = knobs["empty"]
        if rows * columns == 4:  # no 2x2 start with 9 empty lines is won: the search never ended
            empty = min(empty, 8)
        stand_in = draft_problem(self, knobs, {"opponent_seed": rng.randrange(2**32)})
        while True:
            state: Any = (tuple([0] * len(lines)), tuple([0] * (rows * columns)), 1)
            for _ in range(len(lines) - empty):
                state = self.apply(stand_in, state, rng.choice(self.legal(stand_in, state)))
            if state[2] != 1 or self.value(stand_in, state) <= 0:
                continue
            stand_in.meta["drawn"], stand_in.meta["owners"] = list(state[0]), list(state[1])
            if not self.trivially_won(stand_in, state):
                break
        stand_in.meta["max_turns"] = empty
        question = (
            f"Play Dots and Boxes as X against a built-in opponent (O) on a grid of "
            f"{rows} x {columns} boxes. A move draws one line between two neighbouring dots; "
            "whoever draws the fourth side of a box takes it and moves again. When every line "
            "is drawn, whoever has more boxes wins (equal is a draw). You move now; the "
            "opponent replies after your turn. You can force a win from here. A won game "
            "scores 1, a draw 0.5, a loss 0; an illegal move (a line drawn already) ends the "
            f"game with 0.\n\n{self.show(stand_in, state)}\n\nEach turn, write one move."
        )
        return self.finish(stand_in, question, stand_in.meta)

    def complexity(self, problem: Problem) -> float:
        empty = sum(1 for d in problem.meta["drawn"] if not d)
        return (
            empty
            + 4 * float(problem.knobs["skill"])
            + (2 if problem.knobs["boxes"] == "2x3" else 0)
        )
