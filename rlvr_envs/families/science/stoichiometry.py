"""Stoichiometry: the amount of a product formed, or of a reactant used, from a given mass
of one reactant in a balanced equation.

An equation is drawn as BalanceEquation draws them (a synthesis, neutralisation, metal and
acid, single or double displacement, or a combustion) and shown balanced with its lowest
coefficients; the atomic masses of every element in it are stated (IUPAC's abridged
values, at most three decimals). A mass of one reactant is given, the other reactants being
in excess. The reaction's extent (moles of the given reactant over its coefficient) is drawn
as a multiple of a step, and the given mass is the extent times the coefficient times the
molar mass, so every answer is an exact decimal: the moles of a product (extent times its
coefficient), the grams of a product, or the grams of another reactant consumed.

Answer syntax: the value as an exact decimal number (``44.019``), without units; an
integer or a fraction p/q in lowest terms of the same value is accepted.

Knobs: ``level`` (ions of the compounds, as in BalanceEquation: 1 -> 4), ``amounts``
(the extent's step: ``whole`` moles, ``quarters``, ``hundredths``) and ``ask``
(``product moles``, ``product mass``, ``reactant mass``). Difficulty raises all three.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.science.chemistry import MASSES, balance, formula_mass, parse_formula
from rlvr_envs.families.science.quantities import decimal_text, states
from rlvr_envs.families.science.reactions import (
    combustion,
    double_displacement,
    metal_and_acid,
    neutralisation,
    single_displacement,
    synthesis,
)
from rlvr_envs.families.shared.math_answers import MathFamily

AMOUNTS = {"whole": Fraction(1), "quarters": Fraction(1, 4), "hundredths": Fraction(1, 100)}
ASKS = ("product moles", "product mass", "reactant mass")
MAKERS = (synthesis, neutralisation, metal_and_acid, single_displacement, double_displacement)


def _term(k: int, formula: str) -> str:
    return formula if k == 1 else f"{k} {formula}"


class Stoichiometry(MathFamily):
    """Moles or grams of a product, or grams of a reactant used, from a reactant's mass."""

    knobs: ClassVar[dict[str, Knob]] = {
        "level": Knob("int", 1, 4, default=2, doc="ions: charges up to 1..3, then polyatomic"),
        "amounts": Knob("categorical", choices=tuple(AMOUNTS), default="quarters", doc="extent"),
        "ask": Knob("categorical", choices=ASKS, default="product mass", doc="what is asked"),
    }
    answer_syntax = "the value as an exact decimal number, without units"
    answer_form = "number"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        level, step, ask = int(knobs["level"]), AMOUNTS[knobs["amounts"]], knobs["ask"]
        while True:
            maker = rng.choice((*MAKERS, combustion))
            reactants, products = maker(rng, level if maker is not combustion else 1 + level)
            species = reactants + products
            coefficients = balance(reactants, products)
            if coefficients is None or len(set(species)) < len(species):
                continue
            extent = step * rng.randint(1, int(6 / step))
            given = rng.randrange(len(reactants))
            if ask == "reactant mass":
                others = [i for i in range(len(reactants)) if i != given]
                target = rng.choice(others)
            else:
                target = len(reactants) + rng.randrange(len(products))
            mass = extent * coefficients[given] * formula_mass(species[given])
            moles = extent * coefficients[target]
            value = moles if ask == "product moles" else moles * formula_mass(species[target])
            elements = sorted(
                {e for f in species for e in parse_formula(f)}, key=list(MASSES).index
            )
            table = "\n".join(f"{e}: {decimal_text(MASSES[e])}" for e in elements)
            n = len(reactants)
            left = " + ".join(_term(k, f) for k, f in zip(coefficients[:n], reactants, strict=True))
            right = " + ".join(_term(k, f) for k, f in zip(coefficients[n:], products, strict=True))
            excess = "the other reactants" if n > 2 else f"{reactants[1 - given]}"
            if ask == "product moles":
                what = f"How many moles of {species[target]} form"
            elif ask == "product mass":
                what = f"How many grams of {species[target]} form"
            else:
                what = f"How many grams of {species[target]} react"
            question = (
                f"Atomic masses (g/mol):\n{table}\n\nThe reaction {left} -> {right} runs to "
                f"completion starting from {decimal_text(mass)} g of {species[given]} and "
                f"an excess of {excess}. {what}? Use exactly the atomic masses above and give "
                "the exact value."
            )
            if not states(question, value):
                break
        meta = {
            "species": species,
            "coefficients": coefficients,
            "reactants": n,
            "given": given,
            "target": target,
            "ask": ask,
        }
        return Draft(question, decimal_text(value), meta)

    def complexity(self, problem: Problem) -> float:
        """The sum of the coefficients, times the digits of the given mass, plus the ask."""
        meta = problem.meta
        digits = len(problem.answer)
        return float(sum(meta["coefficients"]) + digits + 4 * ASKS.index(meta["ask"]))
