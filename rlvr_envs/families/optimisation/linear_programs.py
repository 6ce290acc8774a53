"""Exact optima of small linear programs, for the LinearProgram families.

A programme ``maximise c.x subject to A x <= b, x >= 0`` with integer data has its optimum,
when it has one, at a vertex: a point where ``n`` of the ``m + n`` inequalities hold with
equality. :func:`best_vertex` solves every such system at once in floating point (numpy),
then solves the best candidates again with exact fractions and keeps the best that is
exactly feasible. :func:`solve_exactly` is the exact solve; :func:`dual_vertex` is the
same search on the dual (``A^T y >= c, y >= 0``, least ``b.y``): a primal point whose value
meets a dual bound proves both optimal (LP duality), so a generator that finds them equal
has proved its optimum.
"""

from __future__ import annotations

import itertools
import re
from fractions import Fraction
from functools import cache

import numpy as np

from rlvr_envs.families.shared.answer_parsing import AnswerError
from rlvr_envs.numbers import parse_integer, parse_rational


@cache
def _bases(rows: int, size: int) -> np.ndarray:
    return np.array(list(itertools.combinations(range(rows), size)), dtype=np.int64)


def determinant(matrix: list[list[int]]) -> int:
    """The determinant of a square integer matrix (Bareiss's fraction-free elimination)."""
    rows = [list(row) for row in matrix]
    size, sign, previous = len(rows), 1, 1
    for k in range(size - 1):
        if rows[k][k] == 0:
            swap = next((r for r in range(k + 1, size) if rows[r][k] != 0), None)
            if swap is None:
                return 0
            rows[k], rows[swap], sign = rows[swap], rows[k], -sign
        for i in range(k + 1, size):
            for j in range(k + 1, size):
                rows[i][j] = (rows[i][j] * rows[k][k] - rows[i][k] * rows[k][j]) // previous
        previous = rows[k][k]
    return sign * rows[-1][-1]


def solve_exactly(matrix: list[list[int]], rhs: list[int]) -> tuple[list[int], int] | None:
    """The unique solution of ``matrix x = rhs`` as integer numerators over one positive
    denominator (Cramer's rule), or None when the matrix is singular."""
    den = determinant(matrix)
    if den == 0:
        return None
    nums = [
        determinant([[*row[:j], r, *row[j + 1 :]] for row, r in zip(matrix, rhs)])
        for j in range(len(matrix))
    ]
    return ([-v for v in nums], -den) if den < 0 else (nums, den)


def feasible(a: list[list[int]], b: list[int], x: list[Fraction]) -> bool:
    """Whether ``x >= 0`` and ``A x <= b`` hold exactly."""
    return all(v >= 0 for v in x) and all(
        sum(coef * v for coef, v in zip(row, x)) <= limit for row, limit in zip(a, b)
    )


def best_vertex(
    a: list[list[int]], b: list[int], c: list[int]
) -> tuple[Fraction, list[Fraction]] | None:
    """The largest ``c.x`` over the vertices of ``A x <= b, x >= 0`` and a vertex reaching it
    (None when no vertex is feasible)."""
    n = len(c)
    rows = np.vstack([np.array(a, dtype=float), -np.eye(n)])
    rhs = np.concatenate([np.array(b, dtype=float), np.zeros(n)])
    bases = _bases(len(rows), n)
    systems = rows[bases]
    regular = np.abs(np.linalg.det(systems)) > 1e-9
    bases, systems = bases[regular], systems[regular]
    points = np.linalg.solve(systems, rhs[bases][:, :, None])[:, :, 0]
    ok = (points @ rows.T <= rhs + 1e-7).all(axis=1)
    if not ok.any():
        return None
    values = points[ok] @ np.array(c, dtype=float)
    top = values.max()
    best: tuple[Fraction, list[Fraction]] | None = None
    exact_rows = [list(row) for row in a] + [[-int(i == j) for j in range(n)] for i in range(n)]
    exact_rhs = [*b, *([0] * n)]
    for basis in bases[ok][values >= top - 1e-6]:
        solved = solve_exactly([exact_rows[i] for i in basis], [exact_rhs[i] for i in basis])
        if solved is None:
            continue
        nums, den = solved
        if any(sum(k * v for k, v in zip(row, nums)) > limit * den
               for row, limit in zip(exact_rows, exact_rhs)):  # fmt: skip
            continue
        value = Fraction(sum(cj * v for cj, v in zip(c, nums)), den)
        if best is None or value > best[0]:
            best = (value, [Fraction(v, den) for v in nums])
    return best


def dual_vertex(a: list[list[int]], b: list[int], c: list[int]) -> tuple[Fraction, list[Fraction]]:
    """The least bound ``b.y`` over the vertices of ``A^T y >= c, y >= 0`` and a vertex
    reaching it: the dual of ``max c.x, A x <= b, x >= 0`` (written as a maximisation)."""
    transposed = [[-a[i][j] for i in range(len(a))] for j in range(len(c))]
    value, y = best_vertex(transposed, [-v for v in c], [-v for v in b])
    return -value, y


# -- how the programmes are written and read ------------------------------------------------------
NAMES = ("x", "y", "z", "w")
_LABELLED = re.compile(r"\s*([a-z]\w*)\s*=\s*(.*)", re.DOTALL)


def linear_form(coefs: list[int], names: tuple[str, ...] | list[str] = NAMES) -> str:
    """``3x + 2y + z``: the terms with non-zero coefficients."""
    terms = [f"{'' if k == 1 else k}{v}" for k, v in zip(coefs, names) if k]
    return " + ".join(terms)


def show_constraints(a: list[list[int]], b: list[int], names: tuple[str, ...] = NAMES) -> str:
    """One numbered line per constraint (``(1) 2x + y <= 14``)."""
    return "\n".join(
        f"({i}) {linear_form(row, names)} <= {limit}" for i, (row, limit) in enumerate(zip(a, b), 1)
    )


def read_values(text: str, names: list[str] | tuple[str, ...], integer: bool) -> list[Fraction]:
    """Comma-separated exact values, one per name, optionally in parentheses and optionally
    labelled in order (``(3/2, 4)``, ``x = 3/2, y = 4``); integers only where ``integer``."""
    text = text.strip()
    if text.startswith("(") and text.endswith(")"):
        text = text[1:-1]
    parts = text.split(",")
    if len(parts) != len(names):
        raise AnswerError(f"expected {len(names)} values separated by commas")
    values = []
    for part, name in zip(parts, names):
        labelled = _LABELLED.fullmatch(part)
        if labelled:
            if labelled[1] != name:
                raise AnswerError(f"expected the value of {name}, in order")
            part = labelled[2]
        value = parse_integer(part) if integer else parse_rational(part)
        if value is None:
            raise AnswerError(f"{part.strip()[:20]!r} is not an exact number")
        values.append(Fraction(value))
    return values


def show_value(value: Fraction) -> str:
    """An exact value as the answers write it: ``7``, ``-3/2``."""
    return str(value.numerator) if value.denominator == 1 else f"{value}"
