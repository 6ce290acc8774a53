"""Derivative: differentiate a function of x, or evaluate its derivative at a point.

The function is built from templates (polynomials, ``e^{ax}``, ``\\sin(ax)``, ``\\cos(ax)``,
``\\ln(ax + b)``, powers of polynomials) combined by sums, products, quotients and
composition; :mod:`rlvr_envs.families.math.calculus` differentiates it by the sum, product,
quotient and chain rules with exact Fraction arithmetic (no sympy in the generator).

Answer syntax: ``f'(x)`` as an expression in x in any equivalent form (``2xe^{3x} +
3x^{2}e^{3x}``, ``x(3x + 2)e^{3x}``), or, where the value at a point is asked, that value in
exact form (integers, fractions, ``e^{k}``, ``\\pi``, ``\\ln(n)``: ``2e^{3} - 1``).

Knobs: ``rule`` (basic -> product -> chain -> quotient -> nested), ``coefficient`` (the
largest coefficient), ``ask`` (expression -> mixed with values at a point).
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.math import calculus as calc
from rlvr_envs.families.shared.math_answers import MathFamily, judge_value

RULES = ("basic", "product", "chain", "quotient", "nested")


def _nz(rng: random.Random, c: int) -> int:
    return rng.choice([v for v in range(-c, c + 1) if v])


def _pos(rng: random.Random, c: int) -> int:
    return rng.randint(1, c)


def _poly(rng: random.Random, c: int, degree: int) -> calc.Expr:
    coeffs = [rng.randint(-c, c) for _ in range(degree)] + [_nz(rng, c)]
    return calc.poly(coeffs)


def _elementary(rng: random.Random, c: int, inner: calc.Expr | None = None) -> calc.Expr:
    """e^{g}, sin(g), cos(g) or ln(g) with g = ax (+ b for ln) unless given."""
    kind = rng.choice(["exp", "sin", "cos", "ln"])
    if inner is None:
        a = _nz(rng, min(c, 4)) if kind == "exp" else _pos(rng, min(c, 4))
        inner = calc.linear(_pos(rng, c), _pos(rng, c)) if kind == "ln" else calc.linear(a)
    return calc.fn(kind, inner)


def build(rng: random.Random, rule: str, c: int) -> calc.Expr:
    """A function of the given shape (shared with the other calculus families' tests)."""
    if rule == "basic":
        terms = [
            _poly(rng, c, rng.randint(2, 4)),
            calc.mul(calc.num(_nz(rng, c)), _elementary(rng, c)),
        ]
        return calc.add(*terms)
    if rule == "product":
        return calc.mul(_poly(rng, c, rng.randint(1, 2)), _elementary(rng, c))
    if rule == "quotient":
        top = rng.choice([_poly(rng, c, 1), _elementary(rng, c)])
        bottom = (
            calc.poly([_pos(rng, c), 0, rng.choice([1, 1, 2])])
            if rng.random() < 0.5
            else (calc.linear(_pos(rng, c), _nz(rng, c)))
        )
        return calc.div(top, bottom)
    if rule == "chain":
        inner = calc.poly([rng.randint(-c, c), _nz(rng, c), _nz(rng, 3)])
        if rng.random() < 0.3:
            return calc.power(inner, rng.randint(3, 6))
        if rng.random() < 0.3:
            return calc.fn("ln", calc.poly([_pos(rng, c), 0, _pos(rng, 3)]))
        kind = rng.choice(["exp", "sin", "cos"])
        if kind == "exp":  # e^{quadratic} is ~0 or huge at every point the value check
            # samples, which then cannot tell answers apart: a bounded exponent instead
            trig = rng.choice(["sin", "cos"])
            return calc.fn("exp", calc.fn(trig, calc.linear(_pos(rng, min(c, 4)))))
        return calc.fn(kind, inner)
    # nested: a chain inside a chain, times or over something else
    shape = rng.randrange(4)
    inner = calc.fn(rng.choice(["sin", "cos"]), calc.linear(_pos(rng, min(c, 4))))
    if shape == 0:
        return calc.mul(_poly(rng, c, rng.randint(1, 2)), calc.fn("exp", inner))
    if shape == 1:
        power = calc.power(calc.add(calc.poly([_pos(rng, c), 0, 1]), inner), rng.randint(2, 4))
        return calc.mul(calc.fn("exp", calc.linear(_nz(rng, 3))), power)
    if shape == 2:
        top = calc.mul(_poly(rng, c, 1), calc.fn("exp", calc.fn("cos", calc.linear(_pos(rng, 3)))))
        return calc.div(top, calc.poly([_pos(rng, c), 0, 1]))
    ln = calc.fn("ln", calc.poly([_pos(rng, c), _nz(rng, c), 1 + rng.randrange(2)]))
    return calc.mul(calc.power(ln, 2), calc.fn(rng.choice(["sin", "cos"]), calc.linear(1)))


def differs_from(a: calc.Expr, b: calc.Expr) -> bool:
    """Whether two expressions differ numerically (at some sample point)."""
    for x in (0.37, 1.21, 2.53):
        try:
            if abs(calc.evaluate(a, x) - calc.evaluate(b, x)) > 1e-6:
                return True
        except (ValueError, ZeroDivisionError, OverflowError):
            continue
    return False


class Derivative(MathFamily):
    """The derivative of a function of x: as an expression, or its value at a point.

    Rules: power/sum rule, product rule ``(uv)' = u'v + uv'``, quotient rule
    ``(u/v)' = (u'v - uv')/v^2`` and chain rule ``(F(g))' = F'(g) g'``. Difficulty moves
    ``rule`` from a sum of elementary terms to nested compositions (a chain inside a chain
    inside a product or quotient), raises ``coefficient`` and at ``ask = mixed`` asks for
    the exact value of f' at a point half the time.

    Answer syntax: an expression in x (any equivalent form), or an exact value.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "rule": Knob("categorical", choices=RULES, default="product", doc="the rule needed"),
        "coefficient": Knob("int", 2, 12, default=4, easy=2, hard=9, doc="largest coefficient"),
        "ask": Knob(
            "categorical",
            choices=("expression", "mixed"),
            default="expression",
            doc="f'(x), or also f'(x0) (exact)",
        ),
    }
    answer_syntax = "f'(x) as an expression in x, or the exact value where a value is asked"
    answer_form = "expression"
    answer_label_patterns = (
        r"Find the derivative \$(f'\(x\))\$",
        r"Find the exact value of \$(f'\([^$]*\))\$",
    )  # docs/answers.md
    answer_variables = ("x",)

    def form_variables(self, problem: Problem) -> tuple[str, ...]:
        return ("x",) if problem.meta["form"] == "expression" else ()

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        c = knobs["coefficient"]
        while True:
            f = build(rng, knobs["rule"], c)
            d = calc.derivative(f)
            if d != calc.ZERO and differs_from(f, d):
                break
        text = calc.latex(f)
        meta = {
            "function": text,
            "derivative": calc.latex(d),
            "form": "expression",
            "steps": calc.steps(f),
        }
        if knobs["ask"] == "mixed" and rng.random() < 0.5:
            points = [calc.Exact.of(v) for v in (1, 0, 2, -1, 3)]
            points.append(calc.Exact.atom(pi=1))
            rng.shuffle(points)
            for point in points:
                try:
                    value = calc.exact_value(d, point)
                except (calc.Unsupported, ZeroDivisionError):
                    continue
                if value == calc.Exact.of(0):  # a stationary point: "0" would be a cheap guess
                    continue
                where = point.latex()
                question = (
                    f"Let $f(x) = {text}$. Find the exact value of $f'({where})$. "
                    "Write it as an exact number (integers, fractions, $e^{k}$, $\\pi$, "
                    "$\\ln(n)$); no decimals."
                )
                meta.update(form="exact", point=where)
                return Draft(question, value.latex(), meta)
        question = (
            f"Let $f(x) = {text}$. Find the derivative $f'(x)$. Write it as an expression "
            "in x (any equivalent form is accepted), not as d/dx of something."
        )
        return Draft(question, meta["derivative"], meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        return judge_value(
            problem, answer, problem.meta["form"], variables=self.form_variables(problem)
        )

    def complexity(self, problem: Problem) -> float:
        """Rule applications needed (product 2, quotient 3, chain 2) plus answer length / 40."""
        return problem.meta["steps"] + len(problem.answer) / 40
