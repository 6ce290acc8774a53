"""Futoshiki: fill an n x n grid with the digits 1..n, every row and column holding each digit
once, so that every inequality sign between two neighbouring cells holds.

A sign ``<`` or ``>`` between two cells of a row compares the left cell with the right one;
``^`` between two cells of a column means the upper cell is smaller than the lower one and
``v`` that it is larger. Some cells are given.

Every puzzle has exactly one solution. The generator draws a random Latin square, shows
every cell and every sign it implies, then removes givens (in a random order, down to the
number asked for) and signs (likewise) while the solution stays unique. Two neighbours are
always different digits, so a grid that breaks a removed sign satisfies the opposite one;
Minisat 2.2 (python-sat) proves for each removal that no solution of the remaining clues
does (the argument is in :mod:`rlvr_envs.families.puzzles.latin`).

Answer syntax: the completed grid as n rows of n digits, top row first, one row per line;
spaces, commas and ``|`` inside a row are ignored, and rows may be separated by ``/`` or
``;``. The verifier checks every rule (rows, columns, givens, signs), so any correct grid
scores 1; since the solution is unique, that grid is the reference one.

Knobs: ``size`` (n, 4 at difficulty 0 to 7 at difficulty 1), ``givens`` (the fraction of
cells shown, 0.3 down to 0) and ``signs`` (the fraction of neighbouring pairs that carry a
sign, 0.6 down to 0.15). Neither count goes below what uniqueness needs: givens are
removed first, with every sign present, then signs.

Speed (one core, CPU time, best of three runs of 300 on a shared machine): about 2,300
problems/s at the default knobs (n = 5) and 230/s at difficulty 1 (n = 7), just above the
200/s target: each removal tried costs a SAT call that proves uniqueness (all 49 givens
and 84 signs are tried for n = 7, over 80% of the time), and skipping them would ship
puzzles with several solutions. Support clauses in both directions for each sign make
those calls about 15% faster (without changing any problem: the solver only answers
yes/no).
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


@cache
def pairs(n: int) -> tuple[tuple[int, int, int, int], ...]:
    """Every pair of neighbouring cells (r1, c1, r2, c2): rows' pairs, then columns'."""
    across = [(r, c, r, c + 1) for r in range(n) for c in range(n - 1)]
    down = [(r, c, r + 1, c) for r in range(n - 1) for c in range(n)]
    return tuple(across + down)


def _sign_var(n: int, index: int, less: bool) -> int:
    """Selector: "first cell of pair ``index`` is less (more) than the second"."""
    return n**3 + 1 + 2 * index + (0 if less else 1)


def _cnf(n: int) -> list[list[int]]:
    """The Latin square, and for each pair two selectors that impose ``<`` or ``>``.

    Each selector gets the support clauses of both cells ("first holds d" needs a larger
    (smaller) second, and "second holds d" a smaller (larger) first): one direction
    suffices logically, the other lets unit propagation prune both cells and makes the
    uniqueness proofs about 15% faster. The solver only answers yes/no, so the clauses
    change no problem.
    """
    clauses = [list(c) for c in latin_cnf(n)]
    for index, (r1, c1, r2, c2) in enumerate(pairs(n)):
        less, more = _sign_var(n, index, True), _sign_var(n, index, False)
        for d in range(1, n + 1):
            first, second = cell_var(n, r1, c1, d), cell_var(n, r2, c2, d)
            above = [cell_var(n, r2, c2, e) for e in range(d + 1, n + 1)]
            below = [cell_var(n, r2, c2, e) for e in range(1, d)]
            clauses.append([-less, -first, *above])
            clauses.append([-more, -first, *below])
            smaller = [cell_var(n, r1, c1, e) for e in range(1, d)]
            larger = [cell_var(n, r1, c1, e) for e in range(d + 1, n + 1)]
            clauses.append([-less, -second, *smaller])
            clauses.append([-more, -second, *larger])
    return clauses


class Futoshiki(Family):
    """Solve a Futoshiki (a Latin square under inequality signs) with a unique solution."""

    knobs: ClassVar[dict[str, Knob]] = {
        "size": Knob("int", 3, 8, default=5, easy=4, hard=7, doc="the grid side n"),
        "givens": Knob(
            "float",
            0.0,
            0.8,
            default=0.15,
            easy=0.3,
            hard=0.0,
            doc="fraction of cells given (never fewer than uniqueness needs)",
        ),
        "signs": Knob(
            "float",
            0.0,
            1.0,
            default=0.4,
            easy=0.6,
            hard=0.15,
            doc="fraction of neighbouring pairs with a sign (never fewer than uniqueness needs)",
        ),
    }
    answer_syntax = ANSWER_SYNTAX
    answer_form = ANSWER_FORM

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n = int(knobs["size"])
        grid = random_latin(rng, n)
        solver = cached_solver(("futoshiki", n), lambda: _cnf(n))
        cells = given_clues(n, grid)
        signs = []
        for index, (r1, c1, r2, c2) in enumerate(pairs(n)):
            less = grid[r1][c1] < grid[r2][c2]
            signs.append(
                Clue(index, [_sign_var(n, index, less)], [[_sign_var(n, index, not less)]])
            )
        sign_lits = [lit for clue in signs for lit in clue.assume]
        order = list(range(n * n))
        rng.shuffle(order)
        kept_cells = reduce_clues(
            solver, cells, order, round(knobs["givens"] * n * n), fixed=sign_lits
        )
        cell_lits = [lit for clue, k in zip(cells, kept_cells) if k for lit in clue.assume]
        order = list(range(len(signs)))
        rng.shuffle(order)
        kept_signs = reduce_clues(
            solver, signs, order, round(knobs["signs"] * len(signs)), fixed=cell_lits
        )
        puzzle = puzzle_rows(grid, kept_cells)
        marks = []
        for index, (r1, c1, r2, c2) in enumerate(pairs(n)):
            if kept_signs[index]:
                less = grid[r1][c1] < grid[r2][c2]
                marks.append([r1, c1, r2, c2, "<" if less else ">"])
        question = (
            f"Solve this {n}x{n} Futoshiki. Fill every empty cell (.) with a digit from 1 to "
            f"{n} so that each row and each column contains every digit from 1 to {n} "
            "exactly once, the given digits stay as they are, and every inequality sign "
            "holds: < or > between two cells of a row compares the left cell with the right "
            "one; ^ between two cells of a column means the upper cell is smaller than the "
            "lower one, and v means the upper cell is larger.\n\n" + render(puzzle, marks)
        )
        meta = {"size": n, "puzzle": puzzle, "signs": marks}
        return Draft(question, grid_text(grid), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        grid = check_latin(answer, problem.meta)
        if isinstance(grid, Judgement):
            return grid
        for r1, c1, r2, c2, sign in problem.meta["signs"]:
            a, b = grid[r1][c1], grid[r2][c2]
            if not (a < b if sign == "<" else a > b):
                where = f"row {r1 + 1} column {c1 + 1} and row {r2 + 1} column {c2 + 1}"
                return Judgement.wrong(why=f"the sign between {where} does not hold")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Empty cells times log2(n), plus a quarter bit per pair without a sign."""
        n = problem.meta["size"]
        empty = sum(row.count(".") for row in problem.meta["puzzle"])
        unsigned = 2 * n * (n - 1) - len(problem.meta["signs"])
        return empty * math.log2(n) + 0.25 * unsigned


def render(puzzle: list[str], marks: list[list]) -> str:
    """Cells four columns apart, signs between them; ``^``/``v`` lines between rows."""
    n = len(puzzle)
    across = {(r1, c1): s for r1, c1, r2, _, s in marks if r1 == r2}
    down = {(r1, c1): s for r1, c1, r2, _, s in marks if r1 != r2}
    lines = []
    for r in range(n):
        line = ""
        for c in range(n):
            line += puzzle[r][c]
            if c < n - 1:
                line += f" {across.get((r, c), ' ')} "
        lines.append(line.rstrip())
        if r < n - 1:
            between = "   ".join(
                {"<": "^", ">": "v"}.get(down.get((r, c), ""), " ") for c in range(n)
            )
            lines.append(between.rstrip())
    return "\n".join(lines)
