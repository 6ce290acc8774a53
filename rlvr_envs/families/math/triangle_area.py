"""TriangleArea: the area of a triangle from coordinates, sides or two sides and an angle,
and its inradius and circumradius.

Rules used: the cross product (A = |AB x AC| / 2, in 2D or 3D), Heron's formula
(16 A^2 = (a+b+c)(-a+b+c)(a-b+c)(a+b-c)), A = (1/2) a b sin C with the exact sines of 30, 45,
60, 90, 120, 135 and 150 degrees, r = A / s (s the semi-perimeter) and R = a b c / (4 A).
Every answer is an exact rational or simplified radical (denominators rationalised).
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.math.geometry import (
    content_complexity,
    frac_text,
    point_text,
    rad_scale,
    rad_text,
    sqrt_of,
    unstated_draft,
)
from rlvr_envs.families.shared.math_answers import MathFamily

_MODES = ("coordinates", "sas", "heron", "inradius", "space", "circumradius")

SINES: dict[int, tuple[Fraction, int]] = {
    30: (Fraction(1, 2), 1),
    45: (Fraction(1, 2), 2),
    60: (Fraction(1, 2), 3),
    90: (Fraction(1), 1),
    120: (Fraction(1, 2), 3),
    135: (Fraction(1, 2), 2),
    150: (Fraction(1, 2), 1),
}
"""sin(angle) = c sqrt(d) as (c, d)."""


class TriangleArea(MathFamily):
    """Area of a triangle (from vertex coordinates in the plane or in space, from its three
    sides by Heron's formula, from two sides and the included angle), or its inradius or
    circumradius from its three sides.

    Knobs: ``mode`` (coordinates, sas, heron, inradius, space, circumradius: easiest first),
    ``size`` (largest side or |coordinate|).
    Difficulty 1 asks circumradii of scalene triangles with sides up to 60 (Heron's formula,
    then R = abc / (4A) with the radical rationalised); just below it, areas of triangles in
    space (a cross product and a simplified root) and inradii (r = A / s).

    Answer syntax: an exact value, an integer, a fraction p/q or a simplified radical such as
    ``21sqrt(15)/4``.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "mode": Knob("categorical", choices=_MODES, default="coordinates", doc="what is given"),
        "size": Knob("int", 4, 80, default=12, easy=8, hard=60, doc="largest side/coordinate"),
    }
    answer_syntax = "an exact value: an integer, p/q, or simplified radical form like 3sqrt(7)/2"
    answer_form = "radical"
    unique_answer = True  # the sides (or vertices) determine the triangle up to congruence

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        return unstated_draft(self._draft, rng, knobs)

    def _draft(self, rng: random.Random, knobs: dict) -> Draft:
        mode, size = knobs["mode"], knobs["size"]
        if mode in ("coordinates", "space"):
            dim = 2 if mode == "coordinates" else 3
            while True:
                a, b, c = (tuple(rng.randint(-size, size) for _ in range(dim)) for _ in range(3))
                u = [y - x for x, y in zip(a, b)]
                v = [y - x for x, y in zip(a, c)]
                if dim == 2:
                    n2 = (u[0] * v[1] - u[1] * v[0]) ** 2
                else:
                    n2 = (
                        (u[1] * v[2] - u[2] * v[1]) ** 2
                        + (u[2] * v[0] - u[0] * v[2]) ** 2
                        + (u[0] * v[1] - u[1] * v[0]) ** 2
                    )
                if n2:
                    break
            area = rad_scale(sqrt_of(n2), Fraction(1, 2))
            where = "in the plane" if dim == 2 else "in space"
            question = (
                f"Find the area of the triangle {where} with vertices A{point_text(a)}, "
                f"B{point_text(b)} and C{point_text(c)}."
            )
            return Draft(question, rad_text(area), {"steps": 2 if dim == 2 else 4})
        if mode == "sas":
            angle = rng.choice(sorted(SINES))
            p, q = rng.randint(2, size), rng.randint(2, size)
            coeff, d = SINES[angle]
            area = {d: Fraction(p * q, 2) * coeff}
            question = (
                f"In triangle ABC, AB = {p}, AC = {q} and angle BAC = {angle} degrees. "
                "Find the exact area of the triangle."
            )
            return Draft(question, rad_text(area), {"steps": 2})
        a, b, c = _sides(rng, size)
        product = (a + b + c) * (-a + b + c) * (a - b + c) * (a + b - c)  # 16 A^2
        area = sqrt_of(Fraction(product, 16))
        sides = f"BC = {frac_text(a)}, CA = {frac_text(b)} and AB = {frac_text(c)}"
        if mode == "heron":
            question = f"Triangle ABC has sides {sides}. Find its exact area."
            return Draft(question, rad_text(area), {"steps": 3})
        if mode == "inradius":
            s = (a + b + c) / 2
            value = rad_scale(area, 1 / s)
            what = "the radius of its inscribed circle"
        else:
            # R = abc / (4A) = abc / sqrt(product) = abc sqrt(product) / product
            value = rad_scale(sqrt_of(product), a * b * c / product)
            what = "the radius of its circumscribed circle"
        question = f"Triangle ABC has sides {sides}. Find {what}, exactly."
        return Draft(question, rad_text(value), {"steps": 5 if mode == "inradius" else 6})

    def complexity(self, problem: Problem) -> float:
        """Steps, digits in the prompt and the length of the answer."""
        return content_complexity(problem)


def _sides(rng: random.Random, size: int) -> tuple[Fraction, Fraction, Fraction]:
    """Three integer sides satisfying the strict triangle inequality."""
    while True:
        a, b = rng.randint(2, size), rng.randint(2, size)
        low, high = abs(a - b) + 1, min(a + b - 1, size)
        if low <= high:
            c = rng.randint(low, high)
            if len({a, b, c}) >= 2 or size < 6:
                return Fraction(a), Fraction(b), Fraction(c)
