"""Kakurasu: shade cells so that weighted row and column sums match the clues.

The Japanese puzzle Kakurasu (also "Index Sums"): on an n x n grid, a shaded cell in column
j (numbered 1 to n from the left) adds j to its row's sum, and a shaded cell in row i
(numbered 1 to n from the top) adds i to its column's sum. Each row's and each column's
sum is given; shade the cells that make every sum right.

The generator shades random cells (each with probability ``fill``) and keeps the grid only
when an exhaustive search proves that no other shading has the same sums: each row and
column starts with every subset of {1..n} that makes its sum; line solving keeps the
subsets that agree with the cells known so far and marks the cells on which they all agree,
until nothing changes; then the search branches on the line with the fewest subsets left
and stops at a second solution. Grids with a second solution (or no shaded cell) are drawn
again. The verifier
recomputes every sum, so any right answer is the unique one.

Answer syntax: the grid, one row per line from the top, ``*`` on every shaded cell and ``.``
on every other cell (``#``, ``X`` or ``1`` also shade, ``0`` or ``_`` leave a cell blank;
case, spaces and commas inside a row do not matter; rows may be separated by ``/``).

Knobs: ``size`` (rows and columns) and ``fill`` (the chance a cell is shaded; sums near half
the total have the most ways to be made). Difficulty raises both.

Speed: about 10,000 problems/s at the default 6x6 grid and 500/s at 8x8 (half of the 8x8
grids at fill 0.5 have a second solution and are drawn again) on one core (best of three
runs of 300 on an idle core; a loaded machine gives half that).
"""

from __future__ import annotations

import math
import random
from functools import cache
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.puzzles.marks import AnswerError, marks_text, parse_marks

SHADED = "*#xX1"
BLANK = "._0"
TRIES = 400


class Kakurasu(Family):
    """Shade a Kakurasu grid whose index sums have a unique solution."""

    knobs: ClassVar[dict[str, Knob]] = {
        "size": Knob("int", 3, 9, default=6, easy=4, hard=8, doc="rows and columns"),
        "fill": Knob(
            "float", 0.15, 0.5, default=0.4, easy=0.3, hard=0.5, doc="chance a cell is shaded"
        ),
    }
    answer_syntax = "the grid, one row per line, * for a shaded cell and . for a blank one"
    answer_form = "grid of * and ."
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, fill = int(knobs["size"]), float(knobs["fill"])
        for _ in range(TRIES):
            grid = [[int(rng.random() < fill) for _ in range(n)] for _ in range(n)]
            rows, cols = sums(grid)
            if any(rows) and count_solutions(tuple(rows), tuple(cols), 2) == 1:
                break
        else:  # pragma: no cover - unique grids are common at every knob value
            raise RuntimeError("no Kakurasu grid with a unique solution was found")
        header = "    " + " ".join(f"{j:>2}" for j in range(1, n + 1)) + "  | row sum"
        lines = [header]
        for i in range(n):
            lines.append(f"{i + 1:>2}  " + " ".join(" ." for _ in range(n)) + f"  | {rows[i]}")
        lines.append("sum " + " ".join(f"{c:>2}" for c in cols))
        question = (
            f"Kakurasu: shade some cells of this {n}x{n} grid. Columns are numbered 1 to {n} "
            f"from the left and rows 1 to {n} from the top. A shaded cell adds its column "
            "number to its row's sum and its row number to its column's sum. Shade the cells "
            "so that every row sum (right) and column sum (bottom) is as given; the shading "
            "is determined uniquely.\n\n"
            + "\n".join(lines)
            + "\n\nWrite the grid with one row per line, top row first: * on every shaded cell "
            "and . on every other cell."
        )
        return Draft(question, marks_text(grid), {"size": n, "rows": rows, "cols": cols})

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        n = meta["size"]
        try:
            grid = parse_marks(answer, n, n, SHADED, BLANK)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        rows, cols = sums(grid)
        for kind, want, got in (("row", meta["rows"], rows), ("column", meta["cols"], cols)):
            for i, (a, b) in enumerate(zip(want, got), 1):
                if a != b:
                    return Judgement.wrong(why=f"{kind} {i} sums to {b}, not {a}")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """log2 of the candidate shadings of every row and column, added up."""
        n = problem.meta["size"]
        table = _subsets(n)
        return sum(math.log2(len(table[s])) for s in problem.meta["rows"] + problem.meta["cols"])


def sums(grid: list[list[int]]) -> tuple[list[int], list[int]]:
    """(row sums of column numbers, column sums of row numbers), both 1-based."""
    n = len(grid)
    rows = [sum(j + 1 for j in range(n) if grid[i][j]) for i in range(n)]
    cols = [sum(i + 1 for i in range(n) if grid[i][j]) for j in range(n)]
    return rows, cols


@cache
def _subsets(n: int) -> tuple[tuple[int, ...], ...]:
    """For each sum s, the masks over {1..n} (bit k = k + 1) whose members add up to s."""
    table: list[list[int]] = [[] for _ in range(n * (n + 1) // 2 + 1)]
    for mask in range(1 << n):
        table[sum(k + 1 for k in range(n) if mask >> k & 1)].append(mask)
    return tuple(tuple(t) for t in table)


def count_solutions(rows: tuple[int, ...], cols: tuple[int, ...], limit: int) -> int:
    """How many grids have these sums (counting stops at ``limit``).

    Line solving (each row's and column's candidate subsets are filtered against the cells
    known so far, and cells on which all of a line's candidates agree become known) until
    nothing changes, then a branch on the line with the fewest candidates left.
    """
    n = len(rows)
    table = _subsets(n)
    lines = [list(table[s]) for s in rows] + [list(table[s]) for s in cols]
    return _count(n, lines, [0] * n, [0] * n, limit)


def _count(n: int, lines: list[list[int]], ones: list[int], zeros: list[int], limit: int) -> int:
    """``ones``/``zeros``: per row, the bitmask of columns known shaded / blank."""
    full = (1 << n) - 1
    changed = True
    while changed:
        changed = False
        for k in range(2 * n):
            if k < n:
                on, off = ones[k], zeros[k]
            else:
                j = k - n
                on = sum(1 << i for i in range(n) if ones[i] >> j & 1)
                off = sum(1 << i for i in range(n) if zeros[i] >> j & 1)
            kept = [m for m in lines[k] if m & on == on and m & off == 0]
            if not kept:
                return 0
            if len(kept) != len(lines[k]):
                lines[k] = kept
            always, ever = full, 0
            for m in kept:
                always &= m
                ever |= m
            new_on, new_off = always & ~on, full & ~ever & ~off
            if new_on or new_off:
                changed = True
                if k < n:
                    ones[k] |= new_on
                    zeros[k] |= new_off
                else:
                    for i in range(n):
                        ones[i] |= (new_on >> i & 1) << j
                        zeros[i] |= (new_off >> i & 1) << j
    if all(ones[i] | zeros[i] == full for i in range(n)):
        return 1
    k = min((k for k in range(2 * n) if len(lines[k]) > 1), key=lambda k: len(lines[k]))
    found = 0
    for m in lines[k]:
        branch = [list(line) for line in lines]
        branch[k] = [m]
        found += _count(n, branch, list(ones), list(zeros), limit - found)
        if found >= limit:
            break
    return found
