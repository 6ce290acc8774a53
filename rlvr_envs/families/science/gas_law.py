"""GasLaw: a gas's pressure, volume or temperature after a change, by the combined gas law.

A fixed amount of ideal gas goes from state 1 to state 2; P1 V1 / T1 = P2 V2 / T2. Boyle's
law holds the temperature, Charles's law the pressure, Gay-Lussac's law the volume, and
the combined law changes all three. The prompt gives every value but one of state 2 and asks
for it, exactly. With ``celsius`` the temperatures are given in degrees Celsius (T = t +
273.15 K) and an asked temperature is asked in kelvin. An answer equal to a number the
prompt states is redrawn.

Answer syntax: the value in the unit asked, as an integer or a fraction in lowest terms
(``1200/7``), without units.

Knobs: ``law`` (Boyle, Charles, Gay-Lussac, combined) and ``celsius`` (temperatures in
degrees Celsius); ``spread`` (the largest value stated, 20 -> 900). Difficulty raises all
three.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.science.quantities import decimal_text, ratio_text, states
from rlvr_envs.families.shared.math_answers import MathFamily

LAWS = ("boyle", "charles", "gay-lussac", "combined")
UNITS = {"P": "kPa", "V": "L", "T": "K"}
NAMES = {"P": "pressure", "V": "volume", "T": "temperature"}
_KELVIN = Fraction(27315, 100)


class GasLaw(MathFamily):
    """The unknown pressure, volume or temperature of a gas after a change of state."""

    knobs: ClassVar[dict[str, Knob]] = {
        "law": Knob("categorical", choices=LAWS, default="charles", doc="what changes"),
        "celsius": Knob("bool", default=False, doc="temperatures given in degrees Celsius"),
        "spread": Knob("int", 20, 900, default=200, easy=20, hard=900, doc="largest value"),
    }
    answer_syntax = "the value as an integer or a fraction p/q in lowest terms, without units"
    answer_form = "rational"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        law, celsius, spread = knobs["law"], bool(knobs["celsius"]), int(knobs["spread"])
        held = {"boyle": "T", "charles": "P", "gay-lussac": "V", "combined": None}[law]
        varying = [q for q in "PVT" if q != held]
        while True:
            one = {q: Fraction(rng.randint(2, spread)) for q in "PVT"}
            if celsius:
                one["T"] = Fraction(rng.randint(-50, spread)) + _KELVIN
            else:
                one["T"] = Fraction(rng.randint(150, 150 + 2 * spread))
            two = dict(one)
            unknown = rng.choice(varying)
            for q in varying:
                if q != unknown:
                    two[q] = Fraction(rng.randint(2, spread))
                    if q == "T":
                        two[q] = (
                            Fraction(rng.randint(-50, spread)) + _KELVIN
                            if celsius
                            else Fraction(rng.randint(150, 150 + 2 * spread))
                        )
            constant = one["P"] * one["V"] / one["T"]
            if unknown == "T":
                two["T"] = two["P"] * two["V"] / constant
            elif unknown == "P":
                two["P"] = constant * two["T"] / two["V"]
            else:
                two["V"] = constant * two["T"] / two["P"]
            if two[unknown] == one[unknown]:
                continue

            def show(q: str, value: Fraction) -> str:
                if q == "T" and celsius:
                    return f"{decimal_text(value - _KELVIN)} °C"
                return f"{decimal_text(value)} {UNITS[q]}"

            before = ", ".join(f"{NAMES[q]} {show(q, one[q])}" for q in "PVT")
            after = ", ".join(
                f"{NAMES[q]} {show(q, two[q])}" for q in "PVT" if q not in (unknown, held)
            )
            kept = f" at constant {NAMES[held]}" if held else ""
            question = (
                f"A fixed amount of an ideal gas has {before}. It changes{kept} to {after}. "
                f"What is its new {NAMES[unknown]} in {UNITS[unknown]}? Give the exact value."
            )
            if celsius:
                question += " (0 °C = 273.15 K.)"
            if not states(question, two[unknown]):
                break
        meta = {"law": law, "unknown": unknown, "celsius": celsius}
        return Draft(question, ratio_text(two[unknown]), meta)

    def complexity(self, problem: Problem) -> float:
        """Digits of the answer's numerator and denominator."""
        return float(len(problem.answer))
