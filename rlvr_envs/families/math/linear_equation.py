"""LinearEquation: one linear equation in x, solved for x.

Every problem is built backwards from its solution with integer arithmetic, so the answer is
exact and unique.
"""

from __future__ import annotations

import random
from fractions import Fraction
from math import gcd
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.math.equation_parts import digit_count, linear_text, nonzero
from rlvr_envs.families.shared.formulas import fraction_text, signed_term
from rlvr_envs.families.shared.math_answers import MathFamily


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
        return digit_count(equation) + operations + len(problem.answer)


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
    a = nonzero(rng, size, 2 if fractional else 1)
    b = nonzero(rng, size)
    n = _target(rng, a, size, fractional)
    if n is None:
        return None
    return linear_text(a, b), str(n + b), n, a


def _both_sides(rng: random.Random, size: int, fractional: bool) -> Built | None:
    """``a x + b = c x + d``."""
    a, c, b = nonzero(rng, size), nonzero(rng, size), nonzero(rng, size)
    alpha = a - c
    if alpha == 0:
        return None
    n = _target(rng, alpha, size, fractional)
    if n is None:
        return None
    return linear_text(a, b), linear_text(c, n + b), n, alpha


def _parentheses(rng: random.Random, size: int, fractional: bool) -> Built | None:
    """``m(p x + q) + r = c x + d``."""
    m, p, q = nonzero(rng, size, 2), nonzero(rng, size), nonzero(rng, size)
    r, c = rng.randint(-size, size), nonzero(rng, size)
    alpha = m * p - c
    if alpha == 0:
        return None
    n = _target(rng, alpha, size, fractional)
    if n is None:
        return None
    lhs = f"{m}({linear_text(p, q)})" + signed_term(r, "", False)
    return lhs, linear_text(c, n + m * q + r), n, alpha


def _over(numerator: str, denominator: int) -> str:
    return f"({numerator})/{denominator}" if " " in numerator else f"{numerator}/{denominator}"


def _fractions(rng: random.Random, size: int, fractional: bool) -> Built | None:
    """``(p x + q)/n + r = (s x + t)/k`` with coprime denominators n, k."""
    top = max(3, min(size, 12))
    n, k = rng.randint(2, top), rng.randint(2, top)
    if gcd(n, k) != 1:
        return None
    p, s = nonzero(rng, size), nonzero(rng, size)
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
    lhs = _over(linear_text(p, q), n) + signed_term(r, "", False)
    return lhs, _over(linear_text(s, t), k), big_n, alpha


def _nested(rng: random.Random, size: int, fractional: bool) -> Built | None:
    """``(m(p x + q) + r)/n + u = (s x + t)/k`` with coprime denominators n, k."""
    top = max(3, min(size, 12))
    n, k = rng.randint(2, top), rng.randint(2, top)
    if gcd(n, k) != 1:
        return None
    m, p, q = nonzero(rng, size, 2), nonzero(rng, size), nonzero(rng, size)
    s, u = nonzero(rng, size), rng.randint(-size, size)
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
    inner = f"{m}({linear_text(p, q)})" + signed_term(r, "", False)
    lhs = f"({inner})/{n}" + signed_term(u, "", False)
    return lhs, _over(linear_text(s, t), k), big_n, alpha


_FORMS = {
    "simple": _simple,
    "both_sides": _both_sides,
    "parentheses": _parentheses,
    "fractions": _fractions,
    "nested": _nested,
}
