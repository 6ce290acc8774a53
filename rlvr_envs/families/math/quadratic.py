"""Quadratic: every root of a quadratic equation with integer coefficients.

Every problem is built backwards from its solution with integer arithmetic, so the answer is
exact and unique (the answer lists every distinct root once).
"""

from __future__ import annotations

import random
from fractions import Fraction
from math import gcd, isqrt
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.math.equation_parts import digit_count, nonzero
from rlvr_envs.families.math.number_parts import square_part
from rlvr_envs.families.math.polynomials import polynomial_text
from rlvr_envs.families.shared.formulas import fraction_text
from rlvr_envs.families.shared.math_answers import MathFamily


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
        return digit_count(problem.meta["equation"]) + discriminant + len(answer) + 4 * surds


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
    q1 = nonzero(rng, size)
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
        c = rng.randint(1, size) if complex_roots else nonzero(rng, size)
        disc = b * b - 4 * a * c
        if (disc < 0) == complex_roots and disc != 0 and isqrt(abs(disc)) ** 2 != abs(disc):
            return [c, b, a]
    return [3, 0, 1] if complex_roots else [-2, 0, 1]


def _surd_roots(c: int, b: int, a: int) -> str:
    """``p + r sqrt(d), p - r sqrt(d)`` (or with ``i``) for ``a x^2 + b x + c = 0``."""
    disc = b * b - 4 * a * c
    s, d = square_part(abs(disc))
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
