"""OrbitalMotion: circular orbits and escape speeds from Newton's law of gravitation,
rounded to a stated precision.

A satellite circles a body of stated mass M (and, where an altitude is given, radius R) at
orbital radius r = R + h. With G = 6.674 x 10^-11 N m^2 / kg^2 (stated): the circular speed
is v = sqrt(G M / r), the period T = 2 pi sqrt(r^3 / (G M)), the escape speed from that
radius sqrt(2 G M / r), and the radius (or altitude) of an orbit of given period
r = (G M T^2 / (4 pi^2))^(1/3). Speeds are asked in km/s and periods in hours to two
decimals, radii and altitudes in km to the nearest kilometre (``meta["precision"]``: 2 or
0). Values within 0.02 of a unit of the last place of a rounding boundary, and values a
number in the prompt would match, are redrawn.

Answer syntax: the value as a decimal number rounded as the prompt says (``7.35``,
``35786``), without units; any number within half a unit of the last kept place of the
rounded value is accepted.

Knobs: ``ask`` (``speed``, ``period``, ``escape``, ``radius``) and ``altitude`` (the orbit
given, or asked, as a height above the surface, which needs the body's radius too).
Difficulty raises both.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.science.quantities import fixed_text, near_tie, round_half_up, states_near
from rlvr_envs.families.shared.math_answers import MathFamily

ASKS = ("speed", "period", "escape", "radius")
# name -> (mass mantissa, exponent, mean radius in km)
BODIES = {
    "Earth": ("5.972", 24, 6371),
    "Mars": ("6.417", 23, 3390),
    "the Moon": ("7.346", 22, 1737),
    "Venus": ("4.867", 24, 6052),
    "Mercury": ("3.301", 23, 2440),
    "Jupiter": ("1.898", 27, 69911),
}
G = 6.674e-11


class OrbitalMotion(MathFamily):
    """Speed, period or escape speed of a circular orbit, or the radius for a period."""

    knobs: ClassVar[dict[str, Knob]] = {
        "ask": Knob("categorical", choices=ASKS, default="period", doc="what is asked"),
        "altitude": Knob("bool", default=False, doc="heights above the surface, not radii"),
    }
    answer_syntax = "the value as a decimal number rounded as asked, without units"
    answer_form = "decimal"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        ask, altitude = knobs["ask"], bool(knobs["altitude"])
        while True:
            body = rng.choice(sorted(BODIES))
            mantissa, exponent, radius = BODIES[body]
            gm = G * float(mantissa) * 10.0**exponent  # m^3/s^2
            height = rng.randint(2, 400) * 100  # km above the surface
            r = (radius + height) * 1000.0  # m
            where = (
                f"{height} km above its surface"
                if altitude
                else f"{radius + height} km from its centre"
            )
            places = 2
            if ask == "speed":
                value = math.sqrt(gm / r) / 1000
                asked = f"What is the speed, in km/s, of a satellite in a circular orbit {where}?"
            elif ask == "escape":
                value = math.sqrt(2 * gm / r) / 1000
                asked = f"What is the escape speed, in km/s, from a point {where}?"
            elif ask == "period":
                value = 2 * math.pi * math.sqrt(r**3 / gm) / 3600
                asked = f"What is the period, in hours, of a circular orbit {where}?"
            else:
                hours = Fraction(rng.randint(6, 400), 4)
                seconds = float(hours) * 3600
                value = (gm * seconds**2 / (4 * math.pi**2)) ** (1 / 3) / 1000
                if altitude:
                    value -= radius
                    if value < 100:
                        continue
                what = "altitude above the surface" if altitude else "radius (from the centre)"
                asked = (
                    f"A satellite circles it with a period of exactly {float(hours):g} hours. "
                    f"What is the {what} of its circular orbit, in km?"
                )
                places = 0
            if near_tie(value, places):
                continue
            facts = f"{body} has mass {mantissa} x 10^{exponent} kg"
            if altitude:
                facts += f" and radius {radius} km"
            precision = "two decimal places" if places else "the nearest kilometre"
            question = (
                f"{facts}. Use G = 6.674 x 10^-11 N m^2/kg^2 and pi to full precision. "
                f"{asked} Round to {precision}."
            )
            gold = round_half_up(value, places)
            if not states_near(question, gold, places):
                break
        meta = {"precision": places, "ask": ask, "altitude": altitude, "body": body}
        return Draft(question, fixed_text(gold, places), meta)

    def complexity(self, problem: Problem) -> float:
        """The steps of the ask, plus one for an altitude to convert."""
        meta = problem.meta
        return float(ASKS.index(meta["ask"]) + 1 + meta["altitude"])
