"""TaylorCoefficient: one coefficient of a Maclaurin series.

The function is a product, quotient or composition of ``e^{ax}``, ``(1 + bx)^m``,
``1/(1 - ax)^m``, ``\\sin(ax)``, ``\\cos(bx)`` and ``\\ln(1 + ax)``; its series is computed by
series arithmetic with Fractions (:func:`rlvr_envs.families.math.calculus.series_of`: Cauchy
products, the geometric/binomial series, composition ``F(u(x))`` with ``u(0) = 0``), so the
coefficient is exact and the generator needs no sympy.

Answer syntax: a rational number: an integer or a fraction p/q in lowest terms.

Knobs: ``shape`` (product -> rational -> trig -> log -> composition), ``order`` (the power
k of x asked), ``coefficient`` (largest coefficient inside the function).
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.math import calculus as calc
from rlvr_envs.families.shared.formulas import fraction_text
from rlvr_envs.families.shared.math_answers import MathFamily

SHAPES = ("product", "rational", "trig", "log", "composition")


def _nz(rng: random.Random, c: int) -> int:
    return rng.choice([v for v in range(-c, c + 1) if v])


def build(rng: random.Random, shape: str, c: int) -> calc.Expr:
    """A function with a rational Maclaurin series, of the given shape."""
    a, b = _nz(rng, c), _nz(rng, c)
    if shape == "product":
        return calc.mul(
            calc.fn("exp", calc.linear(a)), calc.power(calc.linear(b, 1), rng.randint(2, 5))
        )
    if shape == "rational":
        top = calc.poly([1, rng.randint(-c, c)]) if rng.random() < 0.5 else calc.ONE
        return calc.div(top, calc.power(calc.linear(-a, 1), rng.randint(2, 4)))
    if shape == "trig":
        a, b = abs(a), abs(b)
        kind = rng.randrange(3)
        if kind == 0:
            return calc.mul(calc.fn("sin", calc.linear(a)), calc.fn("cos", calc.linear(b)))
        if kind == 1:
            return calc.mul(
                calc.fn("exp", calc.linear(a)), calc.fn(rng.choice(["sin", "cos"]), calc.linear(b))
            )
        return calc.div(calc.fn("cos", calc.linear(a)), calc.linear(-b, 1))
    if shape == "log":
        log = calc.fn("ln", calc.linear(a, 1))
        if rng.random() < 0.5:
            return calc.div(log, calc.linear(-b, 1))
        return calc.mul(log, calc.fn("exp", calc.linear(b)))
    kind = rng.randrange(4)
    small = max(2, c // 2)
    if kind == 0:
        return calc.fn("exp", calc.fn("sin", calc.linear(_nz(rng, small))))
    if kind == 1:
        inner = calc.add(calc.ONE, calc.fn("sin", calc.linear(_nz(rng, small))))
        return calc.div(calc.fn("ln", inner), calc.linear(-b, 1))
    if kind == 2:
        return calc.div(
            calc.fn("exp", calc.poly([0, a, _nz(rng, small)])),
            calc.power(calc.linear(-1, 1), rng.randint(1, 3)),
        )
    return calc.mul(
        calc.fn("cos", calc.linear(a)), calc.fn("ln", calc.poly([1, b, _nz(rng, small)]))
    )


class TaylorCoefficient(MathFamily):
    """The coefficient of ``x^k`` in the Maclaurin series ``sum f^{(n)}(0) x^n / n!``.

    Tools: the Cauchy product of series, the binomial series ``(1 + u)^m``, the geometric
    series, and composition (``e^{\\sin x}``, ``\\ln(1 + \\sin x)``). Difficulty moves ``shape``
    from a product of two known series to compositions, and raises the asked power
    ``order`` and the ``coefficient`` size, so the terms to combine grow in number and size.

    Answer syntax: a rational number in lowest terms.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "shape": Knob(
            "categorical", choices=SHAPES, default="product", doc="how the function is built"
        ),
        "order": Knob("int", 2, 12, default=4, easy=3, hard=8, doc="the power of x asked"),
        "coefficient": Knob("int", 1, 9, default=3, easy=2, hard=5, doc="largest coefficient"),
    }
    answer_syntax = "the coefficient as an integer or a fraction p/q in lowest terms"
    answer_form = "rational"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        order = knobs["order"]
        while True:
            f = build(rng, knobs["shape"], knobs["coefficient"])
            k = rng.randint(max(1, order - 1), order)
            value = calc.series_of(f, k)[k]
            if value != 0:
                break
        question = (
            f"Let $f(x) = {calc.latex(f)}$. Find the coefficient of $x^{{{k}}}$ in the "
            "Maclaurin series of f (its Taylor series about x = 0). Give it as an integer or "
            "a fraction in lowest terms."
        )
        meta = {"function": calc.latex(f), "power": k, "size": calc.size(f)}
        return Draft(question, fraction_text(Fraction(value)), meta)

    def complexity(self, problem: Problem) -> float:
        """The asked power, the function's size and the answer's length."""
        return problem.meta["power"] + problem.meta["size"] + len(problem.answer) / 4
