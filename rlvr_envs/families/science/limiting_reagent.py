"""LimitingReagent: how much product a reaction makes from given amounts of reactants.

A balanced two-reactant equation (a combustion, a single or a double displacement, drawn
as :mod:`rlvr_envs.families.science.balance_equation` draws them) is shown with its
coefficients, with an amount in moles of each reactant. The reaction runs to completion:
the reactant that runs out first limits it, and the moles of one named product are its
coefficient times the limiting reactant's extent. Amounts are drawn so that the two
reactants' extents differ, and redrawn when the answer is a number the prompt states.

Answer syntax: the moles of the product as an integer or a fraction in lowest terms
(``15/4``), without units.

Knobs: ``level`` (ions of the compounds, as in BalanceEquation: 1 -> 4) and ``amounts``
(the moles given: ``whole`` numbers, ``halves`` and quarters, ``decimals`` with two
places). Difficulty raises both.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.science.chemistry import balance
from rlvr_envs.families.science.quantities import decimal_text, ratio_text, states
from rlvr_envs.families.science.reactions import (
    combustion,
    double_displacement,
    single_displacement,
)
from rlvr_envs.families.shared.math_answers import MathFamily

AMOUNTS = ("whole", "halves", "decimals")


def _term(k: int, formula: str) -> str:
    return formula if k == 1 else f"{k} {formula}"


class LimitingReagent(MathFamily):
    """Moles of a product from given moles of two reactants, one of them limiting."""

    knobs: ClassVar[dict[str, Knob]] = {
        "level": Knob("int", 1, 4, default=2, doc="ions: charges up to 1..3, then polyatomic"),
        "amounts": Knob("categorical", choices=AMOUNTS, default="halves", doc="moles given"),
    }
    answer_syntax = "the moles of the product as an integer or a fraction p/q in lowest terms"
    answer_form = "rational"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        level, amounts = int(knobs["level"]), knobs["amounts"]
        step = {"whole": Fraction(1), "halves": Fraction(1, 4), "decimals": Fraction(1, 100)}
        while True:
            maker = rng.choice((single_displacement, double_displacement, combustion))
            reactants, products = maker(rng, level if maker is not combustion else 1 + level)
            species = reactants + products
            coefficients = balance(reactants, products)
            if coefficients is None or len(set(species)) < len(species):
                continue
            given = [step[amounts] * rng.randint(1, int(12 / step[amounts])) for _ in range(2)]
            extents = [g / k for g, k in zip(given, coefficients[:2], strict=True)]
            if extents[0] == extents[1]:
                continue
            index = rng.randrange(len(products))
            moles = min(extents) * coefficients[2 + index]
            left = " + ".join(_term(k, f) for k, f in zip(coefficients, reactants, strict=False))
            right = " + ".join(_term(k, f) for k, f in zip(coefficients[2:], products, strict=True))
            question = (
                f"The reaction {left} -> {right} runs to completion starting from "
                f"{decimal_text(given[0])} mol of {reactants[0]} and {decimal_text(given[1])} "
                f"mol of {reactants[1]}. How many moles of {products[index]} form? Give the "
                "exact value."
            )
            if not states(question, moles):
                break
        meta = {
            "reactants": reactants,
            "products": products,
            "coefficients": coefficients,
            "given": [decimal_text(g) for g in given],
            "product": index,
        }
        return Draft(question, ratio_text(moles), meta)

    def complexity(self, problem: Problem) -> float:
        """The sum of the coefficients times the digits of the amounts."""
        digits = sum(len(g) for g in problem.meta["given"])
        return float(sum(problem.meta["coefficients"]) * digits)
