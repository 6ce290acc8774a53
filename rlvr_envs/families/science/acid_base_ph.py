"""AcidBasePh: the pH (or pOH) of a strong acid, a strong base, a buffer, or an acid and a
base mixed, rounded to two decimal places.

At 25 °C, pH = -log10 [H+] and pH + pOH = 14 (Kw = 10^-14); the autoionisation of water is
ignored, which the prompt says. A strong monoprotic acid gives [H+] = c; a strong base gives
[OH-] = c times its hydroxides (``Ba(OH)2`` two). A buffer of a weak acid HA (its pKa stated
to two decimals) and its conjugate base follows Henderson-Hasselbalch, pH = pKa + log10([A-]
/ [HA]). Mixing volumes of a strong acid and a strong base leaves the excess H+ or OH- in
the total volume. The value is computed from the exact concentrations and rounded to two
decimals (``meta["precision"] = 2``); values within 0.0002 of a rounding boundary are
redrawn, so any correct rounding is unambiguous, and so are values within 0.005 of a number
the prompt states.

Answer syntax: the pH (or pOH, as asked) as a decimal number rounded to two decimal places
(``4.27``), without units; any number within 0.005 of the rounded value is accepted.

Knobs: ``kind`` (``strong acid``, ``strong base``, ``buffer``, ``mixture``) and ``digits``
(significant digits of the concentrations and volumes stated, 1 -> 3). Difficulty raises
both.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.science.quantities import (
    decimal_text,
    fixed_text,
    near_tie,
    round_half_up,
    states_near,
)
from rlvr_envs.families.shared.math_answers import MathFamily

KINDS = ("strong acid", "strong base", "buffer", "mixture")
ACIDS = ("HCl", "HNO3", "HBr", "HI", "HClO4")
BASES = {"NaOH": 1, "KOH": 1, "LiOH": 1, "Ba(OH)2": 2}
WEAK = {
    "acetic acid (CH3COOH)": ("4.76", "sodium acetate"),
    "formic acid (HCOOH)": ("3.75", "sodium formate"),
    "benzoic acid (C6H5COOH)": ("4.20", "sodium benzoate"),
    "hypochlorous acid (HOCl)": ("7.53", "sodium hypochlorite"),
    "nitrous acid (HNO2)": ("3.35", "sodium nitrite"),
    "lactic acid": ("3.86", "sodium lactate"),
    "the ammonium ion (NH4+, as NH4Cl)": ("9.25", "ammonia (NH3)"),
}
PLACES = 2


def log10(value: Fraction) -> float:
    """log10 of a positive rational, accurate to a few units of the last place."""
    return math.log10(value.numerator) - math.log10(value.denominator)


def _amount(rng: random.Random, digits: int, low: Fraction, high: Fraction) -> Fraction:
    """A value with ``digits`` significant digits between ``low`` and ``high``."""
    while True:
        mantissa = Fraction(rng.randint(10 ** (digits - 1), 10**digits - 1), 10 ** (digits - 1))
        value = mantissa * Fraction(10) ** rng.randint(-5, 2)
        if low <= value <= high:
            return value


class AcidBasePh(MathFamily):
    """The pH or pOH of a strong acid, strong base, buffer or acid-base mixture."""

    knobs: ClassVar[dict[str, Knob]] = {
        "kind": Knob("categorical", choices=KINDS, default="buffer", doc="the solution"),
        "digits": Knob("int", 1, 3, default=2, doc="significant digits of stated values"),
    }
    answer_syntax = "the value as a decimal number rounded to two decimal places, without units"
    answer_form = "decimal"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        kind, digits = knobs["kind"], int(knobs["digits"])
        while True:
            ask = rng.choice(("pH", "pOH")) if kind != "buffer" else "pH"
            if kind == "strong acid":
                acid = rng.choice(ACIDS)
                c = _amount(rng, digits, Fraction(1, 10**5), Fraction(1, 2))
                ph = -log10(c)
                text = f"a {decimal_text(c)} mol/L aqueous solution of {acid}"
            elif kind == "strong base":
                base = rng.choice(sorted(BASES))
                c = _amount(rng, digits, Fraction(1, 10**5), Fraction(1, 2))
                ph = 14 + log10(c * BASES[base])
                text = f"a {decimal_text(c)} mol/L aqueous solution of {base}"
            elif kind == "buffer":
                weak = rng.choice(sorted(WEAK))
                pka, salt = WEAK[weak]
                acid_c = _amount(rng, digits, Fraction(1, 100), Fraction(2))
                base_c = _amount(rng, digits, Fraction(1, 100), Fraction(2))
                if acid_c == base_c or not Fraction(1, 10) <= base_c / acid_c <= 10:
                    continue
                ph = float(Fraction(pka)) + log10(base_c / acid_c)
                text = (
                    f"a buffer that is {decimal_text(acid_c)} mol/L in {weak} (pKa = {pka}) "
                    f"and {decimal_text(base_c)} mol/L in {salt}"
                )
            else:
                acid, base = rng.choice(ACIDS), rng.choice(sorted(BASES))
                volumes = [_amount(rng, digits, Fraction(5), Fraction(100)) for _ in range(2)]
                concs = [_amount(rng, digits, Fraction(1, 100), Fraction(1)) for _ in range(2)]
                h = volumes[0] * concs[0]
                oh = volumes[1] * concs[1] * BASES[base]
                excess = abs(h - oh) / (volumes[0] + volumes[1])
                if excess < Fraction(1, 10**4):
                    continue
                ph = -log10(excess) if h > oh else 14 + log10(excess)
                text = (
                    f"the solution made by mixing {decimal_text(volumes[0])} mL of "
                    f"{decimal_text(concs[0])} mol/L {acid} with {decimal_text(volumes[1])} "
                    f"mL of {decimal_text(concs[1])} mol/L {base}"
                )
            value = ph if ask == "pH" else 14 - ph
            if near_tie(value, PLACES):
                continue
            question = (
                f"At 25 °C (Kw = 1.0 x 10^-14), what is the {ask} of {text}? The acid and the "
                "base named are fully dissociated where strong; ignore the autoionisation of "
                "water and activity effects. Round to two decimal places."
            )
            gold = round_half_up(value, PLACES)
            if not states_near(question, gold, PLACES):
                break
        meta = {"precision": PLACES, "kind": kind, "ask": ask, "digits": digits}
        return Draft(question, fixed_text(gold, PLACES), meta)

    def complexity(self, problem: Problem) -> float:
        """The kind's steps, a pOH asked, and the digits stated."""
        meta = problem.meta
        return float(2 * KINDS.index(meta["kind"]) + (meta["ask"] == "pOH") + meta["digits"])
