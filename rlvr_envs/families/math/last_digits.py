"""LastDigits: the last k digits of a power a^b or of a power tower a^(b^c).

The generator reduces the exponent with the generalised Euler theorem: for E >= phi(m),
a^E = a^(E mod phi(m) + phi(m)) (mod m) for every integer a (no coprimality needed, since
phi(p^s) >= s), applied down the tower with m = 10^k, phi(m), phi(phi(m)), ...; everything
else is Python's three-argument ``pow``. Nothing here needs sympy.

Answer syntax: exactly k decimal digits, leading zeros kept (the last three digits of 2^10
are ``024``).

Knobs: ``digits`` (k), ``height`` (1: a^b, 2: a^(b^c), 3: a^(b^(c^d))) and
``exponent_digits`` (size of the top exponent). Difficulty 1 asks for the last four digits
of a tower a^(b^c) with a five-digit c: a chain of Euler reductions and a CRT over 16 and 625
by hand.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.math.number_theory import digits_of, factor_small
from rlvr_envs.families.math.number_theory_parts import unwrap

_DIGITS = re.compile(r"[0-9]{1,64}")
_MIDDLE = [b for b in range(2, 31) if b % 5]  # 5 | b makes a^(b^c) = 1 too often


def _phi(m: int) -> int:
    value = 1
    for p, e in factor_small(m):
        value *= p ** (e - 1) * (p - 1)
    return value


def _exact(tower: list[int], cap: int) -> int | None:
    """The tower's value when it is below ``cap``, else None."""
    value = tower[-1]
    for base in reversed(tower[:-1]):
        if base == 1:
            value = 1
            continue
        if value >= cap.bit_length() + 1:
            return None
        value = base**value
        if value >= cap:
            return None
    return value if value < cap else None


def tower_mod(tower: list[int], m: int) -> int:
    """``tower[0]^(tower[1]^(...))`` modulo m, for positive integers (generalised Euler)."""
    if m == 1:
        return 0
    if len(tower) == 1:
        return tower[0] % m
    phi = _phi(m)
    exponent = _exact(tower[1:], phi)
    if exponent is None:  # the exponent is at least phi(m): reduce it
        exponent = tower_mod(tower[1:], phi) + phi
    return pow(tower[0], exponent, m)


def tower_text(tower: list[int]) -> str:
    """``7^{23^{45}}``."""
    text = str(tower[-1])
    for base in reversed(tower[:-1]):
        text = f"{base}^{{{text}}}" if "^" in text else f"{base}^{text}"
    return text


class LastDigits(Family):
    """The last k decimal digits of a^b or of a power tower, as exactly k digits.

    Knobs (easy -> hard): ``digits`` k 1 -> 4; ``height`` 1 -> 2 (a^b, then a^(b^c); 3 adds
    one more level); ``exponent_digits`` 2 -> 5 digits of the top exponent. The base a has
    one to three digits and is never a multiple of 5 (nor is a middle level
    of a tower), which would pin most of the digits. The value follows Euler's theorem
    (generalised to any base once the exponent is at least phi(10^k)) and the Chinese
    remainder theorem over 2^k and 5^k.

    Answer syntax: exactly k digits, leading zeros kept (``024``); the check reads the
    digit string and compares it with a^b mod 10^k written with k digits.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "digits": Knob("int", 1, 6, default=2, easy=1, hard=4, doc="how many last digits"),
        "height": Knob("int", 1, 3, default=1, easy=1, hard=2, doc="levels of the tower"),
        "exponent_digits": Knob(
            "int", 1, 8, default=2, easy=2, hard=5, doc="digits of the top exponent"
        ),
    }
    answer_syntax = "exactly the asked number of digits, keeping any leading zeros"
    answer_form = "exactly k digits"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        k, height, e_digits = knobs["digits"], knobs["height"], knobs["exponent_digits"]
        base = rng.randint(2, rng.choice((9, 99, 999)))
        while base % 5 == 0:  # 5 | a pins a^E modulo 5^k: few answers
            base = rng.randint(2, 999)
        tower = [base]
        for _ in range(height - 1):
            tower.append(rng.choice(_MIDDLE))
        top = rng.randint(10 ** (e_digits - 1), 10**e_digits - 1)
        tower.append(max(top, 2))
        while height == 1 and tower[1] < 64 and base ** tower[1] < 10 ** (k + 1):
            tower[1] += 1  # a^b has more than k digits
        value = tower_mod(tower, 10**k)
        noun = "digit" if k == 1 else f"{k} digits"
        question = f"Find the last {noun} of {tower_text(tower)} (written in base 10). " + (
            "Write exactly 1 digit."
            if k == 1
            else f"Write exactly {k} digits, keeping any leading zeros."
        )
        return Draft(question, str(value).zfill(k), {"tower": tower, "k": k})

    def check(self, problem: Problem, answer: str) -> Judgement:
        text = unwrap(answer)  # $...$, \(...\), \text{...}, a final period
        if not _DIGITS.fullmatch(text):
            return Judgement.unparsable("not a string of decimal digits")
        if len(text) != problem.meta["k"]:
            return Judgement.wrong(why=f"not exactly {problem.meta['k']} digits")
        return Judgement.right() if text == problem.answer else Judgement.wrong()

    def complexity(self, problem: Problem) -> float:
        """Digits asked times the tower's levels, plus the digits written in the tower."""
        tower, k = problem.meta["tower"], problem.meta["k"]
        return k * (len(tower) - 1) + sum(digits_of(x) for x in tower)
