"""SolidMeasures: areas and volumes of solids and plane figures, exactly (in terms of pi).

Formulas: cylinder V = pi r^2 h, S = 2 pi r^2 + 2 pi r h; cone V = pi r^2 h / 3, lateral
area pi r l with slant l = sqrt(r^2 + h^2); sphere V = 4 pi r^3 / 3, S = 4 pi r^2; frustum
V = pi h (R^2 + R r + r^2) / 3, lateral area pi (R + r) l with l = sqrt(h^2 + (R - r)^2);
sector area (theta / 360) pi r^2 and arc (theta / 360) 2 pi r; circular segment
r^2 (theta pi / 180 - sin theta) / 2; regular tetrahedron V = sqrt(2) a^3 / 12; pyramid
V = base * height / 3. A value is held as two radicals (the plain part and the coefficient of
pi) and written in the ``exact`` form, like terms collected: ``256pi/3``, ``1000 - 500pi/3``.
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
    rad_add,
    rad_of,
    rad_scale,
    rad_text,
    sqrt_of,
    unstated_draft,
)
from rlvr_envs.families.shared.math_answers import MathFamily

_SOLIDS = ("cylinder", "sphere", "cone", "plane", "polyhedron", "frustum", "composite")

_SIN: dict[int, Radical] = {
    60: {3: Fraction(1, 2)},
    90: {1: Fraction(1)},
    120: {3: Fraction(1, 2)},
    150: {1: Fraction(1, 2)},
    30: {1: Fraction(1, 2)},
    45: {2: Fraction(1, 2)},
    135: {2: Fraction(1, 2)},
}


def exact_text(plain: Radical, pi: Radical) -> str:
    """``plain + pi * (pi part)``, plain terms first: ``1000 - 500pi/3``."""
    if not pi:
        return rad_text(plain)
    if not plain:
        return rad_text(pi, "pi")
    tail = rad_text(pi, "pi")
    if tail.startswith("-"):
        return f"{rad_text(plain)} - {tail[1:]}"
    return f"{rad_text(plain)} + {tail}"


class SolidMeasures(MathFamily):
    """Volumes and surface areas of cylinders, spheres and hemispheres, cones, frustums and
    composite solids; areas and arc lengths of sectors, segments and annuli; volumes and areas
    of prisms, pyramids and regular tetrahedra (radicals, no pi).

    Knobs: ``solid`` (cylinder, sphere, cone, plane, polyhedron, frustum, composite: easiest
    first), ``size`` (largest length), ``fractional`` (lengths may be halves and thirds).
    Difficulty 1: composite solids (a capsule, a cone on a hemisphere, a cube with its
    inscribed sphere removed, a cylinder with a cone drilled out) with fractional
    dimensions, whose answers mix a rational part, radicals and pi.

    Answer syntax: an exact value in terms of pi, simplified, like terms collected, no
    decimals: ``256pi/3``, ``36pi + 12sqrt(10)pi``, ``1000 - 500pi/3``, ``9sqrt(2)``.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "solid": Knob("categorical", choices=_SOLIDS, default="cylinder", doc="the figure"),
        "size": Knob("int", 3, 40, default=10, easy=9, hard=20, doc="largest length"),
        "fractional": Knob("bool", default=False, easy=False, hard=True, doc="p/q lengths"),
    }
    answer_syntax = "an exact value in terms of pi, such as 256pi/3 or 36pi + 12sqrt(10)pi"
    answer_form = "exact"
    unique_answer = True  # a measure of a solid given by its dimensions is one number

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        return unstated_draft(self._draft, rng, knobs)

    def _draft(self, rng: random.Random, knobs: dict) -> Draft:
        solid, size, fractional = knobs["solid"], knobs["size"], knobs["fractional"]

        def length(low: int = 2) -> Fraction:
            if fractional and rng.random() < 0.6:
                q = rng.choice((2, 3))
                return Fraction(rng.randint(low * q, size * q), q)
            return Fraction(rng.randint(low, size))

        steps = 2
        plain: Radical = {}
        pi: Radical = {}
        if solid == "cylinder":
            r, h = length(), length()
            what = rng.choice(("volume", "total surface area", "lateral surface area"))
            pi = rad_of(
                r * r * h
                if what == "volume"
                else 2 * r * r + 2 * r * h
                if what == "total surface area"
                else 2 * r * h
            )
            text = (
                f"Find the {what} of a cylinder with radius {frac_text(r)} and height "
                f"{frac_text(h)}."
            )
        elif solid == "sphere":
            r = length()
            what = rng.choice(("volume", "surface area", "hemisphere volume", "hemisphere area"))
            pi = rad_of(
                {
                    "volume": Fraction(4, 3) * r**3,
                    "surface area": 4 * r * r,
                    "hemisphere volume": Fraction(2, 3) * r**3,
                    "hemisphere area": 3 * r * r,
                }[what]
            )
            if what.startswith("hemisphere"):
                asked = (
                    "volume"
                    if what.endswith("volume")
                    else "total surface area (curved part and flat disc)"
                )
                text = f"Find the {asked} of a solid hemisphere with radius {frac_text(r)}."
            else:
                text = f"Find the {what} of a sphere with radius {frac_text(r)}."
        elif solid == "cone":
            r, h = length(), length()
            slant = sqrt_of(r * r + h * h)
            what = rng.choice(("volume", "lateral surface area", "total surface area"))
            if what == "volume":
                pi = rad_of(r * r * h / 3)
            else:
                pi = rad_add(rad_scale(slant, r), rad_of(r * r if what[0] == "t" else 0))
                steps = 3
            text = (
                f"A right circular cone has base radius {frac_text(r)} and height {frac_text(h)}. "
                f"Find its {what}."
            )
        elif solid == "plane":
            r = length()
            theta = rng.choice((30, 45, 60, 72, 90, 120, 135, 150, 210, 240, 270, 300))
            what = rng.choice(("sector area", "sector perimeter", "annulus", "segment"))
            if what == "sector area":
                pi = rad_of(Fraction(theta, 360) * r * r)
                text = (
                    f"Find the area of a sector of a circle of radius {frac_text(r)} with "
                    f"central angle {theta} degrees."
                )
            elif what == "sector perimeter":
                plain, pi = rad_of(2 * r), rad_of(Fraction(theta, 180) * r)
                text = (
                    f"Find the perimeter (two radii and the arc) of a sector of a circle of "
                    f"radius {frac_text(r)} with central angle {theta} degrees."
                )
            elif what == "annulus":
                inner = length()
                while inner == r:
                    inner = length()
                big, small = max(r, inner), min(r, inner)
                pi = rad_of(big * big - small * small)
                text = (
                    "Find the area of the ring between two concentric circles of radii "
                    f"{frac_text(small)} and {frac_text(big)}."
                )
            else:
                theta = rng.choice(sorted(_SIN))
                pi = rad_of(Fraction(theta, 360) * r * r)
                plain = rad_scale(_SIN[theta], -r * r / 2)
                text = (
                    f"A chord of a circle of radius {frac_text(r)} subtends a central angle of "
                    f"{theta} degrees. Find the area of the smaller region (circular segment) "
                    "between the chord and its arc."
                )
                steps = 3
        elif solid == "polyhedron":
            a, h = length(), length()
            what = rng.choice(("tetrahedron", "pyramid", "triangular prism", "hexagonal prism"))
            steps = 3
            if what == "tetrahedron":
                plain = {2: a**3 / 12}
                text = f"Find the volume of a regular tetrahedron with edge length {frac_text(a)}."
            elif what == "pyramid":
                edge = length()
                while 2 * edge * edge <= a * a:
                    edge = length()
                height = sqrt_of(edge * edge - a * a / 2)
                plain = rad_scale(height, a * a / 3)
                text = (
                    f"A pyramid has a square base of side {frac_text(a)} and four lateral edges "
                    f"of length {frac_text(edge)}. Find its volume."
                )
                steps = 4
            elif what == "triangular prism":
                plain = {3: a * a * h / 4}
                text = (
                    f"A right prism of height {frac_text(h)} has an equilateral triangle of side "
                    f"{frac_text(a)} as its base. Find its volume."
                )
            else:
                plain = {3: Fraction(3, 2) * a * a * h}
                text = (
                    f"A right prism of height {frac_text(h)} has a regular hexagon of side "
                    f"{frac_text(a)} as its base. Find its volume."
                )
        elif solid == "frustum":
            r, big, h = length(), length(), length()
            while big == r:
                big = length()
            r, big = min(r, big), max(r, big)
            what = rng.choice(("volume", "lateral surface area"))
            if what == "volume":
                pi = rad_of(h * (big * big + big * r + r * r) / 3)
            else:
                pi = rad_scale(sqrt_of(h * h + (big - r) ** 2), big + r)
            text = (
                f"A frustum of a right circular cone has base radii {frac_text(r)} and "
                f"{frac_text(big)} and height {frac_text(h)}. Find its {what}."
            )
            steps = 4
        else:
            plain, pi, text = self._composite(rng, length)
            steps = 5
        answer = exact_text(plain, pi)
        question = text + " Give the exact value in terms of pi where pi appears."
        return Draft(question, answer, {"steps": steps})

    def _composite(self, rng: random.Random, length) -> tuple[Radical, Radical, str]:
        kind = rng.choice(("capsule", "ice cream", "cube sphere", "drilled"))
        r, h = length(), length()
        if kind == "capsule":
            what = rng.choice(("volume", "surface area"))
            value = r * r * h + Fraction(4, 3) * r**3 if what == "volume" else 2 * r * h + 4 * r * r
            text = (
                f"A capsule is a cylinder of radius {frac_text(r)} and length {frac_text(h)} with "
                f"a hemisphere of the same radius on each end. Find its {what}."
            )
            return {}, rad_of(value), text
        if kind == "ice cream":
            what = rng.choice(("volume", "surface area"))
            if what == "volume":
                pi = rad_of(r * r * h / 3 + Fraction(2, 3) * r**3)
            else:
                pi = rad_add(rad_scale(sqrt_of(r * r + h * h), r), rad_of(2 * r * r))
            text = (
                f"A solid is a cone of base radius {frac_text(r)} and height {frac_text(h)} "
                f"with a hemisphere of the same radius on its base. Find its {what} (the outer "
                "surface: the cone's lateral surface and the hemisphere's curved surface)."
                if what == "surface area"
                else f"A solid is a cone of base radius {frac_text(r)} and height {frac_text(h)} "
                "with a hemisphere of the same radius on its base. Find its volume."
            )
            return {}, pi, text
        if kind == "cube sphere":
            a = 2 * r
            text = (
                f"A sphere is inscribed in a cube of edge {frac_text(a)} and removed from it. "
                "Find the volume that remains."
            )
            return rad_of(a**3), rad_of(-Fraction(4, 3) * r**3), text
        text = (
            f"A cone of base radius {frac_text(r)} and height {frac_text(h)} is drilled out of "
            "a solid cylinder with the same base and height. Find the total surface area of the "
            "solid that remains (the cylinder's lateral surface, its one remaining base disc "
            "and the cone's lateral surface)."
        )
        pi = rad_add(rad_of(2 * r * h + r * r), rad_scale(sqrt_of(r * r + h * h), r))
        return {}, pi, text

    def complexity(self, problem: Problem) -> float:
        """Steps, digits in the prompt and the length of the answer."""
        return content_complexity(problem)
