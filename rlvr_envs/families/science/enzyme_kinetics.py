"""EnzymeKinetics: Michaelis-Menten rates, with and without a reversible inhibitor.

An enzyme follows v = Vmax [S] / (Km + [S]). The prompt states Vmax and Km (or a measured
rate) and asks the initial rate at a substrate concentration, the substrate concentration
that gives a stated rate, or Km from one measured rate. With an inhibitor at concentration
[I] and inhibition constant Ki, alpha = 1 + [I]/Ki and: a competitive inhibitor makes the
apparent Km alpha Km; a non-competitive (pure) one divides Vmax by alpha; an uncompetitive
one divides both Vmax and Km by alpha. Values are whole numbers (or halves), so every answer
is an exact rational.

Answer syntax: the value (in the units the prompt names) as an integer or a fraction p/q in
lowest terms, without units.

Knobs: ``ask`` (``rate``, ``substrate``, ``km``), ``inhibitor`` (``none``, ``competitive``,
``noncompetitive``, ``uncompetitive``) and ``spread`` (the largest value stated, 10 ->
200). Difficulty raises all three.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.science.quantities import decimal_text, ratio_text, states
from rlvr_envs.families.shared.math_answers import MathFamily

ASKS = ("rate", "substrate", "km")
INHIBITORS = ("none", "competitive", "noncompetitive", "uncompetitive")
ENZYMES = ("hexokinase", "lactase", "catalase", "amylase", "trypsin", "urease", "lipase")


def apparent(
    vmax: Fraction, km: Fraction, inhibitor: str, alpha: Fraction
) -> tuple[Fraction, Fraction]:
    """(apparent Vmax, apparent Km) with an inhibitor of factor ``alpha``."""
    if inhibitor == "competitive":
        return vmax, km * alpha
    if inhibitor == "noncompetitive":
        return vmax / alpha, km
    if inhibitor == "uncompetitive":
        return vmax / alpha, km / alpha
    return vmax, km


class EnzymeKinetics(MathFamily):
    """A Michaelis-Menten rate, substrate concentration or Km, with an optional inhibitor."""

    knobs: ClassVar[dict[str, Knob]] = {
        "ask": Knob("categorical", choices=ASKS, default="substrate", doc="what is asked"),
        "inhibitor": Knob("categorical", choices=INHIBITORS, default="competitive", doc="kind"),
        "spread": Knob("int", 10, 400, default=60, easy=10, hard=200, doc="largest value"),
    }
    answer_syntax = "the value as an integer or a fraction p/q in lowest terms, without units"
    answer_form = "rational"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        ask, inhibitor, spread = knobs["ask"], knobs["inhibitor"], int(knobs["spread"])
        while True:
            vmax = Fraction(rng.randint(2, spread))
            km = Fraction(rng.randint(1, spread))
            s = Fraction(rng.randint(1, 2 * spread), rng.choice((1, 1, 2)))
            ki = Fraction(rng.randint(1, spread))
            conc = Fraction(rng.randint(1, spread))
            alpha = 1 + conc / ki
            v_app, k_app = apparent(vmax, km, inhibitor, alpha)
            rate = v_app * s / (k_app + s)
            name = rng.choice(ENZYMES)
            units = "µmol/min"
            if ask == "km":
                facts = (
                    f"At a substrate concentration of {decimal_text(s)} mM the initial rate "
                    f"is {ratio_text(rate)} {units}, and its Vmax without inhibitor is "
                    f"{vmax} {units}"
                )
            else:
                facts = f"Its Vmax is {vmax} {units} and its Km is {km} mM"
            if inhibitor != "none":
                facts += (
                    f". {'An' if inhibitor[0] == 'u' else 'A'} {inhibitor} inhibitor is present "
                    f"at {conc} µM, with inhibition "
                    f"constant Ki = {ki} µM"
                )
            if ask == "rate":
                asked = f"What is the initial rate, in {units}, at [S] = {decimal_text(s)} mM?"
                value = rate
            elif ask == "substrate":
                asked = (
                    f"At what substrate concentration, in mM, is the initial rate "
                    f"{ratio_text(rate)} {units}?"
                )
                value = s
            else:
                what = "the enzyme's Km (without inhibitor)" if inhibitor != "none" else "Km"
                asked = f"What is {what}, in mM?"
                value = km
            question = (
                f"The enzyme {name} follows Michaelis-Menten kinetics. {facts}. {asked} "
                "Give the exact value."
            )
            if not states(question, value) and len(ratio_text(rate)) <= 12:
                break
        meta = {"ask": ask, "inhibitor": inhibitor, "vmax": int(vmax)}
        return Draft(question, ratio_text(value), meta)

    def complexity(self, problem: Problem) -> float:
        """The steps: an inverse ask, an inhibitor, and the size of the values."""
        meta = problem.meta
        return float(
            3 * ASKS.index(meta["ask"]) + 3 * INHIBITORS.index(meta["inhibitor"])
            + len(str(meta["vmax"]))
        )  # fmt: skip
