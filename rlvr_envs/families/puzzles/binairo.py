"""Binairo (Takuzu): fill an n x n grid with 0s and 1s under three rules.

Rules (Binairo of Peter De Schepper and Frank Coussement, also sold as Takuzu): every row
and every column holds as many 0s as 1s; no three equal digits sit next to each other in a
row or a column; no two rows are the same and no two columns are the same. The given
digits may not be changed.

Every puzzle has exactly one solution. The generator draws a random solution row by row
(randomised backtracking over the rows that are balanced and free of triples), then removes
givens in a random order and keeps each removal only when the grid is still determined:
either the removed cell is forced by the givens of its own row or column (a pair or a
sandwich of equal digits beside it, or a line whose digit count is already full), or
Minisat 2.2 (python-sat) proves that no solution differs from the grid at that cell, on a
CNF with sequential-counter cardinality constraints (Sinz 2005) for the balance rule, two
clauses per triple of neighbours and, per pair of lines, auxiliary "differs here"
variables of which one must hold. Removal stops at the number of givens asked for, or
earlier when no further given can go.

Answer syntax: the completed grid as n rows of n digits 0 and 1, top row first, one row per
line (spaces or commas between digits are ignored; rows may also be separated by ``/``).
The verifier checks every rule and every given, so the grid is judged by the rules, not
compared as a string (the solution is unique all the same).

Knobs: ``size`` (4, 6, 8, 10; larger is harder) and ``clues`` (the fraction of cells
given; fewer is harder). Difficulty maps ``size`` 4 -> 10 and ``clues`` 0.5 -> 0.2.

Speed: each removal that the simple rules do not settle costs one SAT call (tens to
hundreds of microseconds) on a solver built once per size and thread. At the default knobs
(6 x 6) that is about 3,500 puzzles per second on one core and at difficulty 0.5 (8 x 8)
about 1,000, but a 10 x 10 puzzle at difficulty 1 needs some sixty calls, about 7 ms
(about 150 per second, below the 200 aimed for): the price of proving uniqueness cell by
cell, and the reason the size stops at 10.
"""

from __future__ import annotations

import itertools
import random
from functools import cache
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.puzzles.shading import Pool, equals
from rlvr_envs.families.shared.answer_parsing import AnswerError, parse_grid
from rlvr_envs.families.shared.sat import cached_solver

SYMBOLS = {"0": 0, "1": 1}


class Binairo(Family):
    """Complete a Binairo (Takuzu) grid with a unique solution."""

    knobs: ClassVar[dict[str, Knob]] = {
        "size": Knob(
            "categorical",
            choices=(4, 6, 8, 10),
            default=6,
            easy=4,
            hard=10,
            doc="grid side (even)",
        ),
        "clues": Knob(
            "float",
            0.1,
            0.9,
            default=0.4,
            easy=0.5,
            hard=0.2,
            doc="fraction of cells given (never fewer than uniqueness allows)",
        ),
    }
    answer_syntax = (
        "the completed grid, one row per line, digits 0 and 1 only (e.g. 0110 / 1001 / ...)"
    )
    answer_form = "grid of 0 and 1"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n = int(knobs["size"])
        grid = random_solution(rng, n)
        target = max(1, round(knobs["clues"] * n * n))
        given = remove_givens(rng, grid, n, target)
        puzzle = [
            "".join(str(grid[r][c]) if given[r][c] else "." for c in range(n)) for r in range(n)
        ]
        question = (
            f"Solve this {n}x{n} Binairo (Takuzu) puzzle. Fill every empty cell (.) with 0 "
            "or 1 so that:\n"
            f"- every row and every column holds exactly {n // 2} zeros and {n // 2} ones;\n"
            "- no three equal digits are next to each other in a row or a column;\n"
            "- no two rows are identical and no two columns are identical.\n"
            "The given digits stay as they are.\n\n"
            + "\n".join(" ".join(row) for row in puzzle)
            + "\n\nWrite the completed grid as rows of 0s and 1s, one row per line."
        )
        answer = "\n".join("".join(map(str, row)) for row in grid)
        return Draft(question, answer, {"size": n, "puzzle": puzzle})

    def check(self, problem: Problem, answer: str) -> Judgement:
        n = problem.meta["size"]
        try:
            grid = parse_grid(answer, n, n, SYMBOLS, "digit")
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        for r, row in enumerate(problem.meta["puzzle"]):
            for c, char in enumerate(row):
                if char != "." and grid[r][c] != int(char):
                    return Judgement.wrong(why=f"the given at row {r + 1}, column {c + 1} changed")
        why = rule_violation(grid)
        return Judgement.wrong(why=why) if why else Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Empty cells: the bits a solver has to find."""
        return float(sum(row.count(".") for row in problem.meta["puzzle"]))


def rule_violation(grid: list[list[int]]) -> str | None:
    """The first broken rule of a complete grid, or None when it keeps all three."""
    n = len(grid)
    lines = [("row", i + 1, list(row)) for i, row in enumerate(grid)]
    lines += [("column", j + 1, [grid[i][j] for i in range(n)]) for j in range(n)]
    for kind, index, line in lines:
        if sum(line) * 2 != n:
            return f"{kind} {index} does not hold as many 0s as 1s"
        for k in range(n - 2):
            if line[k] == line[k + 1] == line[k + 2]:
                return f"{kind} {index} has three equal digits in a row"
    for kind in ("row", "column"):
        seen: dict[tuple[int, ...], int] = {}
        for kind_, index, line in lines:
            if kind_ != kind:
                continue
            key = tuple(line)
            if key in seen:
                return f"{kind}s {seen[key]} and {index} are identical"
            seen[key] = index
    return None


@cache
def valid_rows(n: int) -> tuple[tuple[int, ...], ...]:
    """Every balanced line of length n without three equal digits in a row."""
    out = []
    for bits in itertools.product((0, 1), repeat=n):
        if sum(bits) * 2 != n:
            continue
        if any(bits[k] == bits[k + 1] == bits[k + 2] for k in range(n - 2)):
            continue
        out.append(bits)
    return tuple(out)


def random_solution(rng: random.Random, n: int) -> list[list[int]]:
    """A random complete grid: cells filled in reading order with a random digit first,
    backtracking on the balance and triple rules (rows checked distinct as each one ends,
    columns at the end)."""
    half = n // 2
    cells = [0] * (n * n)
    row_count = [[0, 0] for _ in range(n)]
    col_count = [[0, 0] for _ in range(n)]
    coins = [rng.random() < 0.5 for _ in range(n * n)]
    rows_seen: set[tuple[int, ...]] = set()

    def fill(i: int) -> bool:
        if i == n * n:
            return len({tuple(cells[c::n]) for c in range(n)}) == n
        r, c = divmod(i, n)
        for v in (1, 0) if coins[i] else (0, 1):
            if row_count[r][v] == half or col_count[c][v] == half:
                continue
            if c >= 2 and cells[i - 1] == cells[i - 2] == v:
                continue
            if r >= 2 and cells[i - n] == cells[i - 2 * n] == v:
                continue
            zr, orow = half - row_count[r][0] - (v == 0), half - row_count[r][1] - (v == 1)
            zc, oc = half - col_count[c][0] - (v == 0), half - col_count[c][1] - (v == 1)
            if max(zr, orow) > 2 * min(zr, orow) + 2 or max(zc, oc) > 2 * min(zc, oc) + 2:
                continue  # the rest of the line could not avoid three equal digits
            cells[i] = v
            if c == n - 1:
                row = tuple(cells[i - n + 1 : i + 1])
                if row in rows_seen:
                    continue
                rows_seen.add(row)
            row_count[r][v] += 1
            col_count[c][v] += 1
            if fill(i + 1):
                return True
            row_count[r][v] -= 1
            col_count[c][v] -= 1
            if c == n - 1:
                rows_seen.discard(tuple(cells[i - n + 1 : i + 1]))
        return False

    if not fill(0):  # pragma: no cover - every even n >= 4 has solutions
        raise RuntimeError(f"no {n}x{n} Binairo grid")
    return [cells[r * n : (r + 1) * n] for r in range(n)]


@cache
def _cnf(n: int) -> tuple[tuple[int, ...], ...]:
    """The rules as CNF; variable ``r * n + c + 1`` means "cell (r, c) holds 1"."""
    pool = Pool(n * n)
    var = [[r * n + c + 1 for c in range(n)] for r in range(n)]
    lines = [row for row in var] + [[var[r][c] for r in range(n)] for c in range(n)]
    clauses: list[list[int]] = []
    for line in lines:
        clauses += equals(line, n // 2, pool)
        for k in range(n - 2):
            a, b, c = line[k : k + 3]
            clauses += [[a, b, c], [-a, -b, -c]]
    for group in (lines[:n], lines[n:]):
        for one, two in itertools.combinations(group, 2):
            differs = []
            for a, b in zip(one, two):
                d = pool.new()
                clauses += [[-d, a, b], [-d, -a, -b]]
                differs.append(d)
            clauses.append(differs)
    return tuple(tuple(c) for c in clauses)


def _forced(grid: list[int], given: list[bool], n: int, i: int) -> bool:
    """Whether the givens of cell i's row and column alone force its digit."""
    r, c = divmod(i, n)
    value = grid[i]
    for line in (range(r * n, r * n + n), range(c, n * n, n)):
        cells = list(line)
        k = cells.index(i)
        same = sum(1 for j in cells if given[j] and grid[j] == 1 - value)
        if same == n // 2:  # the other digit is used up in this line
            return True
        for a, b in ((k - 2, k - 1), (k + 1, k + 2), (k - 1, k + 1)):
            if a >= 0 and b < n:
                ja, jb = cells[a], cells[b]
                if given[ja] and given[jb] and grid[ja] == grid[jb] == 1 - value:
                    return True
    return False


def remove_givens(
    rng: random.Random, grid: list[list[int]], n: int, target: int
) -> list[list[bool]]:
    """Which cells stay given: removals in random order that keep the solution unique."""
    flat = [v for row in grid for v in row]
    literal = [i + 1 if flat[i] else -(i + 1) for i in range(n * n)]
    given = [True] * (n * n)
    solver = cached_solver(("binairo", n), lambda: [list(c) for c in _cnf(n)])
    count = n * n
    order = list(range(n * n))
    rng.shuffle(order)
    for i in order:
        if count <= target:
            break
        given[i] = False
        if not _forced(flat, given, n, i):
            assumptions = [literal[j] for j in range(n * n) if given[j]]
            assumptions.append(-literal[i])
            if solver.solve(assumptions=assumptions):
                given[i] = True
                continue
        count -= 1
    return [given[r * n : (r + 1) * n] for r in range(n)]
