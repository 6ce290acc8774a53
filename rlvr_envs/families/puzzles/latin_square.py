"""Latin square completion: fill a partly given n x n grid with the digits 1..n so that every
row and every column holds each digit exactly once.

Every puzzle has exactly one completion. The generator draws a random Latin square
(randomised backtracking from a random first row), then hides cells in a random order,
keeping each removal only when the completion stays unique: either the hidden cell is
forced by the given digits of its row and column, or Minisat 2.2 (python-sat) proves that no
Latin square matching the other givens holds another digit there (the argument is in
:mod:`rlvr_envs.families.puzzles.latin`). Removal stops at the number of givens asked for,
or earlier when no further cell can be hidden.

Answer syntax: the completed grid as n rows of n digits, top row first, one row per line;
spaces, commas and ``|`` inside a row are ignored, and rows may be separated by ``/`` or
``;`` instead of line breaks. The verifier checks the rules (every row and column holds
1..n once) and the givens, so any correct grid scores 1; since the completion is unique,
that grid is the reference one.

Knobs: ``size`` (the order n, 4 at difficulty 0 to 8 at difficulty 1) and ``givens`` (the
fraction of cells shown, 0.7 down to 0.3; never fewer than uniqueness allows).

Speed (one core, CPU time): about 6,000 problems/s at the default knobs (n = 6) and 550/s
at difficulty 1 (n = 8, 30% givens), most of it in the SAT calls that prove uniqueness.
"""

from __future__ import annotations

import math
import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.puzzles.latin import (
    ANSWER_FORM,
    ANSWER_SYNTAX,
    cell_var,
    check_latin,
    grid_text,
    latin_cnf,
    random_latin,
)
from rlvr_envs.families.shared.sat import cached_solver


class LatinSquare(Family):
    """Complete a partly filled Latin square with a unique completion."""

    knobs: ClassVar[dict[str, Knob]] = {
        "size": Knob("int", 3, 9, default=6, easy=4, hard=8, doc="the order n of the square"),
        "givens": Knob(
            "float",
            0.1,
            0.9,
            default=0.5,
            easy=0.7,
            hard=0.3,
            doc="fraction of cells given (never fewer than uniqueness allows)",
        ),
    }
    answer_syntax = ANSWER_SYNTAX
    answer_form = ANSWER_FORM

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n = int(knobs["size"])
        grid = random_latin(rng, n)
        target = max(1, round(knobs["givens"] * n * n))
        given = hide_cells(rng, grid, n, target)
        puzzle = [
            "".join(str(grid[r][c]) if given[r * n + c] else "." for c in range(n))
            for r in range(n)
        ]
        shown = "\n".join(" ".join(row) for row in puzzle)
        question = (
            f"Complete this {n}x{n} Latin square. Fill every empty cell (.) with a digit "
            f"from 1 to {n} so that each row and each column contains every digit from 1 "
            f"to {n} exactly once; the given digits stay as they are.\n\n{shown}"
        )
        return Draft(question, grid_text(grid), {"size": n, "puzzle": puzzle})

    def check(self, problem: Problem, answer: str) -> Judgement:
        grid = check_latin(answer, problem.meta)
        if isinstance(grid, Judgement):
            return grid
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Empty cells times log2(n): the bits a solver has to find."""
        n = problem.meta["size"]
        empty = sum(row.count(".") for row in problem.meta["puzzle"])
        return empty * math.log2(n)


def hide_cells(rng: random.Random, grid: list[list[int]], n: int, target: int) -> list[bool]:
    """Which cells (reading order) stay given: random removals that keep the completion
    unique, until ``target`` remain or none can go."""
    flat = [v for row in grid for v in row]
    literal = [cell_var(n, i // n, i % n, flat[i]) for i in range(n * n)]
    given = [True] * (n * n)
    full = (1 << n) - 1
    solver = cached_solver(("latin-square", n), lambda: [list(c) for c in latin_cnf(n)])
    count = n * n
    order = list(range(n * n))
    rng.shuffle(order)
    for i in order:
        if count <= target:
            break
        given[i] = False
        r, c = divmod(i, n)
        seen = 0
        for k in range(n):
            if given[r * n + k]:
                seen |= 1 << (flat[r * n + k] - 1)
            if given[k * n + c]:
                seen |= 1 << (flat[k * n + c] - 1)
        if seen | (1 << (flat[i] - 1)) != full:  # not forced: ask the solver for a rival
            assumptions = [literal[j] for j in range(n * n) if given[j]]
            assumptions.append(-literal[i])
            if solver.solve(assumptions=assumptions):
                given[i] = True
                continue
        count -= 1
    return given
