"""PolynomialExtrema: local and global extrema of a polynomial.

The polynomial is built from its derivative, given in factored form with rational roots
(``f'(x) = k(x - r_1)(x - r_2)...``, a double root at degree 5 giving a stationary point that
is no extremum), integrated and scaled to integer coefficients. Critical points are the roots
of f'; the first-derivative test (the sign change of f') classifies them; on a closed
interval the extreme value is the largest/smallest of f at the critical points inside and at
the endpoints (the extreme value theorem). Instances are drawn so that the asked extremum is
attained at exactly one point, inside the interval.

Answer syntax: a rational number (the value, or the x where it occurs), or the point as a
pair ``(x, f(x))`` of rationals, as the prompt asks.

Knobs: ``degree`` (3 -> 5), ``ask`` (local -> interval; at degree 4 a local ask may be the
global extremum over all reals), ``roots`` (integer -> rational critical points).
"""

from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.math import calculus as calc
from rlvr_envs.families.shared.formulas import fraction_text
from rlvr_envs.families.shared.math_answers import MathFamily, judge_value


def _root(rng: random.Random, spread: int, rational: bool) -> Fraction:
    if rational and rng.random() < 0.6:
        q = rng.choice([2, 3])
        return Fraction(rng.randint(-spread * q, spread * q), q)
    return Fraction(rng.randint(-spread, spread))


def _text(v: Fraction) -> str:
    return fraction_text(v)


class PolynomialExtrema(MathFamily):
    """Local or global (closed-interval) extrema of a polynomial of degree 3 to 5.

    Tools: critical points solve ``f'(x) = 0``; the first-derivative test classifies them;
    the extreme value theorem (compare f at the critical points and the endpoints) gives the
    extremum on ``[a, b]``. Difficulty raises ``degree`` (more critical points, a stationary
    point that is no extremum), moves ``ask`` to closed intervals and ``roots`` to fractions.

    Answer syntax: a rational number, or ``(x, f(x))`` where the point is asked.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "degree": Knob("int", 3, 5, default=3, doc="degree of f"),
        "ask": Knob(
            "categorical",
            choices=("local", "interval"),
            default="local",
            doc="a local extremum, or the extremum on a closed interval",
        ),
        "roots": Knob(
            "categorical",
            choices=("integer", "rational"),
            default="integer",
            doc="critical points are integers or fractions",
        ),
    }
    answer_syntax = "a rational number, or the point as (x, f(x)) where the point is asked"
    answer_form = "rational"
    answer_label_patterns = (r"give it as (\(x, f\(x\)\))",)  # docs/answers.md

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        degree, rational = knobs["degree"], knobs["roots"] == "rational"
        while True:
            drawn = self._draw(rng, degree, rational, knobs["ask"])
            if drawn is not None:
                return drawn

    def _draw(self, rng: random.Random, degree: int, rational: bool, ask: str) -> Draft | None:
        spread = 3 + degree
        roots = [_root(rng, spread, rational) for _ in range(degree - 1)]
        if degree == 5:
            roots[0] = roots[1]  # a double root of f': stationary, not an extremum
        if len(set(roots)) < (degree - 2 if degree == 5 else degree - 1):
            return None
        fprime = [Fraction(1)]
        for r in roots:
            fprime = calc.pmul(fprime, [-r, Fraction(1)])
        f = calc.pintegral(fprime)
        f[0] = Fraction(rng.randint(-9, 9))
        scale = math.lcm(*(c.denominator for c in f)) * rng.choice([1, -1])
        f = [c * scale for c in f]
        fprime = calc.pderiv(f)
        critical = sorted(set(roots))
        gap = min([b - a for a, b in itertools.pairwise(critical)] or [1]) / 2
        kinds = {}
        for r in critical:
            left, right = calc.peval(fprime, r - gap), calc.peval(fprime, r + gap)
            kinds[r] = "max" if left > 0 > right else "min" if left < 0 < right else None
        prompt_f = calc.poly_latex(f)
        meta: dict = {"polynomial": [_text(c) for c in f], "degree": degree}
        if ask == "interval":
            lo = critical[0] - rng.randint(1, 2) + (Fraction(1, 2) if rational else 0)
            hi = critical[-1] + rng.randint(1, 2) - (Fraction(1, 2) if rational else 0)
            if not lo < critical[0] <= critical[-1] < hi:
                return None
            candidates = [lo, hi, *critical]
            want = rng.choice(["max", "min"])
            pick = max if want == "max" else min
            best = pick(candidates, key=lambda t: calc.peval(f, t))
            value = calc.peval(f, best)
            if best in (lo, hi) or sum(calc.peval(f, t) == value for t in candidates) > 1:
                want = "min" if want == "max" else "max"
                pick = max if want == "max" else min
                best = pick(candidates, key=lambda t: calc.peval(f, t))
                value = calc.peval(f, best)
                if best in (lo, hi) or sum(calc.peval(f, t) == value for t in candidates) > 1:
                    return None
            word = "maximum" if want == "max" else "minimum"
            where = f"on the closed interval $[{_latex(lo)}, {_latex(hi)}]$"
            meta.update(interval=[_text(lo), _text(hi)])
        else:
            options = [k for k in ("max", "min") if sum(v == k for v in kinds.values()) == 1]
            globally = degree == 4 and rng.random() < 0.5
            if globally:
                want = "min" if f[-1] > 0 else "max"
                pick = min if want == "min" else max
                best = pick(critical, key=lambda t: calc.peval(f, t))
                value = calc.peval(f, best)
                if sum(calc.peval(f, t) == value for t in critical) > 1:
                    return None
                where = "over all real numbers (the global extremum)"
            else:
                if not options:
                    return None
                want = rng.choice(options)
                best = next(r for r in critical if kinds[r] == want)
                value = calc.peval(f, best)
                where = ""
            word = (
                ("maximum" if want == "max" else "minimum")
                if globally
                else ("local maximum" if want == "max" else "local minimum")
            )
        target = rng.choice(["value", "value", "point", "point", "x"])
        if target == "value":
            ask_text = f"Find the {word} value of f {where}".rstrip() + "."
            answer, form = _text(value), "rational"
        elif target == "x":
            ask_text = f"Find the x at which f attains its {word} {where}".rstrip() + "."
            answer, form = _text(best), "rational"
        else:
            ask_text = f"Find the point where f attains its {word} {where}".rstrip()
            ask_text += "; give it as (x, f(x))."
            answer, form = f"({_text(best)}, {_text(value)})", "tuple"
        question = f"Let $f(x) = {prompt_f}$. {ask_text} Use exact rational numbers."
        meta.update(form=form, target=target, critical=len(critical))
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        form = problem.meta["form"]
        variables = ("x",) if problem.meta["target"] == "x" else ()
        element = "rational" if form == "tuple" else None
        return judge_value(problem, answer, form, element=element, variables=variables)

    def complexity(self, problem: Problem) -> float:
        """Degree, critical points, an interval, and the answer's length."""
        meta = problem.meta
        return (
            meta["degree"] + meta["critical"] + 2 * ("interval" in meta) + len(problem.answer) / 6
        )


def _latex(v: Fraction) -> str:
    return calc.frac_latex(v)
