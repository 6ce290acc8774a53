"""SpiralOrder: the entries of a matrix read in a spiral from a stated corner and direction.

A matrix of distinct two-digit numbers is read along its border from a stated corner,
clockwise or counter-clockwise, then along the border of what is left, until every entry is
read (the walk turns whenever the next step would leave the matrix or reach a read entry).

Answer syntax: the entries in reading order, separated by commas (``12, 47, 30``).

Knobs: ``size`` (rows, 3 -> 8; columns differ by up to one) and ``start`` (``top_left``:
top-left corner, clockwise; ``corner``: any corner, clockwise; ``any``: any corner, either
direction; easiest first). Difficulty raises both.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.data.readers import AnswerError, read_int, split_items

STARTS = ("top_left", "corner", "any")
CORNERS = {
    "top-left": (0, 0),
    "top-right": (0, -1),
    "bottom-right": (-1, -1),
    "bottom-left": (-1, 0),
}
# first step from each corner when walking clockwise (counter-clockwise: the other edge)
CLOCKWISE_FIRST = {
    "top-left": (0, 1),
    "top-right": (1, 0),
    "bottom-right": (0, -1),
    "bottom-left": (-1, 0),
}


def spiral(matrix: list[list[int]], corner: str, clockwise: bool) -> list[int]:
    """The entries read in a spiral from ``corner`` in the given direction."""
    rows, cols = len(matrix), len(matrix[0])
    r, c = (x % n for x, n in zip(CORNERS[corner], (rows, cols)))
    dr, dc = CLOCKWISE_FIRST[corner]
    if not clockwise:  # the other edge from the corner: the clockwise step turned back
        dr, dc = -dc, dr
        dr, dc = (dr, dc) if _inside(r + dr, c + dc, rows, cols) else (-dr, -dc)
    seen, out = set(), []
    for _ in range(rows * cols):
        out.append(matrix[r][c])
        seen.add((r, c))
        if not _inside(r + dr, c + dc, rows, cols) or (r + dr, c + dc) in seen:
            dr, dc = (dc, -dr) if clockwise else (-dc, dr)
        r, c = r + dr, c + dc
    return out


def _inside(r: int, c: int, rows: int, cols: int) -> bool:
    return 0 <= r < rows and 0 <= c < cols


class SpiralOrder(Family):
    """A matrix read in a spiral from a stated corner and direction."""

    knobs: ClassVar[dict[str, Knob]] = {
        "size": Knob("int", 2, 9, default=4, easy=3, hard=8, doc="rows of the matrix"),
        "start": Knob("categorical", choices=STARTS, default="top_left", doc="corner, direction"),
    }
    answer_syntax = "the entries in reading order, separated by commas (e.g. 12, 47, 30)"
    answer_form = "integers separated by commas"
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        rows, start = int(knobs["size"]), knobs["start"]
        cols = max(2, rows + rng.choice((-1, 0, 0, 1)))
        values = rng.sample(range(10, 100), rows * cols)
        matrix = [values[i * cols : (i + 1) * cols] for i in range(rows)]
        corner = "top-left" if start == "top_left" else rng.choice(sorted(CORNERS))
        clockwise = start != "any" or rng.random() < 0.5
        order = spiral(matrix, corner, clockwise)
        grid = "\n".join(" ".join(str(v) for v in row) for row in matrix)
        way = "clockwise" if clockwise else "counter-clockwise"
        question = (
            f"Matrix ({rows} rows, {cols} columns):\n{grid}\n\nRead the matrix in a spiral: "
            f"start at the {corner} corner and walk {way} along the border, turning whenever "
            "the next step would leave the matrix or reach an entry already read, until every "
            "entry is read. List the entries in the order read."
        )
        meta = {"matrix": matrix, "corner": corner, "clockwise": clockwise}
        return Draft(question, ", ".join(map(str, order)), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            got = [read_int(v) for v in split_items(answer)]
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        return (
            Judgement.right() if ", ".join(map(str, got)) == problem.answer else Judgement.wrong()
        )

    def complexity(self, problem: Problem) -> float:
        """Entries, times 1 + (not the top-left corner) + (counter-clockwise)."""
        meta = problem.meta
        entries = len(meta["matrix"]) * len(meta["matrix"][0])
        return entries * (1 + (meta["corner"] != "top-left") + (not meta["clockwise"]))
