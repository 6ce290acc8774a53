"""Calorimetry: the final temperature when bodies at different temperatures are mixed.

Two to four bodies (water and metals, each with a stated mass in grams, specific heat in
J/(g K) and starting temperature in degrees Celsius) are put in thermal contact in an
insulated container and reach one temperature. No phase changes: the heat lost by the hot
bodies equals the heat gained by the cold ones, so the final temperature is the average of
the starting ones weighted by mass times specific heat, an exact rational. An answer equal
to a stated number is redrawn.

Answer syntax: the final temperature in degrees Celsius as an integer or a fraction in
lowest terms (``1150/23``), without units.

Knobs: ``bodies`` (2 -> 4) and ``materials`` (``water`` only, or ``metals`` with their
specific heats mixed in). Difficulty raises both.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.science.quantities import decimal_text, ratio_text, states
from rlvr_envs.families.shared.math_answers import MathFamily

# name, specific heat in J/(g K) (the usual textbook values)
MATERIALS = [
    ("water", Fraction("4.18")),
    ("aluminium", Fraction("0.9")),
    ("iron", Fraction("0.45")),
    ("copper", Fraction("0.385")),
    ("lead", Fraction("0.13")),
    ("silver", Fraction("0.24")),
    ("glass", Fraction("0.84")),
]


class Calorimetry(MathFamily):
    """The common final temperature of bodies mixed in an insulated container."""

    knobs: ClassVar[dict[str, Knob]] = {
        "bodies": Knob("int", 2, 4, default=2, doc="bodies mixed"),
        "materials": Knob(
            "categorical", choices=("water", "metals"), default="metals", doc="what is mixed"
        ),
    }
    answer_syntax = "the temperature in °C as an integer or a fraction p/q in lowest terms"
    answer_form = "rational"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        count, metals = int(knobs["bodies"]), knobs["materials"] == "metals"
        while True:
            bodies = []
            for k in range(count):
                name, heat = MATERIALS[0] if not metals or k == 0 else rng.choice(MATERIALS[1:])
                bodies.append((name, heat, rng.randint(10, 500), rng.randint(0, 99)))
            if len({t for *_, t in bodies}) == 1:
                continue
            weights = [heat * mass for _, heat, mass, _ in bodies]
            final = sum(w * t for w, (*_, t) in zip(weights, bodies, strict=True)) / sum(weights)
            lines = "\n".join(
                f"- {mass} g of {name} (specific heat {decimal_text(heat)} J/(g K)) at {t} °C"
                for name, heat, mass, t in bodies
            )
            question = (
                f"In an insulated container these are brought into thermal contact:\n{lines}\n\n"
                "No heat is lost and nothing changes phase. What is the final common "
                "temperature in °C? Give the exact value."
            )
            if not states(question, final):
                break
        meta = {"bodies": [[n, decimal_text(h), m, t] for n, h, m, t in bodies]}
        return Draft(question, ratio_text(final), meta)

    def complexity(self, problem: Problem) -> float:
        """Bodies times distinct materials."""
        bodies = problem.meta["bodies"]
        return float(len(bodies) * len({b[0] for b in bodies}))
