"""Killer Sudoku: complete a Sudoku whose grid is divided into cages with given sums.

Rules: each digit from 1 to n (n = 4, 6 or 9; boxes 2x2, 2x3 or 3x3) appears exactly once
in every row, every column and every box; the grid is divided into cages (orthogonally
connected groups of cells), the digits of a cage add up to the cage's sum and no digit
repeats within a cage; given digits may not be changed.

Every puzzle has exactly one solution. The generator fills a random Sudoku grid (the Sudoku
family's randomised backtracking), cuts it into random connected cages whose digits are
distinct, gives a random ``clues`` fraction of the cells, and then proves uniqueness with
Minicard (python-sat's Minisat 2.2 with native at-most-k constraints, Liffiton & Maglalang
2012; deterministic like Minisat): on the minimal Sudoku encoding (every cell a digit, at
most one of each digit per group) plus, for every cage, a selector per set of distinct
digits with the cage's size and sum (exactly one selected; each cell of the cage takes a
digit of the selected set; at most one of each digit in the cage) and a clause "some
empty cell differs from the solution". While the solver finds such a rival grid, one
cell where it differs is given (drawn at random) and the solver is asked again, until none
exists.

Answer syntax: the completed grid as n rows of n digits, top row first, one row per line;
spaces, commas and box borders (``|``, lines of ``-``/``+``) are ignored, and rows may be
separated by ``/``. The verifier checks every rule (rows, columns, boxes, cage sums,
no repeats in a cage, the givens), so the grid is judged by constraints.

Knobs: ``size`` (4, 6, 9; difficulty moves it from 4 to 6, 9 is asked for explicitly),
``cage`` (the largest cage size; bigger cages leave sums that
more digit sets fit) and ``clues`` (the fraction of cells given before uniqueness adds
more; fewer is harder). Difficulty raises size and cage and lowers clues.

Speed: the uniqueness proof builds a fresh Minicard instance per puzzle (its models choose
the added givens, so they must not depend on a cached solver's history) and usually needs
a few rounds; "at most one" is one native constraint per group and digit, not a clause
per pair of cells, which loads an instance about twice as fast as pairwise clauses. In
CPU time on one core: about 2,200 puzzles per second at the default 6x6, 1,600 at
difficulty 1, 500 at 9x9 with cages of up to 4 cells, and 20 to 40 at 9x9 with cages of
up to 6 (the solver's search then dominates, up to about a second for one puzzle), which
is why difficulty stops at 6x6.
"""

from __future__ import annotations

import itertools
import math
import random
import string
from functools import cache
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.logic.sudoku import BOXES, groups, random_grid
from rlvr_envs.families.shared.answer_parsing import AnswerError, parse_grid

LABELS = string.ascii_letters  # at most 52 cages
NEIGHBOURS = ((-1, 0), (1, 0), (0, -1), (0, 1))
SOLVER = "minicard"  # Minisat 2.2 with native at-most-k constraints (Liffiton & Maglalang)


class KillerSudoku(Family):
    """Complete a Killer Sudoku with a unique solution."""

    knobs: ClassVar[dict[str, Knob]] = {
        "size": Knob(
            "categorical",
            choices=(4, 6, 9),
            default=6,
            easy=4,
            hard=6,
            doc="grid side (boxes 2x2, 2x3, 3x3); 9 only when asked for explicitly",
        ),
        "cage": Knob("int", 2, 6, default=4, easy=3, hard=5, doc="largest cage size"),
        "clues": Knob(
            "float",
            0.0,
            0.6,
            default=0.1,
            easy=0.3,
            hard=0.0,
            doc="fraction of cells given before uniqueness adds the givens it needs",
        ),
    }
    answer_syntax = "the completed grid, one row per line, digits only (e.g. 1234 / 3412 / ...)"
    answer_form = "grid of digits"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, largest = int(knobs["size"]), int(knobs["cage"])
        grid = random_grid(rng, n)
        cages = make_cages(rng, grid, largest)
        flat = [v for row in grid for v in row]
        given = [False] * (n * n)
        for i in rng.sample(range(n * n), round(knobs["clues"] * n * n)):
            given[i] = True
        prove_unique(rng, n, flat, cages, given)
        label = [""] * (n * n)
        for k, cage in enumerate(cages):
            for i in cage:
                label[i] = LABELS[k]
        sums = [sum(flat[i] for i in cage) for cage in cages]
        puzzle = [
            "".join(str(flat[r * n + c]) if given[r * n + c] else "." for c in range(n))
            for r in range(n)
        ]
        cage_rows = ["".join(label[r * n : (r + 1) * n]) for r in range(n)]
        bh, bw = BOXES[n]
        sum_text = ", ".join(f"{LABELS[k]}={s}" for k, s in enumerate(sums))
        givens = sum(given)
        given_text = (
            "Given digits (. is an empty cell):\n" + "\n".join(" ".join(row) for row in puzzle)
            if givens
            else "No digits are given."
        )
        question = (
            f"Solve this {n}x{n} Killer Sudoku. Fill every cell with a digit from 1 to {n} so "
            f"that each row, each column and each {bh}x{bw} box contains every digit from 1 "
            f"to {n} exactly once. The grid is divided into cages, each marked by a letter "
            "below (rows top to bottom, columns left to right); the digits in a cage add up "
            "to the cage's sum, and no digit repeats within a cage.\n\n"
            "Cages:\n" + "\n".join(" ".join(row) for row in cage_rows) + "\n\n"
            f"Cage sums: {sum_text}\n\n{given_text}"
        )
        answer = "\n".join("".join(map(str, row)) for row in grid)
        meta = {
            "size": n,
            "cages": [sorted(cage) for cage in cages],
            "sums": sums,
            "puzzle": puzzle,
        }
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        n = meta["size"]
        symbols = {str(d): d for d in range(1, n + 1)}
        try:
            grid = parse_grid(answer, n, n, symbols, "digit")
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        for r, row in enumerate(meta["puzzle"]):
            for c, char in enumerate(row):
                if char != "." and grid[r][c] != int(char):
                    return Judgement.wrong(why=f"the given at row {r + 1}, column {c + 1} changed")
        full = set(range(1, n + 1))
        for kind, cells in groups(n):
            if {grid[r][c] for r, c in cells} != full:
                return Judgement.wrong(why=f"a {kind} does not hold every digit once")
        for k, (cage, total) in enumerate(zip(meta["cages"], meta["sums"])):
            digits = [grid[i // n][i % n] for i in cage]
            if len(set(digits)) != len(digits):
                return Judgement.wrong(why=f"a digit repeats in cage {LABELS[k]}")
            if sum(digits) != total:
                return Judgement.wrong(why=f"cage {LABELS[k]} adds up to {sum(digits)}")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Bits to find in the empty cells, plus the cage cells beyond the first of each."""
        meta = problem.meta
        n = meta["size"]
        empty = sum(row.count(".") for row in meta["puzzle"])
        return empty * math.log2(n) + sum(len(cage) - 1 for cage in meta["cages"])


def make_cages(rng: random.Random, grid: list[list[int]], largest: int) -> list[list[int]]:
    """Random orthogonally connected cages of distinct digits, 1 to ``largest`` cells each
    (aiming at 2 or more), at most ``len(LABELS)`` of them."""
    n = len(grid)
    flat = [v for row in grid for v in row]
    while True:
        owner = [-1] * (n * n)
        cages: list[list[int]] = []
        order = list(range(n * n))
        rng.shuffle(order)
        for start in order:
            if owner[start] >= 0:
                continue
            target = rng.randint(2, largest)
            cage, digits = [start], {flat[start]}
            owner[start] = len(cages)
            while len(cage) < target:
                options = sorted(
                    {
                        (r + dr) * n + c + dc
                        for i in cage
                        for r, c in [divmod(i, n)]
                        for dr, dc in NEIGHBOURS
                        if 0 <= r + dr < n and 0 <= c + dc < n
                    }
                )
                options = [j for j in options if owner[j] < 0 and flat[j] not in digits]
                if not options:
                    break
                j = rng.choice(options)
                cage.append(j)
                digits.add(flat[j])
                owner[j] = len(cages)
            cages.append(cage)
        if len(cages) <= len(LABELS):
            return cages


@cache
def digit_sets(n: int, size: int, total: int) -> tuple[tuple[int, ...], ...]:
    """Every set of ``size`` distinct digits from 1 to n adding up to ``total``."""
    return tuple(
        combo for combo in itertools.combinations(range(1, n + 1), size) if sum(combo) == total
    )


def prove_unique(
    rng: random.Random, n: int, flat: list[int], cages: list[list[int]], given: list[bool]
) -> None:
    """Give cells (in place) until no grid but ``flat`` fits the cages and the givens.

    Variables as in the Sudoku family: ``cell * n + digit``; cage selectors are numbered
    from ``n**3 + 1``. "At most one" is Minicard's native constraint, one call per group
    and digit instead of a clause per pair of cells."""
    from pysat.solvers import Solver

    clauses, groups_ = _sudoku_base(n)
    solver = Solver(name=SOLVER)
    try:
        solver.append_formula(clauses)
        for literals in groups_:
            solver.add_atmost(literals, 1)
        top = n**3
        for cage in cages:
            if len(cage) > 1:  # no digit twice in the cage
                for d in range(1, n + 1):
                    solver.add_atmost([i * n + d for i in cage], 1)
            sets = digit_sets(n, len(cage), sum(flat[i] for i in cage))
            if len(sets) == 1:
                for i in cage:
                    solver.add_clause([i * n + d for d in sets[0]])
                continue
            selectors = list(range(top + 1, top + len(sets) + 1))
            top += len(sets)
            solver.add_clause(selectors)
            solver.add_atmost(selectors, 1)
            for selector, combo in zip(selectors, sets):
                for i in cage:
                    solver.add_clause([-selector, *(i * n + d for d in combo)])
        for i in range(n * n):
            if given[i]:
                solver.add_clause([i * n + flat[i]])
        solver.add_clause([-(i * n + flat[i]) for i in range(n * n) if not given[i]])
        while solver.solve():
            model = solver.get_model()
            differ = [i for i in range(n * n) if not given[i] and model[i * n + flat[i] - 1] < 0]
            i = rng.choice(differ)
            given[i] = True
            solver.add_clause([i * n + flat[i]])
    finally:
        solver.delete()


@cache
def _sudoku_base(n: int) -> tuple[tuple[list[int], ...], tuple[list[int], ...]]:
    """The minimal Sudoku encoding: every cell holds a digit (clauses), no group holds a
    digit twice (the literal lists, each for an at-most-one constraint); counting then
    forces one digit per cell."""
    clauses = tuple([i * n + d for d in range(1, n + 1)] for i in range(n * n))
    atmost = tuple(
        [(r * n + c) * n + d for r, c in cells] for _, cells in groups(n) for d in range(1, n + 1)
    )
    return clauses, atmost
