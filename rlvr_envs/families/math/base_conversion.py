"""BaseConversion: conversion between positional bases.

All values are plain Python integers; nothing here needs sympy.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.shared.math_answers import MathFamily

DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


PREFIXES = {2: "0b", 8: "0o", 16: "0x"}


def to_base(value: int, base: int) -> str:
    """``value`` (>= 0) written in ``base`` (2..36), upper-case letters for digits >= 10."""
    if value == 0:
        return "0"
    out = []
    while value:
        value, digit = divmod(value, base)
        out.append(DIGITS[digit])
    return "".join(reversed(out)).upper()


class BaseConversion(MathFamily):
    """Convert a non-negative integer between positional bases 2 to 36.

    Difficulty raises ``digits`` (decimal digits of the value) and ``max_base`` (the largest
    base used), and moves ``direction`` from ``from_decimal`` through ``to_decimal`` to
    ``between`` (any two bases, decimal possibly one of them).

    Answer syntax: the digits of the number in the target base, letters A-Z for digit values
    10 to 35 (case-insensitive). Leading zeros are ignored; a ``0b``/``0o``/``0x`` prefix is
    accepted when the target base is 2/8/16 (the prompt says so). Anything else, such as a
    subscript, a sign or a digit too large for the base, is unparsable.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "digits": Knob("int", 1, 16, default=3, easy=2, hard=10, doc="decimal digits of value"),
        "max_base": Knob("int", 2, 36, default=16, easy=2, hard=16, doc="largest base used"),
        "direction": Knob(
            "categorical",
            choices=("from_decimal", "to_decimal", "between"),
            default="from_decimal",
            doc="which bases are involved",
        ),
    }
    answer_syntax = "only the digits of the converted number"
    answer_form = "digits in the target base"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        digits = knobs["digits"]
        value = rng.randint(1 if digits == 1 else 10 ** (digits - 1), 10**digits - 1)
        others = [b for b in range(2, knobs["max_base"] + 1) if b != 10]
        direction = knobs["direction"]
        if direction == "from_decimal":
            source, target = 10, rng.choice(others)
        elif direction == "to_decimal":
            source, target = rng.choice(others), 10
        else:
            source, target = rng.sample([*others, 10], 2)
        numeral = to_base(value, source)
        notes = []
        if max(source, target) > 10:
            notes.append("Digits above 9 are the letters A, B, C, ... (A = 10).")
        prefix = PREFIXES.get(target)
        allowed = f" (an optional {prefix} prefix is allowed)" if prefix else ""
        notes.append(
            f"Write the result in base {target} as digits only{allowed}, "
            "with no base subscript or other text."
        )
        question = f"Convert the base-{source} number {numeral} to base {target}.\n" + " ".join(
            notes
        )
        answer = to_base(value, target)
        return Draft(question, answer, {"numeral": numeral, "from_base": source, "to_base": target})

    def check(self, problem: Problem, answer: str) -> Judgement:
        base = problem.meta["to_base"]
        text = answer.strip().lower()
        prefix = PREFIXES.get(base)
        if prefix and text.startswith(prefix) and len(text) > len(prefix):
            text = text[len(prefix) :]
        allowed = DIGITS[:base]
        if not text or any(c not in allowed for c in text):
            return Judgement.unparsable(f"not a base-{base} numeral")
        if (text.lstrip("0") or "0") == problem.answer.lower():
            return Judgement.right()
        return Judgement.wrong()

    def complexity(self, problem: Problem) -> float:
        """Digits read plus digits written plus decimal digits of the value."""
        meta = problem.meta
        value = int(meta["numeral"], meta["from_base"])
        return len(meta["numeral"]) + len(problem.answer) + len(str(value))
