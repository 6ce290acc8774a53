"""GcdLcm: greatest common divisors and least common multiples.

All values are plain Python integers; nothing here needs sympy.
"""

from __future__ import annotations

import random
from math import gcd, lcm
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.math.number_parts import digits_of
from rlvr_envs.families.shared.math_answers import MathFamily


class GcdLcm(MathFamily):
    """The greatest common divisor or least common multiple of several integers.

    The numbers share a random common factor, so the gcd is rarely 1 and the lcm is rarely
    the plain product. Difficulty moves ``operation`` from ``gcd`` to ``lcm`` and raises
    ``count`` (how many numbers) and ``digits`` (their size).

    Answer syntax: one positive integer.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "operation": Knob("categorical", choices=("gcd", "lcm"), default="gcd", doc="gcd or lcm"),
        "count": Knob("int", 2, 6, default=2, easy=2, hard=4, doc="how many numbers"),
        "digits": Knob("int", 1, 8, default=3, easy=2, hard=6, doc="digits per number"),
    }
    answer_syntax = "the answer as a positive integer"
    answer_form = "integer"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        digits, count = knobs["digits"], knobs["count"]
        low, high = max(2, 10 ** (digits - 1)), 10**digits - 1
        factor_digits = rng.randint(1, max(1, digits - 1))
        factor = rng.randint(10 ** (factor_digits - 1), min(10**factor_digits - 1, high // 2))
        first, last = -(-low // factor), high // factor
        numbers: list[int] = []
        for _ in range(count):
            pick = factor * rng.randint(first, last)
            for _ in range(10):  # prefer distinct numbers when the range allows
                if pick not in numbers:
                    break
                pick = factor * rng.randint(first, last)
            numbers.append(pick)
        if knobs["operation"] == "gcd":
            name, value = "greatest common divisor", gcd(*numbers)
        else:
            name, value = "least common multiple", lcm(*numbers)
        listed = ", ".join(str(n) for n in numbers[:-1]) + f" and {numbers[-1]}"
        question = f"Find the {name} of {listed}."
        return Draft(question, str(value), {"numbers": numbers, "operation": knobs["operation"]})

    def complexity(self, problem: Problem) -> float:
        """Digits of the numbers plus digits of the answer."""
        return sum(digits_of(n) for n in problem.meta["numbers"]) + len(problem.answer)
