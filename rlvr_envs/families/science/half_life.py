"""HalfLife: radioactive decay by whole numbers of half-lives.

A sample of N0 grams of a nuclide with half-life h decays to N0 / 2^(t/h) after a time t.
Times are whole multiples k of the half-life (k >= 2 where the time or the half-life is
asked in one unit, so that the answer is not the other, stated), so every answer is exact:
the mass left, the mass decayed, the time until a stated mass is left, or the half-life from
a measured mass. With ``units`` two, the half-life is stated in the larger of two units
(hours, days or weeks) and the time in the smaller (minutes, hours or days).

Answer syntax: the value asked (grams, or the time in the unit asked) as an integer or a
fraction in lowest terms (``75/8``), without units.

Knobs: ``halvings`` (k, 1 -> 10), ``ask`` (``remaining``, ``decayed``, ``time``,
``half-life``) and ``units`` (one unit, or two). Difficulty raises all three.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.science.quantities import ratio_text, states
from rlvr_envs.families.shared.math_answers import MathFamily

ASKS = ("remaining", "decayed", "time", "half-life")
NUCLIDES = ("iodine-131", "cobalt-60", "radon-222", "strontium-90", "technetium-99m",
            "phosphorus-32", "caesium-137", "sodium-24", "carbon-11")  # fmt: skip
# unit -> (bigger unit, how many of this in it)
UNITS = {"minutes": ("hours", 60), "hours": ("days", 24), "days": ("weeks", 7)}


class HalfLife(MathFamily):
    """Mass left, mass decayed, elapsed time or half-life of a decaying sample."""

    knobs: ClassVar[dict[str, Knob]] = {
        "halvings": Knob("int", 1, 12, default=4, easy=1, hard=10, doc="half-lives elapsed"),
        "ask": Knob("categorical", choices=ASKS, default="decayed", doc="what is asked"),
        "units": Knob("categorical", choices=("one", "two"), doc="time units used"),
    }
    answer_syntax = "the value as an integer or a fraction p/q in lowest terms, without units"
    answer_form = "rational"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        k, ask, two = int(knobs["halvings"]), knobs["ask"], knobs["units"] == "two"
        while True:
            low = 2 if ask in ("time", "half-life") and not two else 1  # else t = h is stated
            k_now = rng.randint(max(low, k - 2), max(low, k))
            n0 = Fraction(rng.randint(1, 400))
            left = n0 / 2**k_now
            small = rng.choice(tuple(UNITS))
            big, per = UNITS[small]
            h = Fraction(rng.randint(1, 30))  # in `big` units when two, else in `small`
            h_unit = big if two else small
            t = h * k_now * (per if two else 1)  # in `small` units
            nuclide = rng.choice(NUCLIDES)
            start = f"A sample holds {n0} g of {nuclide}"
            if ask in ("remaining", "decayed"):
                question = (
                    f"{start}, whose half-life is {h} {h_unit}. After {t} {small}, how many "
                    f"grams of it {'are left' if ask == 'remaining' else 'have decayed'}?"
                )
                value = left if ask == "remaining" else n0 - left
            elif ask == "time":
                question = (
                    f"{start}, whose half-life is {h} {h_unit}. After how many {small} are "
                    f"exactly {ratio_text(left)} g of it left?"
                )
                value = t
            else:
                question = (
                    f"{start}. After {t} {small}, {ratio_text(left)} g of it are left. What is "
                    f"its half-life in {h_unit}?"
                )
                value = h
            question += " Give the exact value."
            if not states(question, value):
                break
        meta = {"halvings": k_now, "ask": ask, "two_units": two}
        return Draft(question, ratio_text(value), meta)

    def complexity(self, problem: Problem) -> float:
        """Half-lives elapsed, plus a unit change and an inverse question."""
        meta = problem.meta
        return meta["halvings"] + 2 * meta["two_units"] + 2 * (meta["ask"] in ASKS[2:])
