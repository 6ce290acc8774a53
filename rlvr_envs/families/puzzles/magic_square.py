"""Magic square completion: fill the blanks of a partly given magic square.

A magic square of order n holds n*n distinct numbers from an allowed set (1 to n*n, or an
arithmetic progression start, start + step, ... of n*n terms) such that every row, every
column and both main diagonals add up to the same magic constant (n times the mean of the
set). The prompt gives some cells, the allowed set and the magic constant.

Squares are built, then disguised by transformations that keep them magic:

* order 3: the Lo Shu square under a random symmetry of the square (all eight 3x3 magic
  squares on 1..9 arise this way);
* order 5: ``n * s(A) + t(B) + 1`` for the linear Latin squares ``A = (a i + b j + c) mod 5``
  and ``B = (d i + e j + f) mod 5`` with a, b, d, e, a +- b, d +- e and ae - bd prime to 5
  (each row, column and diagonal then holds every residue once) and random permutations
  s, t of the residues;
* order 4: the same with the orthogonal diagonal Latin squares ``A = alpha i + j`` and
  ``B = beta i + j`` over GF(4) (alpha != beta, both neither 0 nor 1; the anti-diagonal is
  ``j = i + 3`` in GF(4));

then a random symmetry of the square, a random permutation p of the indices with
p(n-1-i) = n-1-p(i) applied to rows and columns at once, and the complement v -> n*n+1-v,
each of which keeps every line sum. The values 1..n*n are finally mapped onto the allowed
set by ``start + step * (v - 1)``.

Any completion that keeps the givens and follows the rules scores 1 (orders 4 and 5
usually have several). At order 3 the givens are extended until exactly one of the eight
squares on the allowed set fits them, so no fixed answer fits more than its share (one
puzzle in eight).

Answer syntax: the completed square, n rows of n numbers separated by spaces, one row per
line (rows may also be separated by ``/`` or ``;``; commas and ``|`` between numbers are
ignored).

Knobs: ``order`` (3 to 5), ``blanks`` (the fraction of cells left empty, more is harder)
and ``values`` (1 to n*n, then an arithmetic progression to be worked out from the list).
Difficulty raises the order from 4 to 5 (at 0.5), the blanks from 0.3 to 0.75 and switches
the values to a progression at 0.5. Order 3 is asked for explicitly only: on a given set
there are just eight 3x3 magic squares, so one fixed answer fits one puzzle in eight
(``rlvr audit`` measures about 0.13 for the Lo Shu square at order 3 on 1..9).
"""

from __future__ import annotations

import itertools
import math
import random
from functools import cache
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.puzzles.cages import AnswerError, number_grid_text, parse_number_grid

LO_SHU = ((2, 7, 6), (9, 5, 1), (4, 3, 8))
GF4_MUL = ((0, 0, 0, 0), (0, 1, 2, 3), (0, 2, 3, 1), (0, 3, 1, 2))


class MagicSquare(Family):
    """Complete a magic square (any completion that follows the rules is right)."""

    knobs: ClassVar[dict[str, Knob]] = {
        "order": Knob(
            "int",
            3,
            5,
            default=4,
            easy=4,
            hard=5,
            doc="side of the square; 3 only when asked for explicitly (eight squares)",
        ),
        "blanks": Knob(
            "float",
            0.1,
            0.9,
            default=0.5,
            easy=0.3,
            hard=0.75,
            doc="fraction of the cells left empty",
        ),
        "values": Knob(
            "categorical",
            choices=("1..n^2", "progression"),
            default="1..n^2",
            doc="the allowed numbers: 1 to n*n, or an arithmetic progression",
        ),
    }
    answer_syntax = (
        "the completed square, one row per line, numbers separated by spaces "
        "(e.g. 1 2 3 / 4 5 6 / 7 8 9 for the shape of a 3x3 answer)"
    )
    answer_form = "grid of numbers"
    unique_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n = int(knobs["order"])
        if knobs["values"] == "progression":
            start, step = rng.randint(2, 20), rng.randint(2, 5)
        else:
            start, step = 1, 1
        square = [[start + step * (v - 1) for v in row] for row in random_square(rng, n)]
        values = [start + step * k for k in range(n * n)]
        constant = sum(values) // n
        cells = list(range(n * n))
        rng.shuffle(cells)
        keep = max(1, n * n - round(knobs["blanks"] * n * n))
        shown = set(cells[:keep])
        if n == 3:  # extend the givens until one of the eight squares fits
            rivals = [
                [[start + step * (v - 1) for v in row] for row in grid]
                for grid in symmetries(LO_SHU)
            ]
            for i in cells[keep:]:
                fits = [g for g in rivals if all(g[j // 3][j % 3] == square[j // 3][j % 3]
                                                 for j in shown)]  # fmt: skip
                if len(fits) == 1:
                    break
                shown.add(i)
        puzzle = [[square[r][c] if r * n + c in shown else None for c in range(n)]
                  for r in range(n)]  # fmt: skip
        if start == 1 and step == 1:
            allowed = f"each of the numbers 1 to {n * n} exactly once"
        else:
            allowed = "each of these numbers exactly once: " + ", ".join(map(str, values))
        question = (
            f"Complete this {n}x{n} magic square. Fill every empty cell (.) so that the "
            f"square uses {allowed}, and every row, every column and both main diagonals "
            f"add up to the magic constant {constant}. The given numbers may not be "
            f"changed.\n\n{number_grid_text(puzzle)}"
        )
        answer = "\n".join(" ".join(map(str, row)) for row in square)
        meta = {"order": n, "values": values, "constant": constant, "puzzle": puzzle}
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        n, values, constant = meta["order"], meta["values"], meta["constant"]
        try:
            grid = parse_number_grid(answer, n, n, values[0], values[-1])
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        allowed = set(values)
        flat = [v for row in grid for v in row]
        stray = [v for v in flat if v not in allowed]
        if stray:
            return Judgement.wrong(why=f"{stray[0]} is not one of the allowed numbers")
        if len(set(flat)) != len(flat):
            return Judgement.wrong(why="a number is used twice")
        for r, row in enumerate(meta["puzzle"]):
            for c, value in enumerate(row):
                if value is not None and grid[r][c] != value:
                    return Judgement.wrong(why=f"the given at row {r + 1}, column {c + 1} changed")
        for name, line in lines(n):
            total = sum(grid[r][c] for r, c in line)
            if total != constant:
                return Judgement.wrong(why=f"{name} adds up to {total}, not {constant}")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Bits to find: empty cells times log2 of the number of allowed values (a list to
        decode counts 1.2 times)."""
        meta = problem.meta
        n = meta["order"]
        empty = sum(v is None for row in meta["puzzle"] for v in row)
        weight = 1.0 if meta["values"][:2] == [1, 2] else 1.2
        return empty * math.log2(n * n) * weight


@cache
def lines(n: int) -> tuple[tuple[str, tuple[tuple[int, int], ...]], ...]:
    """Every row, column and main diagonal as (name, cells)."""
    out = [(f"row {r + 1}", tuple((r, c) for c in range(n))) for r in range(n)]
    out += [(f"column {c + 1}", tuple((r, c) for r in range(n))) for c in range(n)]
    out.append(("the main diagonal", tuple((i, i) for i in range(n))))
    out.append(("the anti-diagonal", tuple((i, n - 1 - i) for i in range(n))))
    return tuple(out)


def symmetries(grid) -> list[list[list[int]]]:
    """The eight images of a square grid under rotations and reflections."""
    out = []
    current = [list(row) for row in grid]
    for _ in range(4):
        current = [list(row) for row in zip(*current[::-1])]  # rotate a quarter turn
        out.append(current)
        out.append([row[::-1] for row in current])
    return out


@cache
def _linear_coefficients(n: int) -> tuple[tuple[int, int, int, int], ...]:
    """(a, b, d, e) mod an odd prime n whose Latin squares make a magic square."""

    def unit(x: int) -> bool:
        return x % n != 0

    return tuple(
        (a, b, d, e)
        for a, b, d, e in itertools.product(range(1, n), repeat=4)
        if unit(a + b) and unit(a - b) and unit(d + e) and unit(d - e) and unit(a * e - b * d)
    )


def random_square(rng: random.Random, n: int) -> list[list[int]]:
    """A random magic square of order n on 1..n*n (see the module docstring)."""
    if n == 3:
        grid = [list(row) for row in LO_SHU]
    else:
        s = rng.sample(range(n), n)
        t = rng.sample(range(n), n)
        if n == 4:
            alpha, beta = rng.sample((2, 3), 2)

            def first(i: int, j: int) -> int:
                return GF4_MUL[alpha][i] ^ j

            def second(i: int, j: int) -> int:
                return GF4_MUL[beta][i] ^ j
        else:
            a, b, d, e = rng.choice(_linear_coefficients(n))
            c, f = rng.randrange(n), rng.randrange(n)

            def first(i: int, j: int) -> int:
                return (a * i + b * j + c) % n

            def second(i: int, j: int) -> int:
                return (d * i + e * j + f) % n

        grid = [[n * s[first(i, j)] + t[second(i, j)] + 1 for j in range(n)] for i in range(n)]
        # a permutation of the indices that commutes with i -> n-1-i, on rows and columns
        pairs = list(range(n // 2))
        rng.shuffle(pairs)
        p = list(range(n))
        for k, q in enumerate(pairs):
            flip = rng.random() < 0.5
            p[k], p[n - 1 - k] = (n - 1 - q, q) if flip else (q, n - 1 - q)
        grid = [[grid[p[i]][p[j]] for j in range(n)] for i in range(n)]
    grid = rng.choice(symmetries(grid))
    if rng.random() < 0.5:
        grid = [[n * n + 1 - v for v in row] for row in grid]
    return grid
