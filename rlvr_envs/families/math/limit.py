"""Limit: the exact value of a limit (every instance has a finite limit).

Kinds: a rational function at a point where it is 0/0 (a common factor ``(x - a)^m``
cancels), a rational function at infinity (equal degrees: the ratio of leading
coefficients), trigonometric limits built on ``\\sin(u)/u -> 1``, the exponential limit
``(1 + a/x)^{bx} -> e^{ab}`` (and ``(1 + ax)^{b/x}`` at 0), and at ``lhospital`` quotients
``N(x)/D(x)`` at 0 that need L'Hospital's rule several times (equivalently: the leading terms
of their Maclaurin series, computed here with Fractions by
:func:`rlvr_envs.families.math.calculus.series_of`).

Answer syntax: the exact value: an integer, a fraction p/q in lowest terms, or ``e^{k}``.

Knobs: ``kind`` (infinity -> trig -> exponential -> rational -> lhospital), ``order`` (the
multiplicity of the cancelled factor / the number of L'Hospital steps), ``coefficient``.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.math import calculus as calc
from rlvr_envs.families.shared.math_answers import MathFamily

KINDS = ("infinity", "trig", "exponential", "rational", "lhospital")


def _nz(rng: random.Random, c: int) -> int:
    return rng.choice([v for v in range(-c, c + 1) if v])


def _taylor(f: calc.Expr, k: int) -> calc.Expr:
    """The Maclaurin polynomial of f up to degree k - 1."""
    return calc.poly(calc.series_of(f, k)[:k])


def _at_zero(rng: random.Random, kind: str, c: int, order: int) -> tuple[calc.Expr, calc.Expr]:
    """(numerator, denominator), both vanishing at 0."""
    a, b = rng.randint(1, c), rng.randint(1, c)
    if kind == "trig":
        shape = rng.randrange(4)
        if a == b:  # sin(ax)/(ax) -> 1 for every a: keep the answers spread
            b = a + 1
        if shape == 0:
            return calc.fn("sin", calc.linear(a)), calc.linear(b)
        if shape == 1:
            return calc.fn("sin", calc.linear(a)), calc.fn("sin", calc.linear(b))
        if shape == 2:
            return calc.sub(calc.ONE, calc.fn("cos", calc.linear(a))), calc.poly([0, 0, b])
        top = calc.mul(calc.fn("sin", calc.linear(a)), calc.fn("sin", calc.linear(b)))
        return top, calc.mul(calc.X, calc.fn("sin", calc.linear(rng.randint(1, c))))
    # lhospital: N = alpha*F(ax) + beta*G(bx) minus its Taylor polynomial below degree k
    k = order + 1
    pool = [
        calc.fn("exp", calc.linear(_nz(rng, c))),
        calc.fn("sin", calc.linear(a)),
        calc.fn("cos", calc.linear(b)),
        calc.fn("ln", calc.linear(_nz(rng, c), 1)),
    ]
    f1, f2 = rng.sample(pool, 2)
    combo = calc.add(f1, calc.mul(calc.num(_nz(rng, 2)), f2))
    top = calc.sub(combo, _taylor(combo, k))
    if rng.random() < 0.5:
        bottom = calc.poly([0] * k + [rng.randint(1, c)])
    else:
        bottom = calc.mul(calc.poly([0] * (k - 1) + [1]), calc.fn("sin", calc.linear(b)))
    return top, bottom


class Limit(MathFamily):
    """The limit of an expression at a point or at infinity; always finite and exact.

    Tools: cancelling the common factor of a 0/0 rational function, dividing by the highest
    power at infinity, ``\\lim \\sin(u)/u = 1`` and ``(1 - \\cos u)/u^2 -> 1/2``,
    ``\\lim (1 + a/x)^{bx} = e^{ab}``, and L'Hospital's rule (``lim N/D = lim N'/D'`` for 0/0)
    applied ``order + 1`` times. Difficulty moves ``kind`` along that list and raises
    ``order`` and ``coefficient``.

    Answer syntax: an integer, a fraction in lowest terms, or ``e^{k}``.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "kind": Knob("categorical", choices=KINDS, default="trig", doc="the kind of limit"),
        "order": Knob(
            "int",
            1,
            4,
            default=1,
            easy=1,
            hard=3,
            doc="cancelled multiplicity / L'Hospital steps beyond one",
        ),
        "coefficient": Knob("int", 2, 12, default=4, easy=3, hard=8, doc="largest coefficient"),
    }
    answer_syntax = "the exact value (an integer, a fraction p/q in lowest terms, or e^{k})"
    answer_form = "exact"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        kind, c, order = knobs["kind"], knobs["coefficient"], knobs["order"]
        while True:
            drawn = self._draw(rng, kind, c, order)
            if drawn is not None:
                break
        text, where, value, steps = drawn
        question = (
            f"Find $\\lim_{{x \\to {where}}} {text}$. The limit exists and is finite; give its "
            "exact value (an integer, a fraction in lowest terms, or $e^{k}$); no decimals."
        )
        meta = {"expression": text, "point": where, "steps": steps}
        return Draft(question, value.latex(), meta)

    def _draw(self, rng: random.Random, kind: str, c: int, order: int):
        if kind == "rational":
            a = _nz(rng, c)
            p = [Fraction(rng.randint(-c, c)), Fraction(_nz(rng, c))]
            q = [Fraction(rng.randint(-c, c)), Fraction(_nz(rng, c))]
            if rng.random() < 0.5:
                q.append(Fraction(_nz(rng, 2)))
            pa, qa = calc.peval(p, a), calc.peval(q, a)
            if pa == 0 or qa == 0:
                return None
            common = calc.ppow([Fraction(-a), Fraction(1)], order)
            top, bottom = calc.pmul(common, p), calc.pmul(common, q)
            text = f"\\frac{{{calc.poly_latex(top)}}}{{{calc.poly_latex(bottom)}}}"
            return text, str(a), calc.Exact.of(pa / qa), 2 + 2 * order + len(q)
        if kind == "infinity":
            degree = order + 1
            lead = [_nz(rng, c) for _ in range(degree)]
            top = [Fraction(1)]
            for r in lead:  # a product of linear factors, multiplied out
                top = calc.pmul(top, [Fraction(rng.randint(-c, c)), Fraction(r)])
            d = rng.randint(2, c + 2)
            bottom = [Fraction(rng.randint(-c, c)) for _ in range(degree)] + [Fraction(d)]
            text = f"\\frac{{{calc.poly_latex(top)}}}{{{calc.poly_latex(bottom)}}}"
            return text, "\\infty", calc.Exact.of(top[-1] / d), 1 + degree
        if kind == "exponential":  # the exponent k = ab is spread over 2..10c
            k = rng.randint(2, 10 * c)
            a = rng.choice([d for d in range(1, k + 1) if k % d == 0]) * rng.choice([1, -1])
            b = k // a
            shape = rng.randrange(3)
            if shape == 0:
                sign = "+" if a > 0 else "-"
                text = (
                    f"\\left(1 {sign} \\frac{{{abs(a)}}}{{x}}\\right)"
                    f"^{{{calc.latex(calc.linear(b))}}}"
                )
                return text, "\\infty", calc.Exact.atom(e=k), 5
            if shape == 1:
                text = f"\\left({calc.latex(calc.linear(a, 1))}\\right)^{{\\frac{{{b}}}{{x}}}}"
                return text, "0", calc.Exact.atom(e=k), 5
            d = rng.randint(-c, c)
            ratio = (
                f"\\frac{{{calc.latex(calc.linear(1, a + d))}}}{{{calc.latex(calc.linear(1, d))}}}"
            )
            text = f"\\left({ratio}\\right)^{{{calc.latex(calc.linear(b))}}}"
            return text, "\\infty", calc.Exact.atom(e=k), 6
        top, bottom = _at_zero(rng, kind, c, order)
        n = order + 4
        sn, sd = calc.series_of(top, n), calc.series_of(bottom, n)
        p = next((i for i, v in enumerate(sn) if v), None)
        q = next((i for i, v in enumerate(sd) if v), None)
        if p is None or q is None or p != q or p == 0:
            return None
        text = f"\\frac{{{calc.latex(top)}}}{{{calc.latex(bottom)}}}"
        steps = p + calc.size(top) // 2 + (4 if kind == "lhospital" else 0)
        return text, "0", calc.Exact.of(sn[p] / sd[q]), steps

    def complexity(self, problem: Problem) -> float:
        """Steps (cancelled multiplicity, degree, L'Hospital rounds) plus answer length / 10."""
        return problem.meta["steps"] + len(problem.answer) / 10
