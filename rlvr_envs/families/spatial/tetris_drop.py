"""TetrisDrop: drop tetrominoes into a well and give the height of every column.

Pieces of four cells (the seven tetrominoes, each drawn as it falls, already turned) are
dropped one by one into an empty well ``width`` columns wide, each with its leftmost cell in
a stated column; a piece falls straight down until one of its cells would enter a filled
cell or pass the floor. With ``clear``, every row that becomes full disappears and the rows
above it move down by one. The answer is the height of each column at the end (the row of
its highest filled cell, counted from the floor; 0 for an empty column).

Answer syntax: the column heights from left to right, separated by spaces or commas
(``2 3 3 1 0 0``).

Knobs: ``pieces`` (2 -> 10), ``width`` (4 -> 10) and ``clear`` (full rows are cleared).
Difficulty raises all three.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.spatial.reading import AnswerError, read_integers
from rlvr_envs.families.spatial.shapes import Cells, normal, render, rotations

# The seven tetrominoes as (row, column) cells, row 0 on top.
TETROMINOES: dict[str, Cells] = {
    "I": normal([(0, 0), (0, 1), (0, 2), (0, 3)]),
    "O": normal([(0, 0), (0, 1), (1, 0), (1, 1)]),
    "T": normal([(0, 0), (0, 1), (0, 2), (1, 1)]),
    "S": normal([(0, 1), (0, 2), (1, 0), (1, 1)]),
    "Z": normal([(0, 0), (0, 1), (1, 1), (1, 2)]),
    "J": normal([(0, 0), (1, 0), (1, 1), (1, 2)]),
    "L": normal([(0, 2), (1, 0), (1, 1), (1, 2)]),
}


def drop(filled: set[tuple[int, int]], piece: Cells, column: int) -> set[tuple[int, int]]:
    """The filled (height, column) cells after dropping ``piece`` with its leftmost cell in
    ``column`` (heights count from 0 at the floor). Falling from above, the piece stops where
    its lowest cell in some column rests on that column's highest filled cell."""
    rows = 1 + max(r for r, _ in piece)
    # piece cell (r, c) sits at height base + rows - 1 - r
    lowest: dict[int, int] = {}
    for r, c in piece:
        lowest[c] = min(lowest.get(c, rows), rows - 1 - r)
    base = 0
    for c, offset in lowest.items():
        top = max((h for h, col in filled if col == column + c), default=-1)
        base = max(base, top + 1 - offset)
    return filled | {(base + rows - 1 - r, column + c) for r, c in piece}


def settle(width: int, drops: list[tuple[Cells, int]], clear: bool) -> list[int]:
    """The column heights after all ``drops``."""
    filled: set[tuple[int, int]] = set()
    for piece, column in drops:
        filled = drop(filled, piece, column)
        if clear:
            counts: dict[int, int] = {}
            for h, _ in filled:
                counts[h] = counts.get(h, 0) + 1
            for h in sorted((h for h, n in counts.items() if n == width), reverse=True):
                filled = {(g - (g > h), c) for g, c in filled if g != h}
    return [1 + max((h for h, c in filled if c == col), default=-1) for col in range(width)]


class TetrisDrop(Family):
    """The column heights of a well after tetrominoes are dropped into it."""

    knobs: ClassVar[dict[str, Knob]] = {
        "pieces": Knob("int", 1, 16, default=4, easy=2, hard=10, doc="pieces dropped"),
        "width": Knob("int", 4, 12, default=6, easy=4, hard=10, doc="columns of the well"),
        "clear": Knob("bool", default=False, doc="full rows are cleared"),
    }
    answer_syntax = "the column heights from left to right, separated by spaces (e.g. 2 3 3 1 0 0)"
    answer_form = "integers separated by spaces"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, width, clear = int(knobs["pieces"]), int(knobs["width"]), bool(knobs["clear"])
        drops: list[tuple[Cells, int]] = []
        for _ in range(n):
            name = rng.choice(sorted(TETROMINOES))
            piece = rng.choice(sorted(set(rotations(TETROMINOES[name]))))
            span = 1 + max(c for _, c in piece)
            drops.append((piece, rng.randint(0, width - span)))
        heights = settle(width, drops, clear)
        blocks = "\n\n".join(
            f"Piece {i} (leftmost cell in column {col + 1}):\n{render(piece)}"
            for i, (piece, col) in enumerate(drops, 1)
        )
        rule = (
            " Whenever a row becomes completely full, it disappears and everything above it "
            "moves down one row."
            if clear
            else " Full rows stay where they are."
        )
        question = (
            f"A well is {width} columns wide (numbered 1 to {width} from the left), empty and "
            "tall enough for everything. Pieces are dropped in one at a time, exactly as drawn "
            "(# is a cell of the piece), each falling straight down until it lands on the "
            f"floor or on a cell already filled.{rule}\n\n{blocks}\n\n"
            "After the last piece lands, how high is each column (the height of its highest "
            "filled cell above the floor, 0 for an empty column)? Give the heights of columns "
            f"1 to {width} in order."
        )
        meta = {
            "width": width,
            "clear": clear,
            "drops": [[[list(c) for c in piece], col] for piece, col in drops],
            "heights": heights,
        }
        return Draft(question, " ".join(map(str, heights)), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            values = read_integers(answer, problem.meta["width"])
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        return Judgement.right() if values == problem.meta["heights"] else Judgement.wrong()

    def complexity(self, problem: Problem) -> float:
        """Pieces dropped times the width of the well, plus the height of the stack."""
        meta = problem.meta
        return len(meta["drops"]) * meta["width"] / 4 + max(meta["heights"]) + 2 * meta["clear"]
