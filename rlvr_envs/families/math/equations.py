"""Equations: one linear equation, a square linear system, and a quadratic equation.

Every problem is built backwards from its solution with integer arithmetic, so the answer is
exact and unique (the system's matrix is checked to be invertible; the quadratic's answer
lists every distinct root once).
"""

from __future__ import annotations

import random
from fractions import Fraction
from math import gcd, isqrt
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.math._base import MathFamily, fraction_text, signed_term
from rlvr_envs.families.math.polynomials import polynomial_text


def _nonzero(rng: random.Random, size: int, least: int = 1) -> int:
    """A random integer with ``least <= |n| <= max(size, least)``."""
    return rng.choice((-1, 1)) * rng.randint(least, max(size, least))


def _linear_text(a: int, b: int, var: str = "x") -> str:
    """``3x - 5``, ``-x``, ``7``, ``0``."""
    text = signed_term(a, var, True) + signed_term(b, "", a == 0)
    return text or "0"


def _digit_count(text: str) -> int:
    return sum(c.isdigit() for c in text)


class LinearEquation(MathFamily):
    """Solve one linear equation in x.

    Difficulty moves ``form`` through ``simple`` (``3x + 4 = 19``), ``both_sides``
    (x on both sides), ``parentheses`` (``-3(2x - 5) + 4 = x + 7``), ``fractions``
    (``(2x + 1)/3 + 2 = (x - 4)/5``) and ``nested`` (``(3(2x - 1) + 4)/5 - 2 = (x + 7)/3``);
    raises ``coefficients`` (the largest absolute
    coefficient or solution); and switches ``solution`` from ``integer`` to ``fraction``
    (a non-integer rational solution).

    Answer syntax: the value of x, an integer or a fraction ``p/q`` in lowest terms
    (``x = 3`` is accepted too).
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "form": Knob(
            "categorical",
            choices=("simple", "both_sides", "parentheses", "fractions", "nested"),
            default="both_sides",
            doc="shape of the equation",
        ),
        "coefficients": Knob(
            "int", 2, 50, default=9, easy=5, hard=20, doc="largest absolute coefficient"
        ),
        "solution": Knob(
            "categorical", choices=("integer", "fraction"), default="integer", doc="solution kind"
        ),
    }
    answer_syntax = "the value of x (an integer, or a fraction p/q in lowest terms)"
    answer_form = "rational"
    answer_variables = ("x",)

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        size = knobs["coefficients"]
        fractional = knobs["solution"] == "fraction"
        build = _FORMS[knobs["form"]]
        for _ in range(100):
            built = build(rng, size, fractional)
            if built is not None:
                break
        else:  # practically unreachable: each builder succeeds with high probability
            built = ("2x + 1", "2", 1, 2) if fractional else ("2x + 1", "3", 2, 2)
        lhs, rhs, numerator, alpha = built
        x = Fraction(numerator, alpha)
        equation = f"{lhs} = {rhs}"
        return Draft(
            f"Solve for x: {equation}",
            fraction_text(x),
            {"equation": equation},
        )

    def complexity(self, problem: Problem) -> float:
        """Digits and operations in the equation plus the length of the solution."""
        equation = problem.meta["equation"]
        operations = sum(equation.count(c) for c in "+-/(")
        return _digit_count(equation) + operations + len(problem.answer)


def _target(rng: random.Random, alpha: int, size: int, fractional: bool) -> int | None:
    """``N = alpha * x`` for a random solution x: an integer, or ``w + j/q`` with q <= 12.

    None when ``alpha`` has no divisor in 2..12, so no such fraction can solve it.
    """
    whole = rng.randint(-size, size)
    if not fractional:
        return alpha * whole
    divisors = [q for q in range(2, 13) if alpha % q == 0]
    if not divisors:
        return None
    q = rng.choice(divisors)
    j = rng.choice([j for j in range(1, q) if gcd(j, q) == 1])
    return alpha * whole + alpha // q * j


Built = tuple[str, str, int, int]  # lhs, rhs, N, alpha with x = N / alpha


def _simple(rng: random.Random, size: int, fractional: bool) -> Built | None:
    """``a x + b = c``."""
    a = _nonzero(rng, size, 2 if fractional else 1)
    b = _nonzero(rng, size)
    n = _target(rng, a, size, fractional)
    if n is None:
        return None
    return _linear_text(a, b), str(n + b), n, a


def _both_sides(rng: random.Random, size: int, fractional: bool) -> Built | None:
    """``a x + b = c x + d``."""
    a, c, b = _nonzero(rng, size), _nonzero(rng, size), _nonzero(rng, size)
    alpha = a - c
    if alpha == 0:
        return None
    n = _target(rng, alpha, size, fractional)
    if n is None:
        return None
    return _linear_text(a, b), _linear_text(c, n + b), n, alpha


def _parentheses(rng: random.Random, size: int, fractional: bool) -> Built | None:
    """``m(p x + q) + r = c x + d``."""
    m, p, q = _nonzero(rng, size, 2), _nonzero(rng, size), _nonzero(rng, size)
    r, c = rng.randint(-size, size), _nonzero(rng, size)
    alpha = m * p - c
    if alpha == 0:
        return None
    n = _target(rng, alpha, size, fractional)
    if n is None:
        return None
    lhs = f"{m}({_linear_text(p, q)})" + signed_term(r, "", False)
    return lhs, _linear_text(c, n + m * q + r), n, alpha


def _over(numerator: str, denominator: int) -> str:
    return f"({numerator})/{denominator}" if " " in numerator else f"{numerator}/{denominator}"


def _fractions(rng: random.Random, size: int, fractional: bool) -> Built | None:
    """``(p x + q)/n + r = (s x + t)/k`` with coprime denominators n, k."""
    top = max(3, min(size, 12))
    n, k = rng.randint(2, top), rng.randint(2, top)
    if gcd(n, k) != 1:
        return None
    p, s = _nonzero(rng, size), _nonzero(rng, size)
    r = rng.randint(-size, size)
    alpha = k * p - n * s  # k(px + q) + nkr = n(sx + t)
    if alpha == 0:
        return None
    big_n = _target(rng, alpha, size, fractional)
    if big_n is None:
        return None
    # n t = N + k q + n k r needs N + k q = 0 (mod n).
    q = (-big_n * pow(k, -1, n)) % n + n * rng.randint(-(size // n) - 1, size // n)
    if q == 0 or (p % n == 0 and q % n == 0):
        return None
    t = (big_n + k * q) // n + k * r
    lhs = _over(_linear_text(p, q), n) + signed_term(r, "", False)
    return lhs, _over(_linear_text(s, t), k), big_n, alpha


def _nested(rng: random.Random, size: int, fractional: bool) -> Built | None:
    """``(m(p x + q) + r)/n + u = (s x + t)/k`` with coprime denominators n, k."""
    top = max(3, min(size, 12))
    n, k = rng.randint(2, top), rng.randint(2, top)
    if gcd(n, k) != 1:
        return None
    m, p, q = _nonzero(rng, size, 2), _nonzero(rng, size), _nonzero(rng, size)
    s, u = _nonzero(rng, size), rng.randint(-size, size)
    alpha = k * m * p - n * s  # k(m(px + q) + r) + nku = n(sx + t)
    if alpha == 0:
        return None
    big_n = _target(rng, alpha, size, fractional)
    if big_n is None:
        return None
    # n t = N + k(mq + r) + nku needs N + k(mq + r) = 0 (mod n).
    r = (-big_n * pow(k, -1, n) - m * q) % n + n * rng.randint(-(size // n) - 1, size // n)
    if r == 0:
        return None
    t = (big_n + k * (m * q + r)) // n + k * u
    inner = f"{m}({_linear_text(p, q)})" + signed_term(r, "", False)
    lhs = f"({inner})/{n}" + signed_term(u, "", False)
    return lhs, _over(_linear_text(s, t), k), big_n, alpha


_FORMS = {
    "simple": _simple,
    "both_sides": _both_sides,
    "parentheses": _parentheses,
    "fractions": _fractions,
    "nested": _nested,
}

_VARIABLES = ("x", "y", "z", "w")


class LinearSystem(MathFamily):
    """Solve a square system of linear equations with a unique solution.

    Difficulty raises ``variables`` (2 to 4 unknowns, as many equations) and
    ``coefficients`` (the largest absolute coefficient), and switches ``solution`` from
    ``integer`` to ``fraction`` (some unknowns take non-integer rational values).

    Answer syntax: the ordered tuple of values in the order the prompt names the variables,
    e.g. ``(1, -2, 3/2)``; the same values as a bare comma list in that order are accepted.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "variables": Knob("int", 2, 4, default=2, easy=2, hard=4, doc="unknowns and equations"),
        "coefficients": Knob(
            "int", 1, 20, default=5, easy=2, hard=15, doc="largest absolute coefficient"
        ),
        "solution": Knob(
            "categorical", choices=("integer", "fraction"), default="integer", doc="solution kind"
        ),
    }
    answer_syntax = "the solution as an ordered tuple in the stated variable order (e.g. (1, -2))"
    answer_form = "tuple"
    answer_element = "rational"

    def form_variables(self, problem: Problem) -> tuple[str, ...]:
        return tuple(problem.meta["variables"])

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, size = knobs["variables"], knobs["coefficients"]
        names = _VARIABLES[:n]
        for _ in range(200):
            matrix = [[rng.randint(-size, size) for _ in range(n)] for _ in range(n)]
            if knobs["solution"] == "fraction":
                denominator = rng.randint(2, min(6, size + 1))
                numerators = [rng.randint(-size * denominator, size * denominator) for _ in names]
                _make_divisible(rng, matrix, numerators, denominator)
            else:
                denominator = 1
                numerators = [rng.randint(-size, size) for _ in names]
            if _determinant(matrix) != 0:
                break
        else:  # practically unreachable; a multiple of the identity is invertible
            matrix = [[denominator * int(i == j) for j in range(n)] for i in range(n)]
        rhs = [sum(a * u for a, u in zip(row, numerators)) // denominator for row in matrix]
        equations = [_equation_text(row, names, value) for row, value in zip(matrix, rhs)]
        solution = [Fraction(u, denominator) for u in numerators]
        order = ", ".join(names)
        question = (
            "Solve the system of equations:\n"
            + "\n".join(equations)
            + f"\nGive the solution as the ordered tuple ({order})."
        )
        answer = "(" + ", ".join(fraction_text(v) for v in solution) + ")"
        return Draft(question, answer, {"equations": equations, "variables": list(names)})

    def complexity(self, problem: Problem) -> float:
        """Digits and terms in the system plus the length of the solution."""
        text = " ".join(problem.meta["equations"])
        terms = sum(text.count(c) for c in "+-=")
        return _digit_count(text) + terms + len(problem.answer)


def _make_divisible(
    rng: random.Random, matrix: list[list[int]], numerators: list[int], denominator: int
) -> None:
    """Adjust one column so that ``matrix @ numerators`` is divisible by ``denominator``.

    The solution is then ``numerators / denominator`` with integer right-hand sides.
    """
    column = rng.randrange(len(numerators))
    while gcd(numerators[column], denominator) != 1:
        numerators[column] += 1
    inverse = pow(numerators[column], -1, denominator)
    for row in matrix:
        residue = sum(a * u for a, u in zip(row, numerators)) % denominator
        shift = (-residue * inverse) % denominator
        if shift and abs(row[column] + shift - denominator) < abs(row[column] + shift):
            shift -= denominator
        row[column] += shift


def _determinant(matrix: list[list[int]]) -> Fraction:
    """Exact determinant by Gaussian elimination over the rationals."""
    rows = [[Fraction(v) for v in row] for row in matrix]
    n, det = len(rows), Fraction(1)
    for i in range(n):
        pivot = next((r for r in range(i, n) if rows[r][i] != 0), None)
        if pivot is None:
            return Fraction(0)
        if pivot != i:
            rows[i], rows[pivot] = rows[pivot], rows[i]
            det = -det
        det *= rows[i][i]
        for r in range(i + 1, n):
            factor = rows[r][i] / rows[i][i]
            if factor:
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[i])]
    return det


def _equation_text(row: list[int], names: tuple[str, ...], value: int) -> str:
    parts: list[str] = []
    for coefficient, name in zip(row, names):
        if coefficient:
            parts.append(signed_term(coefficient, name, not parts))
    return f"{''.join(parts) or '0'} = {value}"


class Quadratic(MathFamily):
    """Find every root of a quadratic equation with integer coefficients.

    Difficulty moves ``roots`` through ``integer``, ``rational``, ``gaussian`` (non-real
    roots with rational parts, ``1 + 2i``), ``irrational`` (square roots) and ``complex``
    (non-real roots with a square root in the imaginary part), and raises ``coefficients``
    (size of the roots or coefficients) and ``leading`` (the largest leading coefficient).

    Answer syntax: all distinct roots as a comma-separated list in any order, exact:
    ``-3, 2``; ``1/2, -4``; ``1 + sqrt(2), 1 - sqrt(2)``; ``-1/2 + sqrt(3)i/2,
    -1/2 - sqrt(3)i/2``. A double root is listed once; listing it twice is wrong.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "roots": Knob(
            "categorical",
            choices=("integer", "rational", "gaussian", "irrational", "complex"),
            default="integer",
            doc="kind of roots",
        ),
        "coefficients": Knob(
            "int", 2, 30, default=6, easy=5, hard=20, doc="size of the roots and coefficients"
        ),
        "leading": Knob("int", 1, 9, default=1, easy=1, hard=6, doc="largest leading coefficient"),
    }
    answer_syntax = (
        "all distinct roots separated by commas, each exactly once "
        "(e.g. 2, -1/3 or 1 + sqrt(2), 1 - sqrt(2) or 1 + 2i, 1 - 2i)"
    )
    answer_form = "roots"
    answer_element = "radical"
    answer_variables = ("x",)

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        size, lead = knobs["coefficients"], knobs["leading"]
        kind = knobs["roots"]
        if kind in ("integer", "rational"):
            coeffs, roots = _rational_quadratic(rng, size, lead, kind == "rational")
            answer = ", ".join(fraction_text(r) for r in roots)
        elif kind == "gaussian":
            coeffs = _gaussian_quadratic(rng, size, lead)
            answer = _surd_roots(*coeffs)
        else:
            coeffs = _surd_quadratic(rng, size, lead, kind == "complex")
            answer = _surd_roots(*coeffs)
        equation = f"{polynomial_text(coeffs)} = 0"
        question = (
            f"Find all roots (real or complex) of the equation {equation}.\n"
            "Give exact values: fractions as p/q, square roots as sqrt(n), the imaginary "
            "unit as i. List each distinct root once (a repeated root counts once), "
            "separated by commas, in any order."
        )
        return Draft(question, answer, {"equation": equation, "coefficients": coeffs})

    def complexity(self, problem: Problem) -> float:
        """Digits in the equation and the discriminant, the length of the roots, and four
        more for each square root and imaginary unit in them."""
        c, b, a = problem.meta["coefficients"]
        discriminant = len(str(abs(b * b - 4 * a * c)))
        answer = problem.answer
        surds = answer.count("sqrt") + answer.count("i")
        return _digit_count(problem.meta["equation"]) + discriminant + len(answer) + 4 * surds


def _rational_quadratic(
    rng: random.Random, size: int, lead: int, rational: bool
) -> tuple[list[int], list[Fraction]]:
    """``a(px - q)(rx - s)`` with integer or (at least one) non-integer rational roots."""
    if not rational:
        r1, r2 = rng.randint(-size, size), rng.randint(-size, size)
        a = rng.randint(1, lead) * (rng.choice((-1, 1)) if lead > 1 else 1)
        coeffs = [a * r1 * r2, -a * (r1 + r2), a]
        return coeffs, sorted({Fraction(r1), Fraction(r2)})
    top = max(2, lead + 1)
    p1 = rng.randint(2, top)
    q1 = _nonzero(rng, size)
    while q1 % p1 == 0:
        q1 += 1
    p2, q2 = rng.randint(1, top), rng.randint(-size, size)
    coeffs = [q1 * q2, -(p1 * q2 + p2 * q1), p1 * p2]
    common = gcd(*coeffs)
    coeffs = [c // common for c in coeffs]
    return coeffs, sorted({Fraction(q1, p1), Fraction(q2, p2)})


def _gaussian_quadratic(rng: random.Random, size: int, lead: int) -> list[int]:
    """``(w x - u)^2 + v^2``, roots ``(u +- v i)/w``, divided by its content."""
    w = rng.randint(1, min(3, lead))
    u, v = rng.randint(-size, size), rng.randint(1, size)
    coeffs = [u * u + v * v, -2 * u * w, w * w]
    common = gcd(*coeffs)
    return [c // common for c in coeffs]


def _surd_quadratic(rng: random.Random, size: int, lead: int, complex_roots: bool) -> list[int]:
    """Random ``a x^2 + b x + c`` whose discriminant D is positive (negative) and |D| is not
    a perfect square."""
    for _ in range(200):
        a = rng.randint(1, lead)
        b = rng.randint(-size, size)
        c = rng.randint(1, size) if complex_roots else _nonzero(rng, size)
        disc = b * b - 4 * a * c
        if (disc < 0) == complex_roots and disc != 0 and isqrt(abs(disc)) ** 2 != abs(disc):
            return [c, b, a]
    return [3, 0, 1] if complex_roots else [-2, 0, 1]


def _square_part(n: int) -> tuple[int, int]:
    """``n = s^2 * d`` with d square-free; returns (s, d) for n > 0."""
    s, d, f = 1, n, 2
    while f * f <= d:
        while d % (f * f) == 0:
            d //= f * f
            s *= f
        f += 1
    return s, d


def _surd_roots(c: int, b: int, a: int) -> str:
    """``p + r sqrt(d), p - r sqrt(d)`` (or with ``i``) for ``a x^2 + b x + c = 0``."""
    disc = b * b - 4 * a * c
    s, d = _square_part(abs(disc))
    real, coefficient = Fraction(-b, 2 * a), Fraction(s, 2 * a)
    unit = f"sqrt({d})" if d != 1 else ""
    if disc < 0:
        unit += "i"
    head = "" if coefficient.numerator == 1 else str(coefficient.numerator)
    tail = "" if coefficient.denominator == 1 else f"/{coefficient.denominator}"
    term = f"{head}{unit}{tail}"
    if real == 0:
        return f"{term}, -{term}"
    base = fraction_text(real)
    return f"{base} + {term}, {base} - {term}"
