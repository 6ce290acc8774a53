"""RectangleCount: how many rectangles an ASCII figure of overlapping rectangles contains.

A few axis-parallel rectangles with corners on a lattice are drawn over each other with
``-``, ``|`` and ``+`` (a ``+`` wherever lines meet or turn). The question asks for every
rectangle whose four sides lie on the drawn lines, the ones the overlaps make included. The
count is made on the lattice: for each pair of columns and pair of rows, the four sides must
be drawn along their whole length (prefix sums of the drawn unit edges). The drawing places
lattice points three characters apart across and two down, so parallel lines never touch.
The prompt states no number.

Answer syntax: one integer.

Knobs: ``rectangles`` (drawn, 2 -> 7) and ``size`` (lattice points across and down, 5 -> 11).
Difficulty raises both.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.shared.answer_parsing import judge_integer


def draw(rects: list[list[int]], size: int) -> tuple[list[list[bool]], list[list[bool]]]:
    """The drawn unit edges: ``across[y][x]`` from (x, y) to (x+1, y), ``down[y][x]`` from
    (x, y) to (x, y+1)."""
    across = [[False] * (size - 1) for _ in range(size)]
    down = [[False] * size for _ in range(size - 1)]
    for x1, y1, x2, y2 in rects:
        for x in range(x1, x2):
            across[y1][x] = across[y2][x] = True
        for y in range(y1, y2):
            down[y][x1] = down[y][x2] = True
    return across, down


def count_rectangles(across: list[list[bool]], down: list[list[bool]]) -> int:
    """Rectangles whose four sides are drawn edges all along."""
    size = len(across)
    run_across = [[0] * (size + 1) for _ in range(size)]  # prefix sums along each row
    for y in range(size):
        for x in range(size - 1):
            run_across[y][x + 1] = run_across[y][x] + across[y][x]
    run_down = [[0] * size for _ in range(size + 1)]  # prefix sums down each column
    for y in range(size - 1):
        for x in range(size):
            run_down[y + 1][x] = run_down[y][x] + down[y][x]
    total = 0
    for y1 in range(size):
        for y2 in range(y1 + 1, size):
            columns = [x for x in range(size) if run_down[y2][x] - run_down[y1][x] == y2 - y1]
            for i, x1 in enumerate(columns):
                for x2 in columns[i + 1 :]:
                    span = x2 - x1
                    if (
                        run_across[y1][x2] - run_across[y1][x1] == span
                        and run_across[y2][x2] - run_across[y2][x1] == span
                    ):
                        total += 1
    return total


def render(across: list[list[bool]], down: list[list[bool]]) -> str:
    size = len(across)
    rows = [[" "] * (3 * size - 2) for _ in range(2 * size - 1)]
    for y in range(size):
        for x in range(size):
            horizontal = (x > 0 and across[y][x - 1]) or (x < size - 1 and across[y][x])
            vertical = (y > 0 and down[y - 1][x]) or (y < size - 1 and down[y][x])
            if horizontal and vertical:
                rows[2 * y][3 * x] = "+"
            elif horizontal:
                rows[2 * y][3 * x] = "-"
            elif vertical:
                rows[2 * y][3 * x] = "|"
            if x < size - 1 and across[y][x]:
                rows[2 * y][3 * x + 1] = rows[2 * y][3 * x + 2] = "-"
            if y < size - 1 and down[y][x]:
                rows[2 * y + 1][3 * x] = "|"
    lines = ["".join(r).rstrip() for r in rows]
    while lines and not lines[-1]:
        lines.pop()
    while lines and not lines[0]:
        lines.pop(0)
    indent = min(len(line) - len(line.lstrip()) for line in lines if line)
    return "\n".join(line[indent:] for line in lines)


class RectangleCount(Family):
    """The number of rectangles in a drawing of overlapping rectangles."""

    knobs: ClassVar[dict[str, Knob]] = {
        "rectangles": Knob("int", 1, 10, default=3, easy=2, hard=7, doc="rectangles drawn"),
        "size": Knob("int", 4, 14, default=7, easy=5, hard=11, doc="lattice points per side"),
    }
    answer_syntax = "a single integer"
    answer_form = "integer"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        k, size = int(knobs["rectangles"]), int(knobs["size"])
        rects: list[list[int]] = []
        while len(rects) < k:
            x1, x2 = sorted(rng.sample(range(size), 2))
            y1, y2 = sorted(rng.sample(range(size), 2))
            if [x1, y1, x2, y2] not in rects:
                rects.append([x1, y1, x2, y2])
        across, down = draw(rects, size)
        count = count_rectangles(across, down)
        question = (
            f"The figure below is drawn with -, | and + (a + where lines meet or turn):\n\n"
            f"{render(across, down)}\n\n"
            "How many rectangles does the figure contain? Count every rectangle whose four "
            "sides all lie on drawn lines, including those formed where the drawn shapes "
            "overlap."
        )
        return Draft(question, str(count), {"rects": rects, "size": size, "count": count})

    def check(self, problem: Problem, answer: str) -> Judgement:
        return judge_integer(answer, problem.meta["count"])

    def complexity(self, problem: Problem) -> float:
        """Rectangles in the figure plus the drawn rectangles."""
        return problem.meta["count"] + len(problem.meta["rects"])
