"""Shape transform: a shape drawn with ``#`` and ``.`` after a stated sequence of rotations
and reflections.

The shape fills a rows x cols box (every row and every column holds a ``#``); the prompt names
a sequence of operations, each one of: rotate 90 degrees clockwise, rotate 90 degrees
counterclockwise, rotate 180 degrees, mirror left-right, mirror top-bottom, and transpose
(reflect across the main diagonal). The answer is the grid after all of them, in order; it is
unique by definition, and the verifier compares it cell by cell. A sequence whose result
equals the starting grid (operations that cancel, or a symmetric shape) is drawn again, so a
copy of the prompt's grid is never right; the shape is at least 2 x 2, so no single line of
the prompt is a grid of the answer's shape.

Answer syntax: the resulting grid as rows of ``#`` and ``.``, one row per line, top row first
(``1``/``0`` are read as ``#``/``.``; spaces inside a row are ignored; rows may be separated by
``/``). A grid of the wrong size is wrong.

Knobs: ``size`` (the longer side of the shape's box; the other side is drawn between half of
it and all of it) and ``operations`` (how many operations are applied). Difficulty raises both.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.puzzles.shapes import DIHEDRAL, AnswerError, grid_lines, parse_rows

OPERATIONS = {
    "rot90": "rotate 90 degrees clockwise",
    "rot270": "rotate 90 degrees counterclockwise",
    "rot180": "rotate 180 degrees",
    "flip_lr": "mirror left-right (reflect across the vertical axis)",
    "flip_ud": "mirror top-bottom (reflect across the horizontal axis)",
    "transpose": "transpose (reflect across the main diagonal, top-left to bottom-right)",
}
NAMES = tuple(OPERATIONS)
SYMBOLS = {"#": 1, ".": 0, "1": 1, "0": 0}


def random_shape(rng: random.Random, rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """Cells filled with probability 1/2, redrawn until every row and column has one."""
    while True:
        grid = tuple(tuple(int(rng.random() < 0.5) for _ in range(cols)) for _ in range(rows))
        if all(any(row) for row in grid) and all(any(col) for col in zip(*grid, strict=True)):
            return grid


class ShapeTransform(Family):
    """Apply rotations and reflections to a shape of # and . cells."""

    knobs: ClassVar[dict[str, Knob]] = {
        "size": Knob("int", 2, 14, default=5, easy=3, hard=10, doc="longer side of the shape"),
        "operations": Knob(
            "int", 1, 10, default=2, easy=1, hard=6, doc="rotations/reflections applied in turn"
        ),
    }
    answer_syntax = "the grid as rows of # and . , one row per line (e.g. #.# / ##.)"
    answer_form = "grid of # and ."

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        size, count = int(knobs["size"]), int(knobs["operations"])
        while True:
            other = rng.randint(max(2, (size + 1) // 2), size)
            rows, cols = (size, other) if rng.random() < 0.5 else (other, size)
            start = random_shape(rng, rows, cols)
            ops = [rng.choice(NAMES) for _ in range(count)]
            grid = start
            for op in ops:
                grid = DIHEDRAL[op](grid)
            if grid != start:
                break
        steps = "\n".join(f"{i}. {OPERATIONS[op]}" for i, op in enumerate(ops, 1))
        plural = "operation" if count == 1 else f"{count} operations, in this order"
        question = (
            f"Here is a shape on a {rows}x{cols} grid (# is filled, . is empty):\n\n"
            + "\n".join(grid_lines(start, ".#"))
            + f"\n\nApply the following {plural} to the whole grid:\n{steps}\n\n"
            "What is the resulting grid?"
        )
        final = grid_lines(grid, ".#")
        meta = {"start": grid_lines(start, ".#"), "operations": ops, "final": final}
        return Draft(question, "\n".join(final), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        final = problem.meta["final"]
        rows, cols = len(final), len(final[0])
        try:
            grid = parse_rows(answer, SYMBOLS, rows * cols)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if len(grid) != rows or len(grid[0]) != cols:
            return Judgement.wrong(size=f"{len(grid)}x{len(grid[0])}", expected=f"{rows}x{cols}")
        wrong = sum(grid[r][c] != (final[r][c] == "#") for r in range(rows) for c in range(cols))
        if wrong == 0:
            return Judgement.right()
        return Judgement.wrong(score=1 - wrong / (rows * cols), wrong_cells=wrong)

    def complexity(self, problem: Problem) -> float:
        """Cells to move times operations to apply."""
        start = problem.meta["start"]
        return len(start) * len(start[0]) * len(problem.meta["operations"])
