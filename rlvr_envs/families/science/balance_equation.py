"""BalanceEquation: the lowest whole-number coefficients of a chemical equation.

An equation is drawn from one of six kinds: a metal combining with a non-metal
(``Al + O2 -> Al2O3``), an acid neutralising a hydroxide (``H2SO4 + Al(OH)3 -> Al2(SO4)3 +
H2O``), a metal dissolving in an acid (``Al + HCl -> AlCl3 + H2``), a double displacement
between two ionic compounds, a single displacement (``Al + CuSO4 -> Al2(SO4)3 + Cu``) or
the combustion of a hydrocarbon or an alcohol (``C3H8 + O2 -> CO2 + H2O``); the reactants,
and the products, are written in a random order. Compounds are built from ions with their
charges (:mod:`rlvr_envs.families.science.chemistry`), so every formula is neutral. Only
equations with exactly one balance up to scale (a one-dimensional null space of the element
matrix) and not already balanced with all coefficients 1 are drawn, so the lowest positive
coefficients are unique. The check counts every element's atoms on both sides from the
answer's coefficients and refuses a balance that is a multiple of the lowest one.

Answer syntax: the coefficients in the order the species are written, separated by spaces
or commas, 1 written out (``2 13 8 10``).

Knobs: ``kind`` (the hardest kind drawn, in the order above; each problem's kind is drawn
uniformly from it and the two before it, and from combustion once ``kind`` reaches the
third),
``level`` (1: ions of charge 1 made of one element; 2 and 3: charges up to 2 and 3; 4:
polyatomic ions too) and ``carbons`` (carbon atoms of a fuel, 1 -> 12). Difficulty raises
all three.
"""

from __future__ import annotations

import random
import re
from math import gcd
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.science.chemistry import balance, equation_text, parse_formula
from rlvr_envs.families.science.reactions import (
    combustion,
    double_displacement,
    metal_and_acid,
    neutralisation,
    single_displacement,
    synthesis,
)
from rlvr_envs.families.shared.answer_parsing import AnswerError, scan, small_int

KINDS = (
    "synthesis",
    "neutralisation",
    "metal and acid",
    "double displacement",
    "single displacement",
    "combustion",
)
_COEFF = re.compile(r"\d+")


def read_coefficients(answer: str, count: int) -> list[int]:
    """``count`` positive whole numbers separated by spaces, commas or semicolons."""
    found = [small_int(m.group()) for m in scan(answer, _COEFF, count, "a coefficient")]
    if len(found) != count:
        raise AnswerError(f"expected {count} coefficients, found {len(found)}")
    return found


class BalanceEquation(Family):
    """The lowest whole-number coefficients that balance a chemical equation."""

    knobs: ClassVar[dict[str, Knob]] = {
        "kind": Knob("categorical", choices=KINDS, default="combustion", doc="kind of reaction"),
        "level": Knob("int", 1, 4, default=2, doc="ions: charges up to 1..3, then polyatomic"),
        "carbons": Knob("int", 1, 12, default=4, easy=1, hard=12, doc="carbon atoms of a fuel"),
    }
    answer_syntax = "the coefficients in order, separated by spaces (e.g. 2 1 2)"
    answer_form = "whole numbers"
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        top, level = KINDS.index(knobs["kind"]), int(knobs["level"])
        while True:
            kinds = KINDS[max(0, top - 2) : top + 1]
            if top >= 2 and KINDS[-1] not in kinds:
                kinds += (KINDS[-1],)
            kind = rng.choice(kinds)
            if kind == "synthesis":
                reactants, products = synthesis(rng, level)
            elif kind == "combustion":
                reactants, products = combustion(rng, int(knobs["carbons"]))
            elif kind == "single displacement":
                reactants, products = single_displacement(rng, level)
            elif kind == "neutralisation":
                reactants, products = neutralisation(rng, level)
            elif kind == "metal and acid":
                reactants, products = metal_and_acid(rng, level)
            else:
                reactants, products = double_displacement(rng, level)
            rng.shuffle(reactants)  # either order: the coefficients' pattern is not fixed
            rng.shuffle(products)
            species = reactants + products
            if len(set(species)) < len(species):
                continue
            coefficients = balance(reactants, products)
            if coefficients is not None and max(coefficients) > 1:
                break
        question = (
            f"Balance the chemical equation\n\n{equation_text(reactants, products)}\n\n"
            "with the lowest whole-number coefficients. Give the coefficient of every "
            "species in the order written (write 1 where a species takes no coefficient)."
        )
        meta = {"reactants": reactants, "products": products, "kind": kind}
        return Draft(question, " ".join(map(str, coefficients)), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        reactants, products = problem.meta["reactants"], problem.meta["products"]
        try:
            coefficients = read_coefficients(answer, len(reactants) + len(products))
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if min(coefficients) <= 0:
            return Judgement.wrong(why="every coefficient must be positive")
        left: dict[str, int] = {}
        right: dict[str, int] = {}
        for side, formulas, coeffs in (
            (left, reactants, coefficients[: len(reactants)]),
            (right, products, coefficients[len(reactants) :]),
        ):
            for formula, k in zip(formulas, coeffs, strict=True):
                for element, n in parse_formula(formula).items():
                    side[element] = side.get(element, 0) + k * n
        if left != right:
            return Judgement.wrong(why="the atoms do not balance")
        if gcd(*coefficients) != 1:
            return Judgement.wrong(why="balanced, but not with the lowest coefficients")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """The sum of the lowest coefficients."""
        return float(sum(map(int, problem.answer.split())))
