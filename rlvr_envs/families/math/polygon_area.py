"""PolygonArea: the area of a simple polygon from its vertices, or its interior lattice points.

The shoelace formula A = |sum (x_i y_{i+1} - x_{i+1} y_i)| / 2 gives the area of a simple
polygon whose vertices are listed in order; Pick's theorem A = I + B/2 - 1 (B: lattice points
on the boundary, the sum of gcd(|dx|, |dy|) over the edges) gives the number I of lattice
points strictly inside a lattice polygon. Every polygon is checked to be simple (no two
non-adjacent edges meet, no three consecutive vertices collinear) in exact arithmetic.
"""

from __future__ import annotations

import random
from math import gcd
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.math.geometry import (
    content_complexity,
    frac_text,
    point_text,
    shoelace,
    star_polygon,
    unstated_draft,
)
from rlvr_envs.families.shared.math_answers import MathFamily, judge_value

_MODES = ("integer", "rational", "pick")


class PolygonArea(MathFamily):
    """The area of a simple polygon given by its vertices in order (shoelace formula), or the
    number of lattice points strictly inside it (Pick's theorem).

    Knobs: ``mode`` (integer vertices, rational vertices with denominators 2 to 4, or Pick's
    interior count; easiest first), ``vertices`` (3 to 12), ``size`` (largest |coordinate|).
    The vertices are listed from a random vertex, clockwise or counter-clockwise (the shoelace
    sum is then negative: the area is its absolute value). Difficulty 1: ten-gon, non-convex,
    coordinates up to 30 (about a thousand lattice points to count with
    Pick's theorem, or fractional vertices).

    Answer syntax: the area as an integer or a fraction p/q in lowest terms; the count of
    interior lattice points as an integer.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "mode": Knob("categorical", choices=_MODES, default="integer", doc="what is asked"),
        "vertices": Knob("int", 3, 12, default=5, easy=4, hard=10, doc="polygon vertices"),
        "size": Knob("int", 4, 60, default=10, easy=6, hard=30, doc="largest |coordinate|"),
    }
    answer_syntax = "one integer or a fraction p/q in lowest terms"
    answer_form = "rational"
    unique_answer = True  # a simple polygon has one area and one set of interior points

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        return unstated_draft(self._draft, rng, knobs)

    def _draft(self, rng: random.Random, knobs: dict) -> Draft:
        mode, count, size = knobs["mode"], knobs["vertices"], knobs["size"]
        scale = rng.randint(2, 4) if mode == "rational" else 1
        polygon = star_polygon(rng, count, size, scale)
        area = shoelace(polygon)
        start = rng.randrange(count)
        polygon = polygon[start:] + polygon[:start]
        if rng.random() < 0.5:
            polygon = polygon[::-1]
        listed = ", ".join(point_text(p) for p in polygon)
        head = (
            f"A simple polygon has the vertices {listed}, listed in order around its boundary "
            "(consecutive vertices and the last and first are joined by edges)."
        )
        vertices = [[frac_text(c) for c in p] for p in polygon]
        meta = {"mode": mode, "vertices": vertices, "steps": count}
        if mode == "pick":
            boundary = sum(
                gcd(int(abs(polygon[i][0] - polygon[i - 1][0])),
                    int(abs(polygon[i][1] - polygon[i - 1][1])))
                for i in range(count)
            )  # fmt: skip
            interior = area - boundary / 2 + 1
            question = (
                f"{head} How many points with integer coordinates lie strictly inside the "
                "polygon (not on its boundary)?"
            )
            meta["steps"] = count + 2
            return Draft(question, frac_text(interior), meta)
        question = f"{head} Find its area exactly."
        return Draft(question, frac_text(area), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        form = "integer" if problem.meta["mode"] == "pick" else "rational"
        return judge_value(problem, answer, form)

    def complexity(self, problem: Problem) -> float:
        """Vertices (steps), digits in the prompt and the length of the answer."""
        return content_complexity(problem)
