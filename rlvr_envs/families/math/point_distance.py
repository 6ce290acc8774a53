"""PointDistance: distances, midpoints, section points and perimeters from coordinates.

The distance formula |AB| = sqrt(sum (a_i - b_i)^2) gives an exact radical, simplified by
pulling square factors out of the radicand; the section formula P = (n A + m B)/(m + n)
divides AB internally in the ratio m:n (AP:PB = m:n). All arithmetic is exact
(``fractions.Fraction``).
"""

from __future__ import annotations

import random
from fractions import Fraction
from math import gcd
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.math.geometry import (
    content_complexity,
    dist2,
    point_text,
    rad_add,
    rad_text,
    sqrt_of,
    star_polygon,
    unstated_draft,
)
from rlvr_envs.families.shared.math_answers import MathFamily, judge_value

_TASKS = ("midpoint", "distance", "section", "chain", "perimeter")


class PointDistance(MathFamily):
    """Distance between two points, the midpoint or a section point of a segment, the
    perimeter of a polygon, or a chain (a section point, a midpoint, then their distance).

    Knobs: ``task`` (midpoint, distance, section, chain, perimeter: easiest first),
    ``dimension`` (2 or 3), ``size`` (largest absolute coordinate), ``vertices`` (of the
    polygon whose perimeter is asked). Difficulty 1 asks perimeters of hexagons in space with
    coordinates up to 40 (six distance computations, then the surds simplified and like
    terms collected); just below it, chains in 3D whose section point has fractional
    coordinates (a section formula, a midpoint, then a distance with a rational radicand).

    Answer syntax: a point as a tuple ``(x, y)`` / ``(x, y, z)`` of integers or fractions
    p/q; a length in simplified radical form (``3sqrt(5)``, ``5 + 2sqrt(2)``, ``sqrt(70)/3``).
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "task": Knob("categorical", choices=_TASKS, default="distance", doc="what is asked"),
        "dimension": Knob("int", 2, 3, default=2, easy=2, hard=3, doc="2D or 3D points"),
        "size": Knob("int", 3, 60, default=10, easy=6, hard=40, doc="largest |coordinate|"),
        "vertices": Knob("int", 3, 8, default=4, easy=3, hard=6, doc="polygon vertices"),
    }
    answer_syntax = (
        "a point as (x, y) or (x, y, z) with integer or p/q coordinates, or a length in "
        "simplified radical form such as 3sqrt(5) or 2 + sqrt(13)"
    )
    answer_form = "tuple of rationals (a point) or radical (a length), as the prompt asks"
    answer_label_patterns = (
        r"Find the distance ([A-Z]{2})\b",
        r"Find the coordinates of ([A-Z])\.",
    )  # docs/answers.md
    unique_answer = True  # a length or a point is determined by the given coordinates

    def check(self, problem: Problem, answer: str) -> Judgement:
        # the form depends on the instance: a tuple for points, a radical for lengths
        form = problem.meta["form"]
        names = ("x", "y", "z")[: problem.knobs["dimension"]] if form == "tuple" else ()
        return judge_value(problem, answer, form, variables=names)

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        return unstated_draft(self._draft, rng, knobs)

    def _draft(self, rng: random.Random, knobs: dict) -> Draft:
        task, dim, size = knobs["task"], knobs["dimension"], knobs["size"]

        def point() -> tuple[int, ...]:
            return tuple(rng.randint(-size, size) for _ in range(dim))

        def distinct(*others) -> tuple[int, ...]:
            p = point()
            while p in others:
                p = point()
            return p

        names = "ABCDEFGH"
        if task == "perimeter":
            count = knobs["vertices"]
            # a small lattice polygon, scaled and shifted: its sides share radicands
            base = star_polygon(rng, count, 4)
            k = rng.randint(1, max(1, size // 4))
            sx, sy = rng.randint(-size, size), rng.randint(-size, size)
            polygon = [(k * x + sx, k * y + sy) for x, y in base]
            if dim == 3:  # lift onto a plane z = a x + b y + c (stays planar and simple)
                a, b, c = rng.randint(-2, 2), rng.randint(-2, 2), rng.randint(-size, size)
                polygon = [(x, y, a * x + b * y + c) for x, y in polygon]
            total = rad_add(*(sqrt_of(dist2(polygon[i - 1], polygon[i])) for i in range(count)))
            listed = ", ".join(f"{names[i]}{point_text(p)}" for i, p in enumerate(polygon))
            question = (
                f"A polygon has vertices {listed}, in this order (its sides join consecutive "
                "vertices and the last to the first). Find its perimeter exactly, in simplified "
                "radical form with like terms collected."
            )
            return Draft(question, rad_text(total), {"form": "radical", "steps": count + 1})
        a = point()
        b = distinct(a)
        if task == "midpoint":
            mid = tuple(Fraction(x + y, 2) for x, y in zip(a, b))
            segment = f"A{point_text(a)} to B{point_text(b)}"
            question = f"Find the midpoint of the segment from {segment}."
            return Draft(question, point_text(mid), {"form": "tuple", "steps": 1})
        if task == "distance":
            question = f"Find the distance between A{point_text(a)} and B{point_text(b)}."
            return Draft(question, rad_text(sqrt_of(dist2(a, b))), {"form": "radical", "steps": 1})
        top = max(3, size // 4)
        m, n = rng.randint(1, top), rng.randint(1, top)
        while m == n or gcd(m, n) != 1:
            m, n = rng.randint(1, top), rng.randint(1, top)
        p = tuple(Fraction(n * x + m * y, m + n) for x, y in zip(a, b))
        section = (
            f"P is the point on segment AB with AP:PB = {m}:{n}, where A = {point_text(a)} "
            f"and B = {point_text(b)}."
        )
        if task == "section":
            question = f"{section} Find the coordinates of P."
            return Draft(question, point_text(p), {"form": "tuple", "steps": 2})
        c = distinct(a, b)
        d = distinct(c)
        q = tuple(Fraction(x + y, 2) for x, y in zip(c, d))
        while dist2(p, q) == 0:  # pragma: no cover - a coincidence
            d = distinct(c)
            q = tuple(Fraction(x + y, 2) for x, y in zip(c, d))
        question = (
            f"{section} Q is the midpoint of CD, where C = {point_text(c)} and "
            f"D = {point_text(d)}. Find the distance PQ exactly, in simplified radical form."
        )
        return Draft(question, rad_text(sqrt_of(dist2(p, q))), {"form": "radical", "steps": 4})

    def complexity(self, problem: Problem) -> float:
        """Steps, digits in the prompt and the length of the answer."""
        return content_complexity(problem)
