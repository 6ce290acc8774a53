"""CircleThroughPoints: the circle through three points, its tangent lines and where a line
meets it.

The centre (h, k) of the circle through A, B, C is the intersection of two perpendicular
bisectors (solved exactly by Cramer's rule); r^2 = |A - centre|^2. The tangent at a point P on
the circle is perpendicular to the radius to P. A line y = m x + c meets the circle where
(1 + m^2) x^2 + 2 (m (c - k) - h) x + h^2 + (c - k)^2 - r^2 = 0, solved by the quadratic
formula in exact radicals.
"""

from __future__ import annotations

import random
import re
from fractions import Fraction
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.math.geometry import (
    check_point_set,
    content_complexity,
    dist2,
    frac_text,
    point_text,
    rad_add,
    rad_json,
    rad_of,
    rad_scale,
    rad_text,
    sqrt_of,
    unstated_draft,
)
from rlvr_envs.families.shared.math_answers import MathFamily, judge_value

_MODES = ("center", "equation", "tangent", "intersection")


def circumcircle(a, b, c) -> tuple[Fraction, Fraction, Fraction]:
    """(h, k, r^2) of the circle through three non-collinear points (Cramer's rule)."""
    ax, ay = map(Fraction, a)
    bx, by = map(Fraction, b)
    cx, cy = map(Fraction, c)
    # 2(b - a).(h, k) = |b|^2 - |a|^2, 2(c - a).(h, k) = |c|^2 - |a|^2
    a11, a12, r1 = 2 * (bx - ax), 2 * (by - ay), bx * bx + by * by - ax * ax - ay * ay
    a21, a22, r2 = 2 * (cx - ax), 2 * (cy - ay), cx * cx + cy * cy - ax * ax - ay * ay
    det = a11 * a22 - a12 * a21
    h = (r1 * a22 - a12 * r2) / det
    k = (a11 * r2 - r1 * a21) / det
    return h, k, dist2((h, k), (ax, ay))


class CircleThroughPoints(MathFamily):
    """The circle through three given points: its centre and squared radius, its equation's
    coefficients, the tangent line at one of the points, or where a line meets it.

    Knobs: ``mode`` (center, equation, tangent, intersection: easiest first), ``size``
    (largest |coordinate|), ``fractional_centre`` (False: the centre is a lattice point and
    the three points lie on it by Pythagorean offsets; True: three random lattice points, so
    the centre is usually fractional). Difficulty 1: three random points with coordinates up to
    14, a fractional centre, and the two intersection points of a line with the circle in
    simplified radicals (circumcentre, then a quadratic).

    Answer syntax: as the prompt asks: a tuple ``(h, k, r^2)`` or ``(D, E, F)`` or ``(m, c)``
    of integers or fractions p/q; or the intersection points as ``(x1, y1), (x2, y2)`` in any
    order, coordinates in simplified radical form.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "mode": Knob("categorical", choices=_MODES, default="center", doc="what is asked"),
        "size": Knob("int", 3, 60, default=8, easy=6, hard=14, doc="largest |coordinate|"),
        "fractional_centre": Knob(
            "bool", default=False, easy=False, hard=True, doc="a centre off the lattice"
        ),
    }
    answer_syntax = (
        "a tuple such as (3, -1/2, 25/4), or points such as (1 + sqrt(2), 3), (1 - sqrt(2), 3)"
    )
    answer_form = "tuple of rationals, or a set of points with radical coordinates"
    unique_answer = True  # the circle and the asked values are determined by the points

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        return unstated_draft(self._draft, rng, knobs)

    def _points(self, rng: random.Random, size: int, lattice: bool):
        if lattice:
            radius2 = rng.choice([25, 50, 65, 85, 100, 125, 130, 145, 169, 170, 185, 200, 221])
            offsets = [
                (x, y) for x in range(-15, 16) for y in range(-15, 16) if x * x + y * y == radius2
            ]
            while True:
                picked = rng.sample(offsets, 3)
                h, k = rng.randint(-size, size), rng.randint(-size, size)
                pts = [(h + x, k + y) for x, y in picked]
                if _cross(*pts) != 0:
                    return pts, (Fraction(h), Fraction(k), Fraction(radius2))
        while True:
            pts = [(rng.randint(-size, size), rng.randint(-size, size)) for _ in range(3)]
            if _cross(*pts) != 0:
                return pts, circumcircle(*pts)

    def _draft(self, rng: random.Random, knobs: dict) -> Draft:
        mode, size = knobs["mode"], knobs["size"]
        pts, (h, k, r2) = self._points(rng, size, not knobs["fractional_centre"])
        a, b, c = pts
        head = (
            f"A circle passes through the points A{point_text(a)}, B{point_text(b)} and "
            f"C{point_text(c)}."
        )
        meta: dict = {"form": "tuple", "steps": 3}
        if mode == "center":
            question = (
                f"{head} Find its centre (h, k) and the square of its radius, as the tuple "
                "(h, k, r^2)."
            )
            answer = f"({frac_text(h)}, {frac_text(k)}, {frac_text(r2)})"
            return Draft(question, answer, meta)
        if mode == "equation":
            d, e, f = -2 * h, -2 * k, h * h + k * k - r2
            question = (
                f"{head} Its equation can be written x^2 + y^2 + Dx + Ey + F = 0. Give the "
                "tuple (D, E, F)."
            )
            meta["steps"] = 4
            return Draft(question, f"({frac_text(d)}, {frac_text(e)}, {frac_text(f)})", meta)
        if mode == "tangent":
            # tangent at a point P whose radius is not horizontal (so the tangent has a slope)
            p = next((p for p in pts if p[1] != k), None)
            if p is None:  # pragma: no cover - at most two of three points share y = k
                return self._draft(rng, knobs)
            name = "ABC"[pts.index(p)]
            slope = -(p[0] - h) / (p[1] - k)
            intercept = p[1] - slope * p[0]
            question = (
                f"{head} The tangent to the circle at {name} is the line y = mx + c. Give the "
                "tuple (m, c)."
            )
            meta["steps"] = 5
            return Draft(question, f"({frac_text(slope)}, {frac_text(intercept)})", meta)
        # a line through the inside of the circle: y = m x + c with integer m, c
        for _ in range(200):
            m = rng.randint(-3, 3)
            c0 = rng.randint(-size - 6, size + 6)
            qa = 1 + m * m
            qb = 2 * (m * (c0 - k) - h)
            qc = h * h + (c0 - k) ** 2 - r2
            disc = qb * qb - 4 * qa * qc
            if disc > 0:
                break
        else:  # pragma: no cover
            return self._draft(rng, knobs)
        root = sqrt_of(disc)
        xs = [
            rad_add(rad_of(-qb / (2 * qa)), rad_scale(root, Fraction(sign, 2 * qa)))
            for sign in (1, -1)
        ]
        points = [(x, rad_add(rad_scale(x, m), rad_of(c0))) for x in xs]
        line = f"y = {m}x + {c0}" if m else f"y = {c0}"
        line = line.replace("+ -", "- ").replace("y = 1x", "y = x").replace("y = -1x", "y = -x")
        if line.endswith(" + 0") or line.endswith(" - 0"):
            line = line[:-4]
        question = (
            f"{head} Find every point where the line {line} meets the circle. Write the points "
            "as (x, y) pairs separated by commas, in any order, with exact coordinates in "
            "simplified radical form."
        )
        answer = ", ".join(f"({rad_text(x)}, {rad_text(y)})" for x, y in points)
        meta = {
            "form": "points",
            "steps": 7,
            "points": [[rad_json(x), rad_json(y)] for x, y in points],
        }
        return Draft(question, answer, meta)

    def answer_names(self, problem: Problem) -> tuple[str, ...]:
        """The parts of the asked tuple, ``(h, k, r^2)`` or ``(D, E, F)`` (docs/answers.md)."""
        found = re.search(r"tuple \(([^()]*)\)\.", problem.prompt)
        return tuple(found.group(1).split(", ")) if found else ()

    def check(self, problem: Problem, answer: str) -> Judgement:
        if problem.meta["form"] == "points":
            return check_point_set(answer, problem.meta["points"])
        return judge_value(problem, answer, "tuple")

    def complexity(self, problem: Problem) -> float:
        """Steps, digits in the prompt and the length of the answer."""
        return content_complexity(problem)


def _cross(a, b, c) -> int:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
