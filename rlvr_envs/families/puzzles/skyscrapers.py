"""Skyscrapers: place a building of height 1..n on every cell of an n x n grid, each row and
column holding every height once, so that the clues around the edge hold.

A clue outside the grid says how many buildings are visible from there, looking along its
row or column: a building is visible when it is taller than every building in front of it.
Some cells may be given.

Every puzzle has exactly one solution. The generator draws a random Latin square of
heights, shows every clue and every cell, then removes givens (in a random order, down to
the number asked for) and edge clues (likewise) while the solution stays unique. Minisat
2.2 (python-sat) proves each removal: visibility is encoded with prefix maxima and a
sequential counter of visible buildings per line of sight, so "at least j visible" is one
literal, and a grid that breaks a removed clue k sees fewer than k or more than k
buildings, two SAT calls that must both fail (the argument is in
:mod:`rlvr_envs.families.puzzles.latin`).

Answer syntax: the completed grid of heights as n rows of n digits, top row first, one row
per line; spaces, commas and ``|`` inside a row are ignored, and rows may be separated by
``/`` or ``;``. The verifier checks every rule (rows, columns, givens, every clue), so any
correct grid scores 1; since the solution is unique, that grid is the reference one.

Knobs: ``size`` (n, 4 at difficulty 0 to 6 at difficulty 1), ``givens`` (the fraction of
cells shown, 0.25 down to 0) and ``clues`` (the fraction of the 4n edge clues shown, 1.0
down to 0.4). Neither count goes below what uniqueness needs: givens are removed first,
with every edge clue present, then edge clues.

Speed (one core, CPU time, best of three runs of 300 on a shared machine): about 1,300
problems/s at the default knobs (n = 5) and 235/s at difficulty 1 (n = 6, no givens, 40%
of the clues), nearly all of it in the SAT calls that prove uniqueness (each removal
tried costs one or two); implied clauses (a clue k caps the height of the k - 1 nearest
buildings) make them about 25% faster.
"""

from __future__ import annotations

import math
import random
from functools import cache
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.puzzles.latin import (
    ANSWER_FORM,
    ANSWER_SYNTAX,
    Clue,
    cell_var,
    check_latin,
    given_clues,
    grid_text,
    latin_cnf,
    puzzle_rows,
    random_latin,
    reduce_clues,
)
from rlvr_envs.families.shared.sat import cached_solver

SIDES = ("top", "bottom", "left", "right")


def line_of_sight(n: int, side: str, index: int) -> list[tuple[int, int]]:
    """The cells seen from clue ``index`` on ``side``, nearest first."""
    near = range(n)
    far = range(n - 1, -1, -1)
    if side == "top":
        return [(r, index) for r in near]
    if side == "bottom":
        return [(r, index) for r in far]
    if side == "left":
        return [(index, c) for c in near]
    return [(index, c) for c in far]


def visible(heights: list[int]) -> int:
    """How many of ``heights`` (nearest first) are taller than everything in front."""
    count, tallest = 0, 0
    for h in heights:
        if h > tallest:
            count, tallest = count + 1, h
    return count


@cache
def _encoding(n: int) -> tuple[list[list[int]], dict[tuple[str, int], list[int]]]:
    """Clauses, and for each line of sight the literals "at least j visible" (j = 1..n)."""
    clauses = [list(c) for c in latin_cnf(n)]
    top = n**3

    def new() -> int:
        nonlocal top
        top += 1
        return top

    def add(*lits) -> None:
        if any(lit is True for lit in lits):
            return
        clauses.append([lit for lit in lits if lit is not False])

    def neg(lit):
        return (not lit) if isinstance(lit, bool) else -lit

    counts: dict[tuple[str, int], list[int]] = {}
    for side in SIDES:
        for index in range(n):
            cells = line_of_sight(n, side, index)
            x = [[None, *(cell_var(n, r, c, d) for d in range(1, n + 1))] for r, c in cells]
            # tall[i][d]: the tallest of the first i + 1 buildings is at least d.
            tall: list[list] = []
            for i in range(n):
                row = [new() for _ in range(n)] + [False]  # index d - 1; d = n + 1 is False
                for d in range(1, n + 1):
                    here, higher = row[d - 1], row[d]
                    before = tall[i - 1][d - 1] if i else False
                    add(neg(before), here)
                    add(-x[i][d], here)
                    add(neg(higher), here)
                    add(-here, before, x[i][d], higher)
                tall.append(row)
            # seen[i]: building i is visible (taller than every one in front).
            seen: list = [True]
            for i in range(1, n):
                v = new()
                for d in range(1, n + 1):
                    add(-x[i][d], tall[i - 1][d - 1], v)
                    add(-x[i][d], neg(tall[i - 1][d - 1]), -v)
                seen.append(v)
            # least[j]: at least j of the buildings so far are visible (sequential counter).
            least: list = [True] + [False] * n
            for i in range(n):
                now: list = [True] + [new() for _ in range(n)]
                for j in range(1, n + 1):
                    add(neg(least[j]), now[j])
                    add(neg(least[j - 1]), neg(seen[i]), now[j])
                    add(-now[j], least[j], least[j - 1])
                    add(-now[j], least[j], seen[i])
                least = now
            # Implied, for propagation: with at least k visible, the building i places from
            # the edge is at most n - k + 1 + i tall; with one visible, the nearest is n.
            for k in range(2, n + 1):
                for i in range(k - 1):
                    for d in range(n - k + 2 + i, n + 1):
                        add(-least[k], -x[i][d])
            add(least[2], x[0][n])
            counts[side, index] = least[1:]
    return clauses, counts


class Skyscrapers(Family):
    """Solve a Skyscrapers puzzle (a Latin square under visibility clues), unique solution."""

    knobs: ClassVar[dict[str, Knob]] = {
        "size": Knob("int", 3, 7, default=5, easy=4, hard=6, doc="the grid side n"),
        "givens": Knob(
            "float",
            0.0,
            0.8,
            default=0.1,
            easy=0.25,
            hard=0.0,
            doc="fraction of cells given (never fewer than uniqueness needs)",
        ),
        "clues": Knob(
            "float",
            0.0,
            1.0,
            default=0.7,
            easy=1.0,
            hard=0.4,
            doc="fraction of the 4n edge clues shown (never fewer than uniqueness needs)",
        ),
    }
    answer_syntax = ANSWER_SYNTAX
    answer_form = ANSWER_FORM

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n = int(knobs["size"])
        grid = random_latin(rng, n)
        solver = cached_solver(("skyscrapers", n), lambda: _encoding(n)[0])
        counts = _encoding(n)[1]
        views = []
        for side in SIDES:
            for index in range(n):
                k = visible([grid[r][c] for r, c in line_of_sight(n, side, index)])
                at_least = counts[side, index]
                assume = [at_least[k - 1]] + ([-at_least[k]] if k < n else [])
                ways = [[-at_least[k - 1]]] + ([[at_least[k]]] if k < n else [])
                views.append(Clue((side, index, k), assume, ways))
        cells = given_clues(n, grid)
        view_lits = [lit for clue in views for lit in clue.assume]
        order = list(range(n * n))
        rng.shuffle(order)
        kept_cells = reduce_clues(
            solver, cells, order, round(knobs["givens"] * n * n), fixed=view_lits
        )
        cell_lits = [lit for clue, k in zip(cells, kept_cells) if k for lit in clue.assume]
        order = list(range(len(views)))
        rng.shuffle(order)
        kept_views = reduce_clues(
            solver, views, order, round(knobs["clues"] * 4 * n), fixed=cell_lits
        )
        clues = {side: [0] * n for side in SIDES}
        for clue, kept in zip(views, kept_views):
            if kept:
                side, index, k = clue.key
                clues[side][index] = k
        puzzle = puzzle_rows(grid, kept_cells)
        question = (
            f"Solve this {n}x{n} Skyscrapers puzzle. Put a building of height 1 to {n} on "
            f"every empty cell (.) so that each row and each column contains every height "
            f"from 1 to {n} exactly once and the given heights stay as they are. A number "
            "outside the grid says how many buildings are visible from that side, looking "
            "along its row or column: a building is visible when it is taller than every "
            "building in front of it. A . outside the grid is no clue.\n\n" + render(puzzle, clues)
        )
        meta = {"size": n, "puzzle": puzzle, "clues": clues}
        return Draft(question, grid_text(grid), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        grid = check_latin(answer, problem.meta)
        if isinstance(grid, Judgement):
            return grid
        n = problem.meta["size"]
        for side in SIDES:
            for index, k in enumerate(problem.meta["clues"][side]):
                if k and visible([grid[r][c] for r, c in line_of_sight(n, side, index)]) != k:
                    return Judgement.wrong(why=f"clue {index + 1} on the {side} does not hold")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Empty cells times log2(n), plus one bit per missing edge clue."""
        n = problem.meta["size"]
        empty = sum(row.count(".") for row in problem.meta["puzzle"])
        missing = sum(k == 0 for side in SIDES for k in problem.meta["clues"][side])
        return empty * math.log2(n) + missing


def render(puzzle: list[str], clues: dict[str, list[int]]) -> str:
    """The grid inside a frame, with the clues (``.`` for none) on all four sides."""
    n = len(puzzle)

    def mark(k: int) -> str:
        return str(k) if k else "."

    edge = "  +" + "-" * (2 * n + 1) + "+"
    lines = ["    " + " ".join(mark(k) for k in clues["top"]), edge]
    for r, row in enumerate(puzzle):
        inner = " ".join(row)
        lines.append(f"{mark(clues['left'][r])} | {inner} | {mark(clues['right'][r])}")
    lines += [edge, "    " + " ".join(mark(k) for k in clues["bottom"])]
    return "\n".join(lines)
