"""SimilarTriangles: lengths and areas from similarity, and the theorems built on it.

Rules used: corresponding sides of similar triangles are in one ratio k and their areas in
k^2; the intercept theorem (a line DE parallel to BC cuts AB and AC proportionally, AD/DB =
AE/EC and DE/BC = AD/AB); the angle-bisector theorem (the bisector from A divides BC in the
ratio AB:AC) and the bisector length AD^2 = bc (1 - a^2 / (b + c)^2); in a right triangle with
altitude h to the hypotenuse cutting it into p and q: h^2 = pq and leg^2 = (adjacent part) *
hypotenuse. Answers are exact rationals or simplified radicals.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.math.geometry import (
    Radical,
    content_complexity,
    frac_text,
    rad_of,
    rad_scale,
    rad_text,
    sqrt_of,
    unstated_draft,
)
from rlvr_envs.families.shared.math_answers import MathFamily

_MODES = ("scale", "intercept", "area_ratio", "altitude", "bisector", "chain")


class SimilarTriangles(MathFamily):
    """Side lengths from similarity ratios, areas from squared ratios, the intercept theorem,
    the altitude on the hypotenuse, the angle-bisector theorem (and the bisector's length),
    and chains of two of them.

    Knobs: ``mode`` (scale, intercept, area_ratio, altitude, bisector, chain: easiest first),
    ``size`` (largest given length), ``fractional`` (given lengths may be halves and thirds).
    Difficulty 1: chains (the bisector's foot, then a parallel through it; a parallel cut,
    then the trapezoid's area; a side from an area ratio) with fractional lengths up to 30,
    answers rationals with large denominators or rationalised radicals.

    Answer syntax: an exact length or area: an integer, a fraction p/q in lowest terms or a
    simplified radical such as ``4sqrt(6)/3``.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "mode": Knob("categorical", choices=_MODES, default="scale", doc="what is asked"),
        "size": Knob("int", 4, 60, default=12, easy=10, hard=30, doc="largest given length"),
        "fractional": Knob("bool", default=False, easy=False, hard=True, doc="p/q lengths"),
    }
    answer_syntax = "an exact value: an integer, p/q, or simplified radical form like 4sqrt(6)/3"
    answer_form = "radical"
    answer_label_patterns = (r"Find (?:the length )?([A-Z]{2})\.",)  # docs/answers.md
    unique_answer = True  # similarity fixes every length and area from the given ones

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        return unstated_draft(self._draft, rng, knobs)

    def _draft(self, rng: random.Random, knobs: dict) -> Draft:
        mode, size, fractional = knobs["mode"], knobs["size"], knobs["fractional"]

        def length(low: int = 1, high: int | None = None) -> Fraction:
            top = high or size
            if fractional and rng.random() < 0.5:
                q = rng.choice((2, 3))
                return Fraction(rng.randint(low * q, top * q), q)
            return Fraction(rng.randint(low, top))

        def triangle() -> tuple[Fraction, Fraction, Fraction]:
            while True:
                a, b, c = length(2), length(2), length(2)
                if a < b + c and b < a + c and c < a + b and len({a, b, c}) == 3:
                    return a, b, c

        f = frac_text
        value: Radical
        steps = 2
        if mode == "scale":
            a, b, c = triangle()
            d = length(2)
            while d == c:
                d = length(2)
            value = rad_of(a * d / c)
            question = (
                f"Triangle ABC is similar to triangle DEF (A to D, B to E, C to F). "
                f"AB = {f(c)}, BC = {f(a)}, CA = {f(b)} and DE = {f(d)}. Find EF."
            )
        elif mode == "intercept":
            ad, db, ae = length(), length(), length()
            if rng.random() < 0.5:
                value = rad_of(ae * db / ad)
                question = (
                    f"In triangle ABC, D lies on AB and E on AC with DE parallel to BC. "
                    f"AD = {f(ad)}, DB = {f(db)} and AE = {f(ae)}. Find EC."
                )
            else:
                bc = length()
                value = rad_of(bc * ad / (ad + db))
                question = (
                    f"In triangle ABC, D lies on AB and E on AC with DE parallel to BC. "
                    f"AD = {f(ad)}, DB = {f(db)} and BC = {f(bc)}. Find DE."
                )
        elif mode == "area_ratio":
            s1, s2 = length(), length()
            while s1 == s2:
                s2 = length()
            area = length()
            if rng.random() < 0.5:
                value = rad_of(area * s2 * s2 / (s1 * s1))
                question = (
                    f"Two similar triangles have corresponding sides {f(s1)} and {f(s2)}. The "
                    f"first has area {f(area)}. Find the area of the second."
                )
            else:
                area2 = length()
                while area2 == area:
                    area2 = length()
                value = rad_scale(sqrt_of(area2 / area), s1)
                question = (
                    f"Two similar triangles have areas {f(area)} and {f(area2)}. A side of the "
                    f"first has length {f(s1)}. Find the corresponding side of the second."
                )
                steps = 3
        elif mode == "altitude":
            p, q = length(), length()
            which = rng.choice(("altitude", "leg", "segment"))
            head = (
                "Triangle ABC has a right angle at C, and the altitude from C meets the "
                "hypotenuse AB at H."
            )
            if which == "altitude":
                value = sqrt_of(p * q)
                question = f"{head} AH = {f(p)} and HB = {f(q)}. Find CH."
            elif which == "leg":
                value = sqrt_of(p * (p + q))
                question = f"{head} AH = {f(p)} and HB = {f(q)}. Find AC."
            else:
                hyp = p + q
                leg2 = p * hyp  # AC^2 = AH * AB; give AC squared-friendly: AC = sqrt(leg2)
                leg = sqrt_of(leg2)
                value = rad_of(hyp - p)
                question = f"{head} AB = {f(hyp)} and AC = {rad_text(leg)}. Find HB."
            steps = 3
        elif mode == "bisector":
            a, b, c = triangle()
            if rng.random() < 0.5:
                value = rad_of(a * c / (b + c))
                question = (
                    f"In triangle ABC, AB = {f(c)}, AC = {f(b)} and BC = {f(a)}. The bisector of "
                    "angle A meets BC at D. Find BD."
                )
            else:
                value = rad_scale(sqrt_of(b * c * ((b + c) ** 2 - a * a)), 1 / (b + c))
                question = (
                    f"In triangle ABC, AB = {f(c)}, AC = {f(b)} and BC = {f(a)}. The bisector of "
                    "angle A meets BC at D. Find the length AD."
                )
                steps = 4
        else:
            kind = rng.choice(("bisector parallel", "trapezoid", "two cuts"))
            steps = 5
            if kind == "bisector parallel":
                a, b, c = triangle()
                value = rad_of(b * c / (b + c))
                question = (
                    f"In triangle ABC, AB = {f(c)}, AC = {f(b)} and BC = {f(a)}. The bisector of "
                    "angle A meets BC at D, and the line through D parallel to AB meets AC at E. "
                    "Find DE."
                )
            elif kind == "trapezoid":
                ad, db, area = length(), length(), length()
                value = rad_of(area * ((ad + db) ** 2 - ad * ad) / (ad * ad))
                question = (
                    f"In triangle ABC, D lies on AB and E on AC with DE parallel to BC, AD = "
                    f"{f(ad)} and DB = {f(db)}. Triangle ADE has area {f(area)}. Find the area of "
                    "the quadrilateral DBCE."
                )
            else:
                ad, de, bc = length(), length(), length()
                while de >= bc:
                    de, bc = length(), length()
                # DE/BC = AD/AB, so AB = AD * BC / DE and DB = AB - AD
                value = rad_of(ad * bc / de - ad)
                question = (
                    f"In triangle ABC, D lies on AB and E on AC with DE parallel to BC. AD = "
                    f"{f(ad)}, DE = {f(de)} and BC = {f(bc)}. Find DB."
                )
        return Draft(question, rad_text(value), {"steps": steps})

    def complexity(self, problem: Problem) -> float:
        """Steps, digits in the prompt and the length of the answer."""
        return content_complexity(problem)
