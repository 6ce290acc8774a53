"""LineIntersection: where lines given in different forms meet, perpendiculars and parallels
through a point, and the distance from a point to a line.

Every line is held as a x + b y = c with integers (gcd 1). Two lines meet in the unique point
given by Cramer's rule when a1 b2 - a2 b1 != 0 (the generator never asks about parallel
lines). The perpendicular to a x + b y = c has normal (-b, a), the parallel the same normal;
the distance from (x0, y0) is |a x0 + b y0 - c| / sqrt(a^2 + b^2), rationalised.
"""

from __future__ import annotations

import random
import re
from fractions import Fraction
from math import gcd
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.math.geometry import (
    content_complexity,
    frac_text,
    point_text,
    rad_scale,
    rad_text,
    sqrt_of,
    states_answer,
)
from rlvr_envs.families.shared.math_answers import MathFamily, judge_value

_MODES = ("intersection", "distance", "perpendicular", "parallel", "chain")
Line = tuple[int, int, int]  # a x + b y = c


def _normal(a: int, b: int, c: int) -> Line:
    g = gcd(gcd(a, b), c) or 1
    if a < 0 or (a == 0 and b < 0):
        g = -g
    return a // g, b // g, c // g


def meet(l1: Line, l2: Line) -> tuple[Fraction, Fraction]:
    (a1, b1, c1), (a2, b2, c2) = l1, l2
    det = a1 * b2 - a2 * b1
    return Fraction(c1 * b2 - c2 * b1, det), Fraction(a1 * c2 - a2 * c1, det)


def _sign_term(coefficient, body: str, first: bool) -> str:
    value = Fraction(coefficient)
    if value == 0:
        return ""
    mag = abs(value)
    text = frac_text(mag) if body == "" else ("" if mag == 1 else frac_text(mag)) + body
    if mag.denominator != 1 and body:
        text = f"({frac_text(mag)}){body}"
    if first:
        return f"-{text}" if value < 0 else text
    return f" - {text}" if value < 0 else f" + {text}"


def describe(line: Line, style: str, rng: random.Random) -> str:
    """The line in one of the written forms: ``general``, ``slope`` (y = mx + c, when not
    vertical), ``points`` (through two lattice points) or ``intercepts``-free point-slope."""
    a, b, c = line
    if style == "slope" and b != 0:
        m, q = Fraction(-a, b), Fraction(c, b)
        text = (_sign_term(m, "x", True) + _sign_term(q, "", m == 0)) or "0"
        return f"y = {text}"
    if style == "points":
        # two lattice points on a x + b y = c: a particular one plus multiples of (b, -a)
        x0, y0 = _lattice_point(a, b, c)
        s, t = rng.randint(-3, 2), rng.randint(1, 3)
        p = (x0 + s * b, y0 - s * a)
        q = (p[0] + t * b, p[1] - t * a)
        return f"the line through {point_text(p)} and {point_text(q)}"
    text = _sign_term(a, "x", True) + _sign_term(b, "y", a == 0)
    return f"{text} = {c}"


def _lattice_point(a: int, b: int, c: int) -> tuple[int, int]:
    """A lattice point of a x + b y = c (gcd(a, b) = 1 divides c), by extended Euclid."""

    def egcd(x, y):
        if y == 0:
            return x, 1, 0
        g, s, t = egcd(y, x % y)
        return g, t, s - (x // y) * t

    g, s, t = egcd(abs(a), abs(b))
    s, t = s * (1 if a >= 0 else -1), t * (1 if b >= 0 else -1)
    x0, y0 = s * c // g, t * c // g
    k = round(Fraction(-(x0 * b - y0 * a), a * a + b * b))  # the one nearest the origin
    return x0 + k * b, y0 - k * a


class LineIntersection(MathFamily):
    """Lines in different written forms (two points, slope-intercept, general form): where
    two meet, the foot of the perpendicular from a point, where the parallel through a point
    meets another line, the distance from a point to a line, or a chain (two lines meet at P;
    the distance from P to a third line).

    Knobs: ``mode`` (intersection, distance, perpendicular, parallel, chain: easiest first),
    ``size`` (largest coefficient), ``mixed_forms`` (lines written in different forms).
    Parallel lines are never asked to meet (the determinant is checked). Difficulty 1: the
    chain with coefficients up to 12, the point of intersection fractional, and the distance a
    rationalised radical.

    Answer syntax: a point as ``(x, y)`` with integers or fractions p/q; a distance in
    simplified radical form (``13sqrt(2)/10``).
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "mode": Knob("categorical", choices=_MODES, default="intersection", doc="what is asked"),
        "size": Knob("int", 2, 30, default=5, easy=4, hard=12, doc="largest coefficient"),
        "mixed_forms": Knob("bool", default=False, easy=False, hard=True, doc="mixed forms"),
    }
    answer_syntax = "a point (x, y) with integer or p/q coordinates, or a simplified radical"
    answer_form = "tuple of rationals (a point) or radical (a distance), as the prompt asks"
    unique_answer = True  # non-parallel lines meet once; a distance is one number

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        for _ in range(50):
            draft = self._draft(rng, knobs)
            # a point answer must not be one of the points the prompt shows (a line through
            # two lattice points may pass through the answer): copying it would score
            shown = re.findall(r"\([^()]*\)", draft.question)
            if not states_answer(draft.question, draft.answer) and draft.answer not in shown:
                return draft
        return draft

    def _line(self, rng: random.Random, size: int) -> Line:
        while True:
            a, b = rng.randint(-size, size), rng.randint(-size, size)
            if (a or b) and gcd(a, b) == 1:
                x0, y0 = rng.randint(-size, size), rng.randint(-size, size)
                return _normal(a, b, a * x0 + b * y0 + rng.randint(0, 1) * rng.randint(-1, 1))

    def _two_lines(self, rng: random.Random, size: int) -> tuple[Line, Line]:
        while True:
            l1, l2 = self._line(rng, size), self._line(rng, size)
            if l1[0] * l2[1] - l2[0] * l1[1] != 0:
                return l1, l2

    def _draft(self, rng: random.Random, knobs: dict) -> Draft:
        mode, size, mixed = knobs["mode"], knobs["size"], knobs["mixed_forms"]
        styles = ["points", "slope", "general"] if mixed else ["general"]

        def show(line: Line) -> str:
            style = rng.choice(styles)
            text = describe(line, style, rng)
            return text if text.startswith("the line") else f"the line {text}"

        point = (rng.randint(-size, size), rng.randint(-size, size))
        if mode == "intersection":
            l1, l2 = self._two_lines(rng, size)
            question = f"Find the point where {show(l1)} meets {show(l2)}."
            return Draft(question, point_text(meet(l1, l2)), {"form": "tuple", "steps": 2})
        if mode == "distance":
            line = self._line(rng, size)
            while line[0] * point[0] + line[1] * point[1] == line[2]:
                line = self._line(rng, size)
            value = _distance(point, line)
            where = point_text(point)
            question = f"Find the exact distance from the point {where} to {show(line)}."
            return Draft(question, rad_text(value), {"form": "radical", "steps": 2})
        if mode in ("perpendicular", "parallel"):
            if mode == "perpendicular":
                line = self._line(rng, size)
                while _on(point, line):  # the foot would be the given point itself
                    line = self._line(rng, size)
                a, b, _ = line
                other = _normal(-b, a, -b * point[0] + a * point[1])
                question = (
                    f"Find the foot of the perpendicular from the point {point_text(point)} to "
                    f"{show(line)}, that is, the point of that line closest to it."
                )
            else:
                line, target = self._two_lines(rng, size)
                while _on(point, target):  # they would meet at the given point itself
                    line, target = self._two_lines(rng, size)
                a, b, _ = line
                other = _normal(a, b, a * point[0] + b * point[1])
                question = (
                    f"The line through {point_text(point)} parallel to {show(line)} meets "
                    f"{show(target)}. Find the point where they meet."
                )
                line = target
            foot = meet(line, other)
            return Draft(question, point_text(foot), {"form": "tuple", "steps": 3})
        l1, l2 = self._two_lines(rng, size)
        p = meet(l1, l2)
        l3 = self._line(rng, size)
        while l3[0] * p[0] + l3[1] * p[1] == l3[2]:
            l3 = self._line(rng, size)
        value = _distance(p, l3)
        first = show(l1)
        question = (
            f"{first[0].upper()}{first[1:]} meets {show(l2)} at the point P. Find the "
            f"exact distance from P to {show(l3)}."
        )
        return Draft(question, rad_text(value), {"form": "radical", "steps": 4})

    def check(self, problem: Problem, answer: str) -> Judgement:
        form = problem.meta["form"]
        return judge_value(problem, answer, form, variables=("x", "y") if form == "tuple" else ())

    def complexity(self, problem: Problem) -> float:
        """Steps, digits in the prompt and the length of the answer."""
        return content_complexity(problem)


def _on(point, line: Line) -> bool:
    return line[0] * point[0] + line[1] * point[1] == line[2]


def _distance(point, line: Line) -> dict:
    a, b, c = line
    numerator = abs(a * Fraction(point[0]) + b * Fraction(point[1]) - c)
    return rad_scale(sqrt_of(Fraction(1, a * a + b * b)), numerator)
