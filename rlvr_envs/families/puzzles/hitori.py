"""Hitori: shade cells of a grid of numbers until no number repeats in a row or column.

Rules (Nikoli's Hitori): shade some cells so that no number appears more than once among
the unshaded cells of any row or column; shaded cells never share an edge; the unshaded
cells form one group connected through shared edges.

Every puzzle has exactly one solution. The generator draws a maximal shading first (cells in
random order, each shaded when it touches no shaded cell and leaves the unshaded cells
connected), which no rival can extend by one more cell; unshaded cells take the numbers of a
random Latin square (so none repeats), and each shaded cell copies the number of an
unshaded cell in its row or column, so it has to be shaded or that cell has to be. Minisat
2.2 (python-sat) then looks for a rival shading: a clause per pair of equal numbers in a
line, one per pair of touching cells, and connectivity added lazily (whenever a model's
unshaded cells fall apart, the border of one part must not be all shaded while a cell
outside it stays unshaded). While a rival exists, a cell shaded in the solution but not in
the rival takes the number of a cell the rival leaves unshaded in its row or column, which
rules the rival out and keeps the solution valid. After a bounded number of repairs the
puzzle is drawn afresh.

Answer syntax: the grid, one row per line, ``#`` for a shaded cell and ``.`` for an
unshaded one (``x`` or ``■`` also shade, ``o`` or ``_`` also leave unshaded, and an
unshaded cell may keep its number; spaces are ignored). Any shading that keeps every rule
scores 1 (the solution is unique all the same).

Knobs: ``rows`` and ``cols`` (each 4 to 9; numbers run from 1 to the larger of the two).
Difficulty maps ``rows`` 4 -> 8 and ``cols`` 5 -> 9.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.puzzles.marks import neighbours4
from rlvr_envs.families.puzzles.shading import AnswerError, components, connected, parse_marks
from rlvr_envs.families.shared.sat import new_solver

SHADED = "#xX■█"
UNSHADED = ".oO_□"
MAX_REPAIRS = 40


class Hitori(Family):
    """Solve a Hitori with a unique solution."""

    knobs: ClassVar[dict[str, Knob]] = {
        "rows": Knob("int", 4, 9, default=5, easy=4, hard=8, doc="rows of the grid"),
        "cols": Knob("int", 4, 9, default=6, easy=5, hard=9, doc="columns of the grid"),
    }
    answer_syntax = "the grid, one row per line, # for a shaded cell and . for an unshaded one"
    answer_form = "grid of # and ."

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        h, w = int(knobs["rows"]), int(knobs["cols"])
        numbers, shaded = make_puzzle(rng, h, w)
        rows = ["".join(str(v) for v in row) for row in numbers]
        question = (
            f"Solve this {h}x{w} Hitori puzzle (rows by columns). Shade some cells so that:\n"
            "- no number appears more than once among the unshaded cells of any row or "
            "column;\n"
            "- no two shaded cells share an edge;\n"
            "- all unshaded cells form one group, connected through shared edges.\n\n"
            + "\n".join(" ".join(row) for row in rows)
            + "\n\nWrite the grid with one row per line, # for a shaded cell and . for an "
            "unshaded one."
        )
        answer = "\n".join(
            "".join("#" if (r, c) in shaded else "." for c in range(w)) for r in range(h)
        )
        return Draft(question, answer, {"rows": h, "cols": w, "numbers": rows})

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        h, w, numbers = meta["rows"], meta["cols"], meta["numbers"]
        try:
            grid = parse_marks(answer, h, w, SHADED, UNSHADED, numbers)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        why = violation(grid, numbers)
        return Judgement.wrong(why=why) if why else Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Cells plus cells whose number repeats in their row or column (the choices)."""
        numbers = problem.meta["numbers"]
        h, w = len(numbers), len(numbers[0])
        repeats = sum(
            1
            for r in range(h)
            for c in range(w)
            if numbers[r].count(numbers[r][c]) > 1
            or [numbers[i][c] for i in range(h)].count(numbers[r][c]) > 1
        )
        return float(h * w + repeats)


def violation(grid: list[list[int]], numbers: list[str]) -> str | None:
    """The first broken rule of a shading (1 = shaded), or None when it keeps all three."""
    h, w = len(grid), len(grid[0])
    for r in range(h):
        seen: dict[str, int] = {}
        for c in range(w):
            if not grid[r][c]:
                if numbers[r][c] in seen:
                    return f"row {r + 1} shows {numbers[r][c]} twice unshaded"
                seen[numbers[r][c]] = c
    for c in range(w):
        seen = {}
        for r in range(h):
            if not grid[r][c]:
                if numbers[r][c] in seen:
                    return f"column {c + 1} shows {numbers[r][c]} twice unshaded"
                seen[numbers[r][c]] = r
    for r in range(h):
        for c in range(w):
            if grid[r][c] and ((r + 1 < h and grid[r + 1][c]) or (c + 1 < w and grid[r][c + 1])):
                return f"shaded cells touch at row {r + 1}, column {c + 1}"
    if not connected((r, c) for r in range(h) for c in range(w) if not grid[r][c]):
        return "the unshaded cells are not connected"
    return None


def maximal_shading(rng: random.Random, h: int, w: int) -> set[tuple[int, int]]:
    """Shaded cells, none touching, unshaded connected, and no cell can be added."""
    shaded: set[tuple[int, int]] = set()
    order = [(r, c) for r in range(h) for c in range(w)]
    rng.shuffle(order)
    for cell in order:
        if any(nb in shaded for nb in neighbours4(*cell, h, w)):
            continue
        r0, c0 = cell
        ring = [(r0 + dr, c0 + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]
        shaded.add(cell)
        if all(0 <= r < h and 0 <= c < w and (r, c) not in shaded for r, c in ring):
            continue  # an unshaded ring of eight cells keeps its neighbours connected
        if not connected((r, c) for r in range(h) for c in range(w) if (r, c) not in shaded):
            shaded.remove(cell)
    return shaded


def latin(rng: random.Random, m: int) -> list[list[int]]:
    """A random m x m Latin square on 1..m (a cyclic one with shuffled rows, columns and
    symbols)."""
    rows, cols, symbols = list(range(m)), list(range(m)), list(range(1, m + 1))
    rng.shuffle(rows)
    rng.shuffle(cols)
    rng.shuffle(symbols)
    return [[symbols[(rows[r] + cols[c]) % m] for c in range(m)] for r in range(m)]


def rival(numbers: list[list[int]], shaded: set[tuple[int, int]]) -> set[tuple[int, int]] | None:
    """Another shading keeping every rule, or None."""
    h, w = len(numbers), len(numbers[0])

    def var(r: int, c: int) -> int:
        return r * w + c + 1

    clauses: list[list[int]] = []
    for r in range(h):
        for c in range(w):
            for c2 in range(c + 1, w):
                if numbers[r][c] == numbers[r][c2]:
                    clauses.append([var(r, c), var(r, c2)])
            for r2 in range(r + 1, h):
                if numbers[r][c] == numbers[r2][c]:
                    clauses.append([var(r, c), var(r2, c)])
            if r + 1 < h:
                clauses.append([-var(r, c), -var(r + 1, c)])
            if c + 1 < w:
                clauses.append([-var(r, c), -var(r, c + 1)])
    clauses.append(
        [-var(r, c) if (r, c) in shaded else var(r, c) for r in range(h) for c in range(w)]
    )
    solver = new_solver(clauses)
    try:
        while solver.solve():
            model = solver.get_model()
            dark = {divmod(v - 1, w) for v in model[: h * w] if v > 0}
            light = [(r, c) for r in range(h) for c in range(w) if (r, c) not in dark]
            parts = components(light)
            if len(parts) == 1:
                return dark
            part = parts[0]
            inside = set(part)
            border = sorted({nb for cell in part for nb in neighbours4(*cell, h, w)} - inside)
            outside = parts[1][0]
            solver.add_clause([*(-var(*b) for b in border), var(*outside)])
    finally:
        solver.delete()
    return None


def make_puzzle(rng: random.Random, h: int, w: int):
    """Numbers (h rows of w) and the one shading that solves them."""
    m = max(h, w)
    while True:
        shaded = maximal_shading(rng, h, w)
        square = latin(rng, m)
        numbers = [row[:w] for row in square[:h]]
        for r, c in sorted(shaded):
            light = [(r, j) for j in range(w) if (r, j) not in shaded]
            light += [(i, c) for i in range(h) if (i, c) not in shaded]
            rr, cc = rng.choice(light)
            numbers[r][c] = square[rr][cc]
        for _ in range(MAX_REPAIRS):
            other = rival(numbers, shaded)
            if other is None:
                return numbers, shaded
            ys = sorted(shaded - other)  # never empty: no rival adds to a maximal shading
            r, c = rng.choice(ys)
            light = [(r, j) for j in range(w) if (r, j) not in other and j != c]
            light += [(i, c) for i in range(h) if (i, c) not in other and i != r]
            both = [cell for cell in light if cell not in shaded]
            if not (both or light):
                break
            z = rng.choice(both or light)
            numbers[r][c] = numbers[z[0]][z[1]]
