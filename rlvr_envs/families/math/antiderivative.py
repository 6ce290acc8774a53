"""Antiderivative: find an antiderivative (indefinite integral) of a function of x.

Integrands: sums of elementary terms, substitution shapes ``m x H(ax^2 + b)`` (``H`` one of
``e^u``, ``\\sin u``, ``\\cos u``, ``u^n``, ``1/u``), integration-by-parts shapes ``P(x)e^{ax}``,
``P(x)\\sin(bx)``, ``P(x)\\ln(x)``, and at ``repeated`` ``P(x)e^{ax}\\sin(bx)`` (parts twice,
solved for the integral). :mod:`rlvr_envs.families.math.calculus` computes the reference with
Fractions (``∫P e^{λx} = Q e^{λx}``, ``Q = Σ_k (-1)^k P^{(k)}/λ^{k+1}``, λ complex for trig).

Answer syntax: an expression in x whose derivative is the integrand; a constant of integration
may be added and must be written ``C`` (``x^{2}e^{x} + C``). Any antiderivative is right, so
the check differentiates the answer (in the worker pool, with sympy) and compares it with the
integrand at points of its domain drawn from a hash of the integrand and the answer, over
large prime denominators, with C given a non-zero value at each (``F + Cx`` is not an
antiderivative); an integral sign does not parse and the integrand itself is never its own
antiderivative here.

Knobs: ``method`` (basic -> substitution -> parts -> repeated), ``coefficient`` (largest
coefficient), ``degree`` (degree of the polynomial factor in by-parts shapes).
"""

from __future__ import annotations

import random
import re
from fractions import Fraction
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.math import calculus as calc
from rlvr_envs.families.math.derivative import differs_from
from rlvr_envs.families.shared.math_answers import MathFamily, judge_in_worker
from rlvr_envs.mathcheck import sampling

METHODS = ("basic", "substitution", "parts", "repeated")
_TARGET = "rlvr_envs.families.math.calculus:antiderivative_matches"
_PREFIX = re.compile(r"^\s*F\s*\(\s*x\s*\)\s*=")
CHECK_POINTS = 5  # points in (0, 4] where the check differentiates the answer (one more past 4)


def _points(rng: random.Random) -> list[str]:
    """Six rational points in (0, 4], drawn when the problem is generated and kept in its
    meta (its golden hashes hold them); the check no longer uses them: their denominators
    (7, 11, 13, 17) all divide 12252240, so ``\\sin^2(12252240\\pi x)``, whose derivative
    vanishes at each of them, passed as a term of an antiderivative. See
    :func:`check_points`."""
    out: set[Fraction] = set()
    while len(out) < 6:
        q = rng.choice((7, 11, 13, 17))
        out.add(Fraction(rng.randint(1, 4 * q), q))
    return [str(p) for p in sorted(out)]


def check_points(integrand: str, answer: str) -> tuple[list[str], list[str]]:
    """The points where the answer's derivative is compared with the integrand, and the
    value C takes at each: drawn from a hash of the integrand *and* the answer, so an answer
    cannot be tuned to them, over large prime denominators (no periodic term vanishes at
    them; :mod:`rlvr_envs.mathcheck.sampling`). Five points in (0, 4] and one in (4, 16]
    (x > 0 is inside every integrand's domain); C is never 0, so ``F + Cx`` fails."""
    rng = sampling.seeded_rng("antiderivative", integrand, answer)
    bounds = [(0, 4)] * CHECK_POINTS + [(4, 16)]
    points = [str(sampling.real_point(rng, low, high)) for low, high in bounds]
    constants = [
        str(rng.choice([-1, 1]) * sampling.real_point(rng, Fraction(1, 2), 20)) for _ in bounds
    ]
    return points, constants


def _nz(rng: random.Random, c: int) -> int:
    return rng.choice([v for v in range(-c, c + 1) if v])


def _poly(rng: random.Random, c: int, degree: int) -> list[Fraction]:
    return [Fraction(rng.randint(-c, c)) for _ in range(degree)] + [Fraction(_nz(rng, c))]


def draw(rng: random.Random, method: str, c: int, degree: int) -> tuple[calc.Expr, calc.Expr]:
    """(integrand, antiderivative)."""
    if method == "basic":
        p = _poly(rng, c, rng.randint(1, 3))
        kind = rng.choice(["exp", "sin", "cos", "ln"])
        k, a = _nz(rng, c), rng.randint(1, 4)
        if kind == "ln":  # k / (a x + b)
            b = rng.randint(1, c)
            term = calc.div(calc.num(k), calc.linear(a, b))
            anti = calc.mul(calc.num(Fraction(k, a)), calc.fn("ln", calc.linear(a, b)))
        else:
            a = a * rng.choice([1, -1]) if kind == "exp" else a
            term = calc.mul(calc.num(k), calc.fn(kind, calc.linear(a)))
            anti = calc.exp_trig_antiderivative(
                [Fraction(k)], a if kind == "exp" else 0, a, "one" if kind == "exp" else kind
            )
        return calc.add(calc.poly(p), term), calc.add(calc.poly(calc.pintegral(p)), anti)
    if method == "substitution":
        a, b, m = rng.randint(1, 3), rng.randint(1, c), _nz(rng, c)
        g = calc.poly([b, 0, a])
        kind = rng.choice(["exp", "sin", "cos", "pow", "recip"])
        scale = calc.num(Fraction(m, 2 * a))
        if kind == "exp":
            outer, anti = calc.fn("exp", g), calc.fn("exp", g)
        elif kind == "sin":
            outer, anti = calc.fn("sin", g), calc.neg(calc.fn("cos", g))
        elif kind == "cos":
            outer, anti = calc.fn("cos", g), calc.fn("sin", g)
        elif kind == "pow":
            n = rng.randint(2, 5)
            outer = calc.power(g, n)
            anti = calc.mul(calc.num(Fraction(1, n + 1)), calc.power(g, n + 1))
        else:
            outer, anti = calc.div(calc.ONE, g), calc.fn("ln", g)
        return calc.mul(calc.num(m), calc.X, outer), calc.mul(scale, anti)
    p = _poly(rng, c, degree)
    if method == "parts":
        kind = rng.choice(["exp", "sin", "cos", "ln"])
        if kind == "ln":
            return calc.mul(calc.poly(p), calc.fn("ln", calc.X)), calc.poly_log_antiderivative(p)
        a = rng.randint(1, 4)
        if kind == "exp":
            a = a * rng.choice([1, -1])
            integrand = calc.mul(calc.poly(p), calc.fn("exp", calc.linear(a)))
            return integrand, calc.exp_trig_antiderivative(p, a, 0, "one")
        integrand = calc.mul(calc.poly(p), calc.fn(kind, calc.linear(a)))
        return integrand, calc.exp_trig_antiderivative(p, 0, a, kind)
    a, b = _nz(rng, 3), rng.randint(1, 4)
    kind = rng.choice(["sin", "cos"])
    p = p[: max(1, degree - 1)]  # parts twice and more: keep the polynomial small
    if p[-1] == 0:
        p[-1] = Fraction(_nz(rng, c))
    integrand = calc.mul(
        calc.poly(p), calc.fn("exp", calc.linear(a)), calc.fn(kind, calc.linear(b))
    )
    return integrand, calc.exp_trig_antiderivative(p, a, b, kind)


class Antiderivative(MathFamily):
    """An antiderivative of a function of x; any one is right (``+ C`` allowed).

    Methods: power rule and standard integrals; substitution ``u = ax^2 + b``; integration by
    parts ``∫u dv = uv - ∫v du`` (repeated for ``P(x)e^{ax}``, ``P(x)\\sin(bx)``,
    ``P(x)\\ln x``); at ``repeated``, ``P(x)e^{ax}\\sin(bx)``, where parts twice returns the
    integral itself and one solves for it. Difficulty moves ``method`` along that list and
    raises ``coefficient`` and ``degree``.

    Answer syntax: an expression in x, optionally ``+ C``.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "method": Knob(
            "categorical",
            choices=METHODS,
            default="substitution",
            doc="the integration technique needed",
        ),
        "coefficient": Knob("int", 2, 12, default=4, easy=2, hard=7, doc="largest coefficient"),
        "degree": Knob(
            "int", 1, 4, default=1, easy=1, hard=3, doc="degree of the polynomial factor (by parts)"
        ),
    }
    answer_syntax = "an antiderivative as an expression in x (you may add + C)"
    answer_form = "expression"
    answer_variables = ("x", "C")
    unique_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        c, degree = knobs["coefficient"], knobs["degree"]
        while True:
            integrand, anti = draw(rng, knobs["method"], c, degree)
            derived = calc.derivative(anti)
            # the reference must differentiate back to the integrand, and the integrand must
            # not be its own antiderivative (so that echoing it never scores)
            if not differs_from(derived, integrand) and differs_from(anti, integrand):
                break
        text = calc.latex(integrand)
        question = (
            f"Find an antiderivative of $f(x) = {text}$, that is, a function F with "
            "$F'(x) = f(x)$. Write F(x) as an expression in x; you may add a constant of "
            "integration, written C."
        )
        meta = {"integrand": text, "points": _points(rng), "steps": calc.steps(anti)}
        return Draft(question, calc.latex(anti) + " + C", meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        answer = _PREFIX.sub("", answer, count=1)  # "F(x) = ...", as the prompt names it
        points, constants = check_points(problem.meta["integrand"], answer)
        args = [problem.meta["integrand"], points, constants]
        return judge_in_worker(answer, "expression", ("x", "C"), _TARGET, args)

    def complexity(self, problem: Problem) -> float:
        """Rule weight of the antiderivative's structure plus the answer's length / 40."""
        return problem.meta["steps"] + len(problem.answer) / 40
