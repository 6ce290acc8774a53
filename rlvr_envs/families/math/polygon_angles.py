"""PolygonAngles: angles of regular and star polygons, and angle chasing in triangles.

Rules used: the interior angles of an n-gon sum to 180(n - 2) degrees; a regular n-gon's
interior angle is 180(n - 2)/n and its exterior angle 360/n; the point angle of the regular
star polygon {n/k} is 180(n - 2k)/n; the exterior angle of a triangle equals the sum of the two
remote interior angles; base angles of an isosceles triangle are equal; the incentre I of a
triangle ABC has angle BIC = 90 + A/2. Answers are degrees as exact rationals, without the
degree sign.
"""

from __future__ import annotations

import random
from fractions import Fraction
from math import gcd
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.math.geometry import (
    content_complexity,
    frac_text,
    unstated_draft,
)
from rlvr_envs.families.shared.math_answers import MathFamily

_MODES = ("sum", "interior", "sides", "star", "chase", "compare")
_NOTE = (
    " Give the answer in degrees as an integer or a fraction p/q in lowest terms, "
    "without the degree sign."
)


def interior(n: int) -> Fraction:
    return Fraction(180 * (n - 2), n)


class PolygonAngles(MathFamily):
    """Angles of polygons: a regular polygon's interior or exterior angle, an angle sum, the
    number of sides from an angle, the point angle of a star polygon, angle chasing in
    isosceles triangles and with angle bisectors, and comparing two regular polygons.

    Knobs: ``mode`` (sum, interior, sides, star, chase, compare: easiest first), ``sides``
    (the largest number of sides, 12 to 360), ``halves`` (given angles may be halves of a
    degree). Difficulty 1: two regular polygons whose interior angles differ by a given
    fraction of a degree and whose side counts differ by a given number (a quadratic in n),
    P with up to 90 sides; the answer range is wide (3 to 90 sides, fractional angles).

    Answer syntax: an angle in degrees as an integer or a fraction p/q in lowest terms
    **without the degree sign** (``1260/7``), or a number of sides as an integer.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "mode": Knob("categorical", choices=_MODES, default="interior", doc="what is asked"),
        "sides": Knob("int", 12, 360, default=40, easy=40, hard=180, doc="largest n"),
        "halves": Knob("bool", default=False, easy=False, hard=True, doc="half-degree angles"),
    }
    answer_syntax = (
        "one integer or fraction p/q in lowest terms (degrees without the degree sign, "
        "or a count of sides)"
    )
    answer_form = "rational"
    answer_label_patterns = (r"Find (angle [A-Z]{3})\.",)  # docs/answers.md
    unique_answer = True  # each angle is fixed by the data; n solves a monotone equation

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        return unstated_draft(self._draft, rng, knobs)

    def _draft(self, rng: random.Random, knobs: dict) -> Draft:
        mode, top, halves = knobs["mode"], knobs["sides"], knobs["halves"]
        n = rng.randint(5, top)
        if mode == "interior":
            which = rng.choice(("interior", "exterior")) if halves else "interior"
            value = interior(n) if which == "interior" else Fraction(360, n)
            question = f"Find the measure of each {which} angle of a regular {n}-gon."
            return Draft(question + _NOTE, frac_text(value), {"steps": 1})
        if mode == "sum":
            question = f"Find the sum of the interior angles of a convex polygon with {n} sides."
            return Draft(question + _NOTE, frac_text(180 * (n - 2)), {"steps": 1})
        if mode == "sides":
            given = rng.choice(("interior", "exterior", "sum"))
            if given == "sum":
                text = f"The interior angles of a convex polygon add up to {180 * (n - 2)} degrees."
            else:
                value = interior(n) if given == "interior" else Fraction(360, n)
                text = (
                    f"Each {given} angle of a regular polygon measures {frac_text(value)} degrees."
                )
            question = f"{text} How many sides does the polygon have? Answer with an integer."
            return Draft(question, str(n), {"steps": 2})
        if mode == "star":
            n = max(n, 7)
            k = rng.randint(2, (n - 1) // 2)
            while gcd(n, k) != 1:
                k = rng.randint(2, (n - 1) // 2)
            value = Fraction(180 * (n - 2 * k), n)
            question = (
                f"The regular star polygon {{{n}/{k}}} is drawn by placing {n} points evenly on "
                f"a circle and joining each point to the point {k} places further round, until "
                f"the path closes. Find the angle at each of its {n} tips (the angle between "
                "the two segments that meet at a tip)."
            )
            return Draft(question + _NOTE, frac_text(value), {"steps": 3})
        if mode == "chase":
            return self._chase(rng, halves)
        return self._compare(rng, top, halves)

    def _angle(self, rng: random.Random, low: int, high: int, halves: bool) -> Fraction:
        if halves:
            return Fraction(rng.randint(2 * low, 2 * high), 2)
        return Fraction(rng.randint(low, high))

    def _chase(self, rng: random.Random, halves: bool) -> Draft:
        kind = rng.choice(("bisector", "isosceles", "incentre", "altitude"))
        if kind == "bisector":
            a = self._angle(rng, 10, 170, halves)
            value = a + (180 - a) / 4
            question = (
                f"In triangle ABC, AB = AC and angle BAC = {frac_text(a)} degrees. The bisector "
                "of angle ABC meets side AC at D. Find angle BDC."
            )
        elif kind == "isosceles":
            a = self._angle(rng, 5, 55, halves)
            value = 90 - 3 * a / 2
            question = (
                f"In triangle ABC, AB = AC and angle BAC = {frac_text(a)} degrees. A point D on "
                "side AC satisfies BD = BC. Find angle ABD."
            )
        elif kind == "incentre":
            a = self._angle(rng, 10, 160, halves)
            b = self._angle(rng, 5, int(170 - a), halves)
            value = 90 + (180 - a - b) / 2
            question = (
                f"In triangle ABC, angle A = {frac_text(a)} degrees and angle B = {frac_text(b)} "
                "degrees. The bisectors of angles A and B meet at I. Find angle AIB."
            )
        else:
            b = self._angle(rng, 10, 120, halves)
            c = self._angle(rng, 5, int(170 - b), halves)
            while c == b:
                c = self._angle(rng, 5, int(170 - b), halves)
            value = abs(b - c) / 2
            question = (
                f"In triangle ABC, angle B = {frac_text(b)} degrees and angle C = {frac_text(c)} "
                "degrees. The altitude from A meets BC at H and the bisector of angle A meets "
                "BC at D. Find angle HAD."
            )
        return Draft(question + _NOTE, frac_text(value), {"steps": 4})

    def _compare(self, rng: random.Random, top: int, halves: bool) -> Draft:
        # 360/n - 360/(n + k) = d, with n the answer
        n = rng.randint(3, max(4, top // 2))
        k = rng.randint(1, 12 if halves else 4)
        d = Fraction(360, n) - Fraction(360, n + k)
        question = (
            f"Two regular polygons P and Q are such that Q has {k} more side"
            f"{'s' if k > 1 else ''} than P, and each interior angle of Q is {frac_text(d)} "
            "degrees larger than each interior angle of P. How many sides does P have? "
            "Answer with an integer."
        )
        return Draft(question, str(n), {"steps": 5})

    def complexity(self, problem: Problem) -> float:
        """Steps, digits in the prompt and the length of the answer."""
        return content_complexity(problem)
