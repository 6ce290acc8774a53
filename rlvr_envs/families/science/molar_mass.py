"""MolarMass: the mass of an amount of a compound, from atomic masses the prompt states.

A compound is an ionic formula built from ions (``Al2(SO4)3``) or, at random, a
hydrocarbon or alcohol. The prompt lists the atomic masses of exactly the compound's
elements (IUPAC's abridged standard atomic weights, at most three decimals) and asks the
mass in grams of an amount of it, so the answer is an exact decimal: the sum of every atom's
mass times the amount. A compound of one formula unit of one element is never drawn, so the
answer is never a stated mass.

Answer syntax: the mass in grams as a decimal number, exactly (``342.147``), without units.

Knobs: ``level`` (ions allowed: 1 one-element ions of charge 1 ... 4 polyatomic ions) and
``amount`` (``one`` mole, a ``whole`` number of moles 2-9, a ``decimal`` amount with two
decimals). Difficulty raises both.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.science.chemistry import (
    MASSES,
    formula_mass,
    organic,
    parse_formula,
    random_compound,
)
from rlvr_envs.families.science.quantities import decimal_text, states
from rlvr_envs.families.shared.math_answers import MathFamily

AMOUNTS = ("one", "whole", "decimal")


class MolarMass(MathFamily):
    """The mass of an amount of a compound from stated atomic masses."""

    knobs: ClassVar[dict[str, Knob]] = {
        "level": Knob("int", 1, 4, default=3, doc="ions: charges up to 1..3, then polyatomic"),
        "amount": Knob("categorical", choices=AMOUNTS, default="whole", doc="moles asked"),
    }
    answer_syntax = "the mass in grams as an exact decimal number, without units"
    answer_form = "number"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        level, amount = int(knobs["level"]), knobs["amount"]
        while True:
            if rng.random() < 0.2:
                c = rng.randint(1, 2 + 2 * level)
                formula = organic(c, 2 * c + 2, rng.randint(0, 1))
            else:
                formula = random_compound(rng, level)[0]
            moles = Fraction(1)
            if amount == "whole":
                moles = Fraction(rng.randint(2, 9))
            elif amount == "decimal":
                moles = Fraction(rng.randint(5, 999), 100)
            mass = formula_mass(formula) * moles
            elements = sorted(parse_formula(formula), key=list(MASSES).index)
            table = "\n".join(f"{e}: {decimal_text(MASSES[e])}" for e in elements)
            what = "1 mole" if moles == 1 else f"{decimal_text(moles)} moles"
            question = (
                f"Atomic masses (g/mol):\n{table}\n\nWhat is the mass, in grams, of {what} of "
                f"{formula}? Use exactly the atomic masses above and give the exact value."
            )
            if not states(question, mass):
                break
        meta = {"formula": formula, "moles": decimal_text(moles)}
        return Draft(question, decimal_text(mass), meta)

    def complexity(self, problem: Problem) -> float:
        """Atoms in the formula times the digits of the amount."""
        atoms = sum(parse_formula(problem.meta["formula"]).values())
        return float(atoms * len(problem.meta["moles"]))
