"""Titration: the equivalence point of an acid titrated with a base (or a base with an acid).

A sample of an acid (HCl, HNO3, H2SO4, H3PO4, ...) is titrated with a hydroxide (NaOH,
KOH, LiOH, Ca(OH)2, Ba(OH)2), or a hydroxide with an acid, to its equivalence point,
where the moles of H+ the acid gives equal the moles of OH- the base gives (every H of the
acid and every OH of the base react, as in the balanced neutralisation). The prompt asks the
volume of titrant that reaches the equivalence point, the concentration of the sample from
the titrant volume used, or the mass of the dissolved analyte (its atomic masses stated).
Answers are exact: decimals, or a fraction in lowest terms where the value does not
terminate.

Answer syntax: the value (mL, mol/L or g as asked) as an exact decimal number, or a fraction
p/q in lowest terms where it does not terminate, without units.

Knobs: ``protons`` (the most H+ or OH- per formula: 1 -> 3), ``ask`` (``volume``,
``concentration``, ``mass``) and ``digits`` (significant digits of the concentrations and
volumes stated, 1 -> 3). Difficulty raises all three.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.science.chemistry import MASSES, formula_mass, parse_formula
from rlvr_envs.families.science.quantities import decimal_text, exact_text, states
from rlvr_envs.families.shared.math_answers import MathFamily

# formula -> H+ (acids) or OH- (bases) per formula unit
ACIDS = {"HCl": 1, "HNO3": 1, "HBr": 1, "HI": 1, "H2SO4": 2, "H3PO4": 3}
BASES = {"NaOH": 1, "KOH": 1, "LiOH": 1, "Ca(OH)2": 2, "Ba(OH)2": 2}
ASKS = ("volume", "concentration", "mass")


def _amount(rng: random.Random, digits: int, low: int, high: int) -> Fraction:
    """A number with at most ``digits`` significant digits between ``low`` and ``high``."""
    while True:
        mantissa = rng.randint(10 ** (digits - 1), 10**digits - 1)
        value = Fraction(mantissa) * Fraction(10) ** rng.randint(-4, 3) / 10 ** (digits - 1)
        if low <= value <= high:
            return value


class Titration(MathFamily):
    """The titrant volume, the sample's concentration or its dissolved mass at equivalence."""

    knobs: ClassVar[dict[str, Knob]] = {
        "protons": Knob("int", 1, 3, default=2, doc="most H+ or OH- per formula unit"),
        "ask": Knob("categorical", choices=ASKS, default="concentration", doc="what is asked"),
        "digits": Knob("int", 1, 3, default=2, doc="significant digits of the stated values"),
    }
    answer_syntax = (
        "the value as an exact decimal number (or p/q in lowest terms if it does not "
        "terminate), without units"
    )
    answer_form = "number"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        most, ask, digits = int(knobs["protons"]), knobs["ask"], int(knobs["digits"])
        acids = sorted(f for f, n in ACIDS.items() if n <= most)
        bases = sorted(f for f, n in BASES.items() if n <= most)
        while True:
            acid, base = rng.choice(acids), rng.choice(bases)
            sample_is_acid = rng.random() < 0.6
            sample, titrant = (acid, base) if sample_is_acid else (base, acid)
            per = {acid: ACIDS[acid], base: BASES[base]}
            sample_volume = _amount(rng, digits, 5, 100)  # mL
            titrant_conc = _amount(rng, digits, Fraction(1, 100), 2)  # mol/L
            if ask == "volume":
                sample_conc = _amount(rng, digits, Fraction(1, 100), 2)
                moles = sample_volume * sample_conc / 1000
                titrant_volume = moles * per[sample] / per[titrant] / titrant_conc * 1000
            else:
                titrant_volume = _amount(rng, digits + 1, 1, 60)
                moles = titrant_volume * titrant_conc / 1000 * per[titrant] / per[sample]
                sample_conc = moles * 1000 / sample_volume
            if not 1 <= titrant_volume <= 200:
                continue
            start = f"A sample of {decimal_text(sample_volume)} mL of aqueous {sample}"
            if ask == "volume":
                question = (
                    f"{start} of concentration {decimal_text(sample_conc)} mol/L is titrated "
                    f"with {decimal_text(titrant_conc)} mol/L {titrant}. What volume of the "
                    f"{titrant} solution, in mL, reaches the equivalence point?"
                )
                value = titrant_volume
            else:
                shown = decimal_text(titrant_volume)
                question = (
                    f"{start} is titrated with {decimal_text(titrant_conc)} mol/L {titrant}; "
                    f"the equivalence point is reached after {shown} mL of it. "
                )
                if ask == "concentration":
                    question += f"What was the concentration of {sample} in the sample, in mol/L?"
                    value = sample_conc
                else:
                    elements = sorted(parse_formula(sample), key=list(MASSES).index)
                    table = ", ".join(f"{e} {decimal_text(MASSES[e])}" for e in elements)
                    question += (
                        f"How many grams of {sample} did the sample contain? (Atomic masses "
                        f"in g/mol: {table}.)"
                    )
                    value = moles * formula_mass(sample)
            question += (
                " Every H+ of the acid and every OH- of the base react. Give the exact value."
            )
            if not states(question, value):
                break
        meta = {"sample": sample, "titrant": titrant, "ask": ask, "digits": digits}
        return Draft(question, exact_text(value), meta)

    def complexity(self, problem: Problem) -> float:
        """Ions per formula of both, digits stated, and the steps of the ask."""
        meta = problem.meta
        ions = {**ACIDS, **BASES}
        return float(
            ions[meta["sample"]] + ions[meta["titrant"]] + 2 * meta["digits"]
            + 2 * ASKS.index(meta["ask"])
        )  # fmt: skip
