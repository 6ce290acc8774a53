"""DigitSumOfPower: the sum of the decimal digits of a^b or of n!.

The numbers run to hundreds of digits, so the answer needs the exact expansion (big-integer
arithmetic, done here with Python integers); the digit sum is congruent to the number modulo
9, a check a solver can use but not a shortcut to the value. Nothing here needs sympy.

Answer syntax: one positive integer.

Knobs: ``kind`` (``factorial``, ``power``) and ``digits`` (about how many digits the number
has). Difficulty 0 is a factorial of at most 15 digits; difficulty 1 a power of about 150 to
300 digits.
"""

from __future__ import annotations

import math
import random
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.shared.math_answers import MathFamily


def factorial_digits(n: int) -> int:
    """How many decimal digits n! has (n >= 1), from log-gamma, exact for n < 10^5."""
    return math.floor(math.lgamma(n + 1) / math.log(10) + 1e-9) + 1


class DigitSumOfPower(MathFamily):
    """The sum of the decimal digits of a large power a^b or factorial n!.

    Knobs (easy -> hard): ``kind`` ``factorial`` -> ``power``; ``digits`` 15 -> 300 (the
    number has between half of and all these digits; a factorial between a third and all).
    The base a is from 2 to 99 and never a multiple of 10.

    Answer syntax: one positive integer.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "kind": Knob(
            "categorical", choices=("factorial", "power"), default="power", doc="a^b or n!"
        ),
        "digits": Knob(
            "int", 10, 1000, default=30, easy=15, hard=300, doc="digits of the number, about"
        ),
    }
    answer_syntax = "the answer as a positive integer"
    answer_form = "integer"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        most = knobs["digits"]
        if knobs["kind"] == "factorial":
            target = rng.randint(max(3, most // 3), most)
            n = 5
            while factorial_digits(n + 1) <= target:
                n += 1
            number, written = math.factorial(n), f"{n}! ({n} factorial)"
            given = [n]
        else:
            base = rng.randint(2, 99)
            while base % 10 == 0:
                base = rng.randint(2, 99)
            target = rng.randint(max(3, most // 2), most)
            exponent = max(5, round(target / math.log10(base)))
            number, written = base**exponent, f"{base}^{exponent}"
            given = [base, exponent]
        value = sum(map(int, str(number)))
        question = f"Find the sum of the decimal digits of {written}."
        meta = {"kind": knobs["kind"], "given": given, "length": len(str(number))}
        return Draft(question, str(value), meta)

    def complexity(self, problem: Problem) -> float:
        """Digits of the expanded number (the work) plus digits of the answer."""
        return problem.meta["length"] + len(problem.answer)
