"""Exact matrix helpers the linear-algebra families share.

Everything is plain Python: integers and :class:`fractions.Fraction`, Gauss-Jordan
elimination over the rationals, Bareiss for integer determinants, unimodular matrices (and
their integer inverses) from elementary operations, the canonical text of matrices and
vectors (rows ``[[1, 2], [3, 4]]``, tuples ``(1, -2, 3/2)``), and a strict reader of rational
literals in model output. Matrices are small (at most 7x7), so nothing here needs numpy or
sympy.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from fractions import Fraction

from rlvr_envs.families.shared.formulas import fraction_text
from rlvr_envs.numbers import normalise, parse_integer

Matrix = list[list[Fraction]]


# -- arithmetic ---------------------------------------------------------------------------------
def identity(n: int) -> list[list[int]]:
    return [[int(i == j) for j in range(n)] for i in range(n)]


def mat_mul(a: Sequence[Sequence], b: Sequence[Sequence]) -> list[list]:
    """The product ``a b`` (entries int or Fraction)."""
    columns = list(zip(*b))
    return [[sum(x * y for x, y in zip(row, col)) for col in columns] for row in a]


def mat_vec(a: Sequence[Sequence], v: Sequence) -> list:
    return [sum(x * y for x, y in zip(row, v)) for row in a]


def mat_pow(a: Sequence[Sequence], n: int) -> list[list]:
    """``a^n`` for n >= 0 by repeated squaring."""
    result: list[list] = identity(len(a))
    base = [list(row) for row in a]
    while n:
        if n & 1:
            result = mat_mul(result, base)
        n >>= 1
        if n:
            base = mat_mul(base, base)
    return result


def transpose(a: Sequence[Sequence]) -> list[list]:
    return [list(col) for col in zip(*a)]


def determinant(a: Sequence[Sequence[int]]) -> int:
    """The determinant of an integer matrix (Bareiss fraction-free elimination)."""
    m = [list(row) for row in a]
    n, sign, previous = len(m), 1, 1
    for k in range(n - 1):
        if m[k][k] == 0:
            swap = next((r for r in range(k + 1, n) if m[r][k] != 0), None)
            if swap is None:
                return 0
            m[k], m[swap] = m[swap], m[k]
            sign = -sign
        for i in range(k + 1, n):
            for j in range(k + 1, n):
                m[i][j] = (m[i][j] * m[k][k] - m[i][k] * m[k][j]) // previous
        previous = m[k][k]
    return sign * m[n - 1][n - 1]


def rref(a: Sequence[Sequence]) -> tuple[Matrix, list[int]]:
    """The reduced row echelon form of ``a`` over the rationals and its pivot columns."""
    m = [[Fraction(x) for x in row] for row in a]
    rows = len(m)
    cols = len(m[0]) if rows else 0
    pivots: list[int] = []
    r = 0
    for c in range(cols):
        if r == rows:
            break
        p = next((i for i in range(r, rows) if m[i][c] != 0), None)
        if p is None:
            continue
        m[r], m[p] = m[p], m[r]
        lead = m[r][c]
        m[r] = [x / lead for x in m[r]]
        for i in range(rows):
            if i != r and m[i][c] != 0:
                f = m[i][c]
                m[i] = [x - f * y for x, y in zip(m[i], m[r])]
        pivots.append(c)
        r += 1
    return m, pivots


def rank(a: Sequence[Sequence]) -> int:
    return len(rref(a)[1]) if a else 0


def inverse(a: Sequence[Sequence]) -> Matrix | None:
    """The inverse over the rationals, or None when ``a`` is singular."""
    n = len(a)
    augmented = [list(row) + [int(i == j) for j in range(n)] for i, row in enumerate(a)]
    reduced, pivots = rref(augmented)
    if pivots[:n] != list(range(n)):
        return None
    return [row[n:] for row in reduced]


def null_space(
    a: Sequence[Sequence], reduced: tuple[Matrix, list[int]] | None = None
) -> list[list[Fraction]]:
    """A basis of ``{x : a x = 0}`` (one vector per free column); ``reduced`` is
    ``rref(a)`` when the caller has it already."""
    reduced, pivots = reduced if reduced is not None else rref(a)
    cols = len(a[0])
    basis = []
    for free in (c for c in range(cols) if c not in pivots):
        v = [Fraction(0)] * cols
        v[free] = Fraction(1)
        for row, p in zip(reduced, pivots):
            v[p] = -row[free]
        basis.append(v)
    return basis


def integer_vector(v: Sequence[Fraction]) -> list[int]:
    """The primitive integer multiple of a nonzero rational vector (first nonzero > 0)."""
    from math import gcd, lcm

    den = lcm(*(Fraction(x).denominator for x in v))
    ints = [int(Fraction(x) * den) for x in v]
    g = gcd(*ints) or 1
    ints = [x // g for x in ints]
    lead = next((x for x in ints if x), 1)
    return [-x for x in ints] if lead < 0 else ints


# -- construction -------------------------------------------------------------------------------
def unimodular(
    rng: random.Random, n: int, steps: int, size: int = 2
) -> tuple[list[list[int]], list[list[int]]]:
    """A random integer matrix ``U`` with ``det U = +-1`` and its integer inverse.

    ``U`` is a product of ``steps`` elementary operations (add ``c`` times one row to
    another, ``|c| <= size``; swap two rows), applied to ``I`` and, inverted in reverse
    order, to the inverse.
    """
    u, u_inv = identity(n), identity(n)
    if n < 2:
        return u, u_inv
    for _ in range(steps):
        i, j = rng.sample(range(n), 2)
        if rng.random() < 0.15:
            u[i], u[j] = u[j], u[i]
            for row in u_inv:  # (E U)^-1 = U^-1 E^-1: swap columns
                row[i], row[j] = row[j], row[i]
            continue
        c = rng.choice([k for k in range(-size, size + 1) if k])
        u[i] = [x + c * y for x, y in zip(u[i], u[j])]
        for row in u_inv:  # column j of U^-1 -= c * column i
            row[j] -= c * row[i]
    return u, u_inv


def max_entry(a: Sequence[Sequence]) -> int:
    return max(abs(x) for row in a for x in row)


# -- text ---------------------------------------------------------------------------------------
def matrix_text(a: Sequence[Sequence]) -> str:
    """``[[1, -2], [3/2, 4]]``."""
    return "[" + ", ".join("[" + ", ".join(_num(x) for x in row) + "]" for row in a) + "]"


def vector_text(v: Sequence) -> str:
    """``(1, -2, 3/2)``."""
    return "(" + ", ".join(_num(x) for x in v) + ")"


def _num(x: int | Fraction) -> str:
    return fraction_text(Fraction(x))


def digits_in(a: Sequence[Sequence]) -> int:
    return sum(len(str(abs(Fraction(x).numerator))) for row in a for x in row)


# -- reading model output -----------------------------------------------------------------------
def rational_literal(text: str) -> Fraction | None:
    """An integer or ``p/q`` in lowest terms with ``q > 1`` (sign in front); else None."""
    text = text.strip()
    if "/" not in text:
        value = parse_integer(text)
        return None if value is None else Fraction(value)
    top, _, bottom = text.partition("/")
    p, q = parse_integer(top.strip()), parse_integer(bottom.strip())
    if p is None or q is None or q < 2 or bottom.strip().startswith(("-", "+")):
        return None
    from math import gcd

    if gcd(p, q) != 1:
        return None
    return Fraction(p, q)


_LATEX_FRACTION = re.compile(r"\\[dt]?frac\s*\{\s*([+-]?\d+)\s*\}\s*\{\s*(\d+)\s*\}")
"""``\\frac{p}{q}`` (also ``\\dfrac``, ``\\tfrac``, ``\\frac{-p}{q}``): read as ``p/q``."""


def rational_list(text: str, *, brackets: str = "()") -> list[Fraction] | None:
    """``(1, -2, 3/4)`` or the bare list ``1, -2, 3/4``: a list of rational literals.

    Items are separated by ``, `` or ``,`` followed by a space or by ``;``; None when any
    item is not a rational literal. LaTeX fractions ``\\frac{p}{q}`` and ``\\left( ... \\right)``
    are read as ``p/q`` and ``( ... )``. Thousands separators are not accepted inside a list.
    """
    text = normalise(text).strip()
    if len(text) > 5000:
        return None
    text = _LATEX_FRACTION.sub(r"\1/\2", text)
    text = text.replace("\\left", "").replace("\\right", "").strip()
    if text[:1] == brackets[0] and text[-1:] == brackets[1]:
        text = text[1:-1]
    elif text[:1] in "([{" or text[-1:] in ")]}":
        return None
    parts = [p.strip() for p in text.replace(";", ",").split(",")]
    values = []
    for part in parts:
        if not part or " " in part:
            return None
        value = rational_literal(part)
        if value is None:
            return None
        values.append(value)
    return values
