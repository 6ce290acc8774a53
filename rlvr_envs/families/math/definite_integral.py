"""DefiniteIntegral: the exact value of a definite integral.

Integrands are drawn from the same shapes as :mod:`.antiderivative` (polynomials,
``e^{ax}``, ``\\sin``/``\\cos`` with bounds at multiples of ``\\pi/2``, ``k/(ax + b)`` giving
logarithms, substitution ``u = ax^2 + b``, integration by parts ``P(x)e^{ax}``,
``P(x)\\sin(bx)``, ``P(x)\\ln x``). The value is ``F(b) - F(a)`` (the fundamental theorem of
calculus), computed exactly with :class:`rlvr_envs.families.math.calculus.Exact`.

Answer syntax: the exact value: integers, fractions, ``e^{k}`` (k a positive integer),
``\\pi``, ``\\ln(n)`` of integers n > 1 (``2e^{3} - 1``, ``\\frac{\\pi^{2}}{4} - 2``,
``\\frac{1}{2}\\ln(5)``); no decimals, no unevaluated integral.

Knobs: ``method`` (polynomial -> basic -> substitution -> parts), ``coefficient`` (largest
coefficient), ``degree`` (degree of the polynomial factor).
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.math import calculus as calc
from rlvr_envs.families.math.antiderivative import draw
from rlvr_envs.families.shared.math_answers import MathFamily

METHODS = ("polynomial", "basic", "substitution", "parts")
_RATIONAL_BOUNDS = [
    (0, 1),
    (0, 2),
    (1, 2),
    (-1, 1),
    (0, 3),
    (1, 3),
    (-1, 2),
    (-2, 0),
    (-2, 1),
    (1, 4),
    (2, 4),
    (-3, 0),
]
_PI_BOUNDS = [(0, 2), (0, 1), (-1, 1), (0, 4), (-2, 2), (1, 2), (0, 3), (1, 3)]  # halves of pi


def _bounds(rng: random.Random, trig: bool) -> list[tuple[calc.Exact, calc.Exact]]:
    if trig:
        pairs = [
            (
                calc.Exact.atom(pi=1, coeff=Fraction(a, 2)),
                calc.Exact.atom(pi=1, coeff=Fraction(b, 2)),
            )
            for a, b in _PI_BOUNDS
        ]
    else:
        pairs = [(calc.Exact.of(a), calc.Exact.of(b)) for a, b in _RATIONAL_BOUNDS]
    rng.shuffle(pairs)
    return pairs


def _integrand(rng: random.Random, method: str, c: int, degree: int):
    if method == "polynomial":
        p = [Fraction(rng.randint(-c, c)) for _ in range(degree + 1)]
        p.append(Fraction(rng.choice([v for v in range(-c, c + 1) if v])))
        return calc.poly(p), calc.poly(calc.pintegral(p))
    return draw(rng, method, c, degree)


class DefiniteIntegral(MathFamily):
    """The exact value of ``∫_a^b f(x) dx`` by the fundamental theorem of calculus.

    Difficulty moves ``method`` from polynomials to standard integrals (exponential, trig at
    multiples of ``\\pi/2``, ``1/(ax + b)`` giving a logarithm), to substitution and to
    integration by parts (``∫u dv = uv - ∫v du``, repeated for a polynomial factor of
    degree ``degree``), and raises ``coefficient``.

    Answer syntax: an exact value (fractions, ``e^{k}``, ``\\pi``, ``\\ln(n)``).
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "method": Knob(
            "categorical", choices=METHODS, default="basic", doc="the integration technique needed"
        ),
        "coefficient": Knob("int", 2, 12, default=4, easy=2, hard=7, doc="largest coefficient"),
        "degree": Knob(
            "int", 1, 4, default=1, easy=1, hard=3, doc="degree of the polynomial factor"
        ),
    }
    answer_syntax = "the exact value (fractions, e^{k}, \\pi, \\ln(n); no decimals)"
    answer_form = "exact"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        c, degree, method = knobs["coefficient"], knobs["degree"], knobs["method"]
        while True:
            integrand, anti = _integrand(rng, method, c, degree)
            text = calc.latex(integrand)
            trig = "\\sin" in text or "\\cos" in text
            log_domain = "\\ln" in calc.latex(anti)
            for lo, hi in _bounds(rng, trig):
                if log_domain and (lo.to_float() <= 0 and "\\ln(x)" in calc.latex(anti)):
                    continue
                try:
                    value = calc.exact_value(anti, hi) - calc.exact_value(anti, lo)
                    if log_domain:  # the integrand must be defined on [lo, hi]
                        calc.evaluate(anti, lo.to_float())
                        calc.evaluate(anti, hi.to_float())
                except (calc.Unsupported, ValueError, ZeroDivisionError):
                    continue
                if value == calc.Exact.of(0):
                    continue
                break
            else:
                continue
            break
        question = (
            f"Evaluate the definite integral $\\int_{{{lo.latex()}}}^{{{hi.latex()}}} "
            f"\\left({text}\\right)\\,dx$. Give the exact value: integers, fractions, "
            "$e^{k}$, $\\pi$, $\\ln(n)$ with integer n; no decimals."
        )
        meta = {
            "integrand": text,
            "lower": lo.latex(),
            "upper": hi.latex(),
            "steps": calc.steps(anti) + len(value.terms),
        }
        return Draft(question, value.latex(), meta)

    def complexity(self, problem: Problem) -> float:
        """Rule weight of the antiderivative plus the value's terms and length / 20."""
        return problem.meta["steps"] + len(problem.answer) / 20
