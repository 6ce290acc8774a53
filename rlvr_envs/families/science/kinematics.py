"""Kinematics: motion with constant acceleration, one quantity from three others.

A body starts with speed u >= 0 and accelerates uniformly at a > 0 for a time t, reaching
speed v and covering distance s; v = u + a t, s = u t + a t^2 / 2, v^2 = u^2 + 2 a s. Three
of the five are given and one of the others is asked. With u >= 0, a > 0 and t > 0 the three
always fix the rest uniquely (a square root is the non-negative one, a quadratic's root the
positive one); values are drawn so that every answer is rational. With ``units`` mixed,
speeds are given in km/h and times in minutes, and the answer is asked in SI units.

Answer syntax: the asked quantity in SI units (m, s, m/s, m/s^2) as an integer or a fraction
in lowest terms, without units.

Knobs: ``relation`` (``direct``: v or s from u, a, t; ``rearranged``: any unknown from
u, a, t and one of v, s; ``any``: any three given, square roots and quadratics included),
``units`` (all SI, or km/h and minutes mixed in) and ``scale`` (largest speed, 10 -> 60).
Difficulty raises all three.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.science.quantities import decimal_text, ratio_text, states
from rlvr_envs.families.shared.math_answers import MathFamily

RELATIONS = ("direct", "rearranged", "any")
NAMES = {
    "u": ("initial speed", "m/s"),
    "v": ("final speed", "m/s"),
    "a": ("acceleration", "m/s^2"),
    "t": ("time", "s"),
    "s": ("distance covered", "m"),
}


def _given(q: str, value: Fraction, mixed: bool) -> str:
    name, unit = NAMES[q]
    if mixed and q in "uv" and (value * 18 / 5).denominator == 1:
        return f"{name} {decimal_text(value * 18 / 5)} km/h"
    if mixed and q == "t" and (value / 60).denominator in (1, 2, 4, 5, 10):
        return f"{name} {decimal_text(value / 60)} min"
    return f"{name} {decimal_text(value)} {unit}"


class Kinematics(MathFamily):
    """One of u, v, a, t, s of uniformly accelerated motion from three others."""

    knobs: ClassVar[dict[str, Knob]] = {
        "relation": Knob("categorical", choices=RELATIONS, default="rearranged", doc="given"),
        "units": Knob("categorical", choices=("si", "mixed"), default="si", doc="units given"),
        "scale": Knob("int", 10, 60, default=20, easy=10, hard=60, doc="largest speed (m/s)"),
    }
    answer_syntax = "the value in SI units as an integer or a fraction p/q in lowest terms"
    answer_form = "rational"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        relation, mixed, scale = knobs["relation"], knobs["units"] == "mixed", int(knobs["scale"])
        while True:
            u = Fraction(rng.randint(0, scale))
            if mixed:
                u = Fraction(5 * rng.randint(0, scale // 5 * 2), 2)
            a = Fraction(rng.randint(1, 12), rng.choice((1, 2, 4)))
            t = Fraction(rng.randint(1, 30))
            if mixed and rng.random() < 0.5:
                t = Fraction(30 * rng.randint(1, 6))
            v = u + a * t
            s = u * t + a * t * t / 2
            values = {"u": u, "v": v, "a": a, "t": t, "s": s}
            if relation == "direct":
                given, asked = ["u", "a", "t"], rng.choice("vs")
            elif relation == "rearranged":
                extra = rng.choice("vs")
                given = sorted({"u", "a", "t", extra} - {rng.choice("uat")}, key="uvats".index)
                asked = rng.choice([q for q in "uvats" if q not in given])
            else:
                given = sorted(rng.sample("uvats", 3), key="uvats".index)
                asked = rng.choice([q for q in "uvats" if q not in given])
            if set(given) == {"u", "v", "s"} and u == v:
                continue
            stated = ", ".join(_given(q, values[q], mixed) for q in given)
            name, unit = NAMES[asked]
            question = (
                f"A body moves in a straight line with constant positive acceleration, starting "
                f"with a non-negative speed. Given its {stated}, find its {name} in {unit}. Give "
                "the exact value."
            )
            if not states(question, values[asked]):
                break
        meta = {"given": given, "asked": asked, "mixed": mixed}
        return Draft(question, ratio_text(values[asked]), meta)

    def complexity(self, problem: Problem) -> float:
        """Harder pairs of given and asked (square roots, quadratics) and unit changes."""
        given, asked = problem.meta["given"], problem.meta["asked"]
        hard = (asked in "ut" and "t" not in given) or asked == "a"
        return 1.0 + hard + ("t" not in given) + problem.meta["mixed"] + len(problem.answer) / 10
