"""GridVisibility: how many open squares of a walled grid at least one guard can see.

A grid of open squares (``.``) and walls (``#``, a tenth to two fifths of the squares, drawn
per problem) holds a few guards (``G``). A guard sees along its row and column (with
``diagonals`` also along the four diagonals) up to the first wall or the grid's edge; guards
do not block each other's view. The answer is the number of open squares (guards' own
squares not counted) that some guard sees. The prompt states no number.

Answer syntax: one integer.

Knobs: ``size`` (squares per side, 5 -> 12), ``guards`` (1 -> 4) and ``diagonals`` (guards
also see diagonally). Difficulty raises all three.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.shared.answer_parsing import judge_integer

_STRAIGHT = ((0, 1), (1, 0), (0, -1), (-1, 0))
_DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))


def seen(grid: list[str], diagonals: bool) -> set[tuple[int, int]]:
    """The open squares some guard sees."""
    rows, cols = len(grid), len(grid[0])
    out: set[tuple[int, int]] = set()
    directions = _STRAIGHT + (_DIAGONAL if diagonals else ())
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            if ch != "G":
                continue
            for dr, dc in directions:
                i, j = r + dr, c + dc
                while 0 <= i < rows and 0 <= j < cols and grid[i][j] != "#":
                    if grid[i][j] == ".":
                        out.add((i, j))
                    i, j = i + dr, j + dc
    return out


class GridVisibility(Family):
    """The number of open squares seen by guards on a grid with walls."""

    knobs: ClassVar[dict[str, Knob]] = {
        "size": Knob("int", 4, 16, default=7, easy=5, hard=12, doc="squares per side"),
        "guards": Knob("int", 1, 6, default=2, easy=1, hard=4, doc="guards"),
        "diagonals": Knob("bool", default=False, doc="guards also see diagonally"),
    }
    answer_syntax = "a single integer"
    answer_form = "integer"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, k, diagonals = int(knobs["size"]), int(knobs["guards"]), bool(knobs["diagonals"])
        walls = rng.uniform(0.1, 0.4)
        cells = [[("#" if rng.random() < walls else ".") for _ in range(n)] for _ in range(n)]
        opens = [(r, c) for r in range(n) for c in range(n) if cells[r][c] == "."]
        if len(opens) < k + 1:
            cells[0] = ["."] * n
            opens = [(r, c) for r in range(n) for c in range(n) if cells[r][c] == "."]
        for r, c in rng.sample(opens, k):
            cells[r][c] = "G"
        grid = ["".join(row) for row in cells]
        count = len(seen(grid, diagonals))
        view = (
            "along its row, its column and both diagonals (eight directions)"
            if diagonals
            else "along its row and its column (four directions)"
        )
        question = (
            "A grid of open squares (.) and walls (#) holds guards (G):\n\n"
            + "\n".join(grid)
            + f"\n\nEach guard sees {view}, square by square, until a wall or the edge of the "
            "grid; guards do not block each other's view. How many open squares (.) can at "
            "least one guard see?"
        )
        meta = {"grid": grid, "diagonals": diagonals, "count": count}
        return Draft(question, str(count), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        return judge_integer(answer, problem.meta["count"])

    def complexity(self, problem: Problem) -> float:
        """Squares of the grid times the guards, doubled with diagonals."""
        meta = problem.meta
        guards = sum(row.count("G") for row in meta["grid"])
        return len(meta["grid"]) ** 2 * guards * (1 + meta["diagonals"]) / 10
