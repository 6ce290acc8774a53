"""Sudoku: complete an n x n grid (n = 4, 6 or 9) so that every row, column and box holds 1..n.

Rules (Nikoli's Sudoku, generalised to the 4 x 4 grid with 2 x 2 boxes and the 6 x 6 grid
with boxes of 2 rows by 3 columns): each digit from 1 to n appears exactly once in every row,
every column and every box; the given clues may not be changed.

Every puzzle has exactly one solution. The generator fills a random grid by randomised
backtracking, then removes clues in a random order and keeps each removal only when no other
solution exists: either the removed cell is forced by its row, column and box, or Minisat 2.2
(python-sat) proves that no solution differs from the grid at that cell, on the extended
CNF encoding of Lynce & Ouaknine ("Sudoku as a SAT problem", 2006). Removal stops at the
clue count asked for, or earlier when no further clue can be removed.

Answer syntax: the completed grid as n rows of n digits, top row first, one row per line;
spaces and box borders (``|``, lines of ``-``/``+``) are ignored. The verifier checks the
rules and the clues, so the grid is judged by constraints, not compared as a string.

Knobs: ``size`` (4, 6 or 9) and ``clues`` (the fraction of cells given, fewer is harder).
"""

from __future__ import annotations

import math
import random
from functools import cache
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.shared.answer_parsing import AnswerError, parse_grid
from rlvr_envs.families.shared.sat import cached_solver, exactly_one

BOXES = {4: (2, 2), 6: (2, 3), 9: (3, 3)}  # grid side -> (box rows, box columns)


class Sudoku(Family):
    """Complete a Sudoku with a unique solution."""

    knobs: ClassVar[dict[str, Knob]] = {
        "size": Knob(
            "categorical", choices=(4, 6, 9), default=9, doc="grid side (boxes 2x2, 2x3, 3x3)"
        ),
        "clues": Knob(
            "float",
            0.2,
            0.9,
            default=0.5,
            easy=0.75,
            hard=0.3,
            doc="fraction of cells given (never fewer than uniqueness allows)",
        ),
    }
    answer_syntax = "the completed grid, one row per line, digits only (e.g. 1234 / 3412 / ...)"
    answer_form = "grid of digits"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n = int(knobs["size"])
        grid = random_grid(rng, n)
        target = max(1, round(knobs["clues"] * n * n))
        given = remove_clues(rng, grid, n, target)
        puzzle = [
            "".join(str(v) if g else "." for v, g in zip(grid[r], given[r])) for r in range(n)
        ]
        bh, bw = BOXES[n]
        question = (
            f"Solve this {n}x{n} Sudoku. Fill every empty cell (.) with a digit from 1 to {n} "
            f"so that each row, each column and each {bh}x{bw} box contains every digit "
            f"from 1 to {n} exactly once.\n\n{render(puzzle, n)}"
        )
        answer = "\n".join("".join(map(str, row)) for row in grid)
        return Draft(question, answer, {"size": n, "puzzle": puzzle})

    def check(self, problem: Problem, answer: str) -> Judgement:
        n = problem.meta["size"]
        symbols = {str(d): d for d in range(1, n + 1)}
        try:
            grid = parse_grid(answer, n, n, symbols, "digit")
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        for r, row in enumerate(problem.meta["puzzle"]):
            for c, char in enumerate(row):
                if char != "." and grid[r][c] != int(char):
                    return Judgement.wrong(why=f"the clue at row {r + 1}, column {c + 1} changed")
        full = set(range(1, n + 1))
        for kind, cells in groups(n):
            if {grid[r][c] for r, c in cells} != full:
                return Judgement.wrong(why=f"a {kind} does not hold every digit once")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Empty cells times log2(n): the bits a solver has to find."""
        n = problem.meta["size"]
        empty = sum(row.count(".") for row in problem.meta["puzzle"])
        return empty * math.log2(n)


def render(puzzle: list[str], n: int) -> str:
    """The grid with spaces between cells, ``|`` between boxes and a rule between bands."""
    bh, bw = BOXES[n]
    lines = []
    for r, row in enumerate(puzzle):
        if r and r % bh == 0:
            lines.append("-+-".join("-" * (2 * bw - 1) for _ in range(n // bw)))
        stacks = [" ".join(row[c : c + bw]) for c in range(0, n, bw)]
        lines.append(" | ".join(stacks))
    return "\n".join(lines)


@cache
def groups(n: int) -> tuple[tuple[str, tuple[tuple[int, int], ...]], ...]:
    """Every row, column and box of the n x n grid as (kind, cells)."""
    bh, bw = BOXES[n]
    out = [("row", tuple((r, c) for c in range(n))) for r in range(n)]
    out += [("column", tuple((r, c) for r in range(n))) for c in range(n)]
    for br in range(0, n, bh):
        for bc in range(0, n, bw):
            out.append(("box", tuple((br + i, bc + j) for i in range(bh) for j in range(bw))))
    return tuple(out)


@cache
def _peers(n: int) -> tuple[tuple[int, ...], ...]:
    """For each cell index r * n + c, the indices of the other cells of its row, column, box."""
    peers: list[set[int]] = [set() for _ in range(n * n)]
    for _, cells in groups(n):
        indices = [r * n + c for r, c in cells]
        for i in indices:
            peers[i].update(j for j in indices if j != i)
    return tuple(tuple(sorted(p)) for p in peers)


def _cnf(n: int) -> list[list[int]]:
    """Extended encoding: each cell exactly one digit, each group each digit exactly once.

    Variable ``(r * n + c) * n + d + 1`` means "cell (r, c) holds digit d + 1".
    """
    clauses: list[list[int]] = []
    for cell in range(n * n):
        clauses += exactly_one([cell * n + d + 1 for d in range(n)])
    for _, cells in groups(n):
        for d in range(n):
            clauses += exactly_one([(r * n + c) * n + d + 1 for r, c in cells])
    return clauses


def complete_grid(
    rng: random.Random, n: int, box_of: list[int], seeded: list[tuple[int, int]]
) -> list[list[int]] | None:
    """A random n x n grid with every digit 1..n once per row, column and box (``box_of[i]``
    is cell i's box; give every cell its own box for a plain Latin square), extending the
    ``seeded`` (cell, digit) pairs: randomised backtracking that fills the cell with the
    fewest candidates first. None when the seeds do not extend."""
    full = (1 << n) - 1
    rows, cols, boxes = [0] * n, [0] * n, [0] * (max(box_of) + 1)
    cells = [0] * (n * n)

    def put(i: int, d: int) -> None:
        bit = 1 << (d - 1)
        cells[i] = d
        rows[i // n] |= bit
        cols[i % n] |= bit
        boxes[box_of[i]] |= bit

    def take(i: int) -> None:
        bit = ~(1 << (cells[i] - 1))
        cells[i] = 0
        rows[i // n] &= bit
        cols[i % n] &= bit
        boxes[box_of[i]] &= bit

    def solve() -> bool:
        best, best_mask, best_count = -1, 0, n + 1
        for i in range(n * n):
            if cells[i]:
                continue
            mask = full & ~(rows[i // n] | cols[i % n] | boxes[box_of[i]])
            count = mask.bit_count()
            if count < best_count:
                best, best_mask, best_count = i, mask, count
                if count <= 1:
                    break
        if best < 0:
            return True
        digits = [d + 1 for d in range(n) if best_mask >> d & 1]
        rng.shuffle(digits)
        for d in digits:
            put(best, d)
            if solve():
                return True
            take(best)
        return False

    for i, d in seeded:
        put(i, d)
    if not solve():
        return None
    return [cells[r * n : (r + 1) * n] for r in range(n)]


def random_grid(rng: random.Random, n: int) -> list[list[int]]:
    """A random complete grid: random diagonal boxes, then :func:`complete_grid`."""
    bh, bw = BOXES[n]
    box_of = [(i // n // bh) * (n // bw) + (i % n) // bw for i in range(n * n)]
    # On 9x9 the three diagonal boxes share no row or column and always extend to a full
    # grid; on 4x4 and 6x6 two random diagonal boxes may not, so only the first is drawn.
    seeded = []
    for k in range(3 if n == 9 else 1):
        digits = rng.sample(range(1, n + 1), n)
        seeded += [((k * bh + j // bw) * n + k * bw + j % bw, digits[j]) for j in range(n)]
    grid = complete_grid(rng, n, box_of, seeded)
    if grid is None:  # pragma: no cover - impossible for the boxes drawn above
        raise RuntimeError("the random Sudoku boxes do not extend to a grid")
    return grid


def remove_clues(
    rng: random.Random, grid: list[list[int]], n: int, target: int
) -> list[list[bool]]:
    """Which cells stay given: removals in random order that keep the solution unique."""
    flat = [v for row in grid for v in row]
    literal = [i * n + flat[i] for i in range(n * n)]  # "cell i holds its digit"
    given = [True] * (n * n)
    peers = _peers(n)
    full = (1 << n) - 1
    solver = cached_solver(("sudoku", n), lambda: _cnf(n))
    count = n * n
    order = list(range(n * n))
    rng.shuffle(order)
    for i in order:
        if count <= target:
            break
        given[i] = False
        seen = 0
        for j in peers[i]:
            if given[j]:
                seen |= 1 << (flat[j] - 1)
        if seen | (1 << (flat[i] - 1)) != full:  # not forced: ask the solver for a rival
            assumptions = [literal[j] for j in range(n * n) if given[j]]
            assumptions.append(-literal[i])
            if solver.solve(assumptions=assumptions):
                given[i] = True
                continue
        count -= 1
    return [given[r * n : (r + 1) * n] for r in range(n)]
