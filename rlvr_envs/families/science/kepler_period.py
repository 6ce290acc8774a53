"""KeplerPeriod: orbital periods and radii by Kepler's third law.

T^2 / a^3 = 4 pi^2 / (G M) is the same for every body orbiting one central mass, so a
reference orbit (radius a1, period T1) fixes another's period from its radius, or its radius
from its period. Radii and periods are drawn as a1 (p/q)^2 and T1 (p/q)^3, so every answer
is rational. With ``masses`` the two orbits go round different central masses (their ratio
stated, the square of a fraction so the answer stays rational): T^2 is proportional to
a^3 / M.

Answer syntax: the period (in the reference's unit) or the radius (in its unit) as an
integer or a fraction in lowest terms, without units.

Knobs: ``ask`` (``period`` from a radius, or ``radius`` from a period, a cube root) and
``ratio`` (the largest numerator or denominator of the scale ratio p/q, 2 -> 9);
``masses`` (a second central mass). Difficulty raises all three.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.science.quantities import ratio_text, states
from rlvr_envs.families.shared.math_answers import MathFamily

BODIES = ("planet", "moon", "satellite", "comet", "probe", "dwarf planet")


class KeplerPeriod(MathFamily):
    """An orbit's period from its radius, or its radius from its period, by Kepler's law."""

    knobs: ClassVar[dict[str, Knob]] = {
        "ask": Knob("categorical", choices=("period", "radius"), doc="what is asked"),
        "ratio": Knob("int", 2, 12, default=4, easy=2, hard=9, doc="largest term of p/q"),
        "masses": Knob("bool", default=False, doc="the second orbit has another central mass"),
    }
    answer_syntax = "the value as an integer or a fraction p/q in lowest terms, without units"
    answer_form = "rational"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        ask, top, masses = knobs["ask"], int(knobs["ratio"]), bool(knobs["masses"])
        while True:
            scale = Fraction(rng.randint(1, top), rng.randint(1, top))
            root = Fraction(rng.randint(1, 4), rng.randint(1, 4)) if masses else Fraction(1)
            mass = root**2
            if scale == 1 or (masses and mass == 1):
                continue
            a1, t1 = Fraction(rng.randint(1, 12)), Fraction(rng.randint(1, 30))
            # T^2 ~ a^3 / M: with a2 = a1 s^2 and M2 = M1 m, T2 = T1 s^3 / sqrt(m)
            a2 = a1 * scale**2
            t2 = t1 * scale**3 / root
            first, second = rng.sample(BODIES, 2)
            units = rng.choice((("AU", "years"), ("thousand km", "days")))
            central = (
                f" The {second} orbits a central body {ratio_text(mass)} times as massive as "
                f"the {first}'s."
                if masses
                else " Both orbit the same central body."
            )
            if ask == "period":
                known, unknown = f"an orbit of radius {ratio_text(a2)} {units[0]}", "period"
                value, unit = t2, units[1]
            else:
                known, unknown = f"an orbital period of {ratio_text(t2)} {units[1]}", "radius"
                value, unit = a2, units[0]
            question = (
                f"A {first} moves on a circular orbit of radius {a1} {units[0]} with period "
                f"{t1} {units[1]}. A {second} has {known}.{central} By Kepler's third law, what "
                f"is the {second}'s orbital {unknown} in {unit}? Give the exact value."
            )
            if not states(question, value):
                break
        meta = {"ask": ask, "scale": ratio_text(scale), "mass": ratio_text(mass)}
        return Draft(question, ratio_text(value), meta)

    def complexity(self, problem: Problem) -> float:
        """Digits of the scale ratio and the answer, more when a cube root or mass enters."""
        meta = problem.meta
        extra = (meta["ask"] == "radius") + (meta["mass"] != "1")
        return len(meta["scale"]) + len(problem.answer) / 4 + 2 * extra
