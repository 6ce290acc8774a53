"""RepeatingDecimal: repeating decimals as fractions, digits far out, and period lengths.

Three questions: ``to_fraction`` (a repeating decimal such as 0.1(36), where the parentheses
mark the repeating block, as p/q in lowest terms: 0.1(36) = (136 - 1)/990 = 3/22),
``digits`` (the digits in positions k to k + 4 after the decimal point of p/q, with k up
to millions: the digit in position j is floor(10 (10^(j-1) p mod q) / q)) and ``period``
(the lengths of the non-repeating part and of the repeating block of p/q in lowest terms:
for q = 2^i 5^j q' with gcd(q', 10) = 1 they are max(i, j) and the multiplicative order of
10 modulo q').

All values are plain Python integers; nothing here needs sympy.
"""

from __future__ import annotations

import random
from fractions import Fraction
from math import gcd
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.math.number_theory_parts import (
    is_repeating_decimal,
    multiplicative_order,
    unwrap,
)
from rlvr_envs.families.shared.formulas import fraction_text
from rlvr_envs.families.shared.math_answers import MathFamily, judge_value

_WINDOW = 5


def decimal_parts(value: Fraction) -> tuple[int, int]:
    """(length of the non-repeating part, length of the repeating block) of value's
    decimal expansion; the block length is 0 when the expansion terminates."""
    q, twos, fives = value.denominator, 0, 0
    while q % 2 == 0:
        q, twos = q // 2, twos + 1
    while q % 5 == 0:
        q, fives = q // 5, fives + 1
    return max(twos, fives), (multiplicative_order(10, q) if q > 1 else 0)


def digit_window(p: int, q: int, k: int, length: int = _WINDOW) -> str:
    """Digits k .. k + length - 1 after the decimal point of p/q (0 <= p < q)."""
    r = p * pow(10, k - 1, q) % q
    out = []
    for _ in range(length):
        r *= 10
        out.append(str(r // q))
        r %= q
    return "".join(out)


class RepeatingDecimal(MathFamily):
    """Repeating decimals: to a fraction, digits far after the point, period lengths.

    Difficulty moves ``question`` through ``to_fraction``, ``digits`` and ``period`` and
    raises ``digits`` (lengths of the non-repeating part and of the repeating block, the
    integer part and the size of denominators and positions).

    Answer syntax: ``to_fraction``: p/q in lowest terms (or an integer); ``digits``: the five
    digits as one string (``03571``); ``period``: ``(p, r)``, the length of the
    non-repeating part after the point and the length of the repeating block.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "question": Knob(
            "categorical",
            choices=("to_fraction", "digits", "period"),
            default="to_fraction",
            doc="what is asked",
        ),
        "digits": Knob("int", 1, 6, default=2, easy=1, hard=5, doc="lengths and sizes"),
    }
    answer_syntax = "your final answer in the form stated above"
    answer_form = "p/q in lowest terms, a string of five digits, or (p, r)"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        return _QUESTIONS[knobs["question"]](rng, knobs["digits"])

    def check(self, problem: Problem, answer: str) -> Judgement:
        question = problem.meta["question"]
        if question == "to_fraction":
            if is_repeating_decimal(answer):  # the question's decimal, in \overline notation
                return Judgement.wrong(form="a repeating decimal where p/q is asked")
            return judge_value(problem, answer, "rational")
        if question == "period":
            # (p, r) is unique: both lengths are determined by q (see the module docstring).
            # The names are in alphabetical order: an answer that assigns them (p = 0, r = 6)
            # is matched to the tuple in name order by the shared comparison.
            return judge_value(problem, answer, "tuple", element="integer", variables=("p", "r"))
        text = unwrap(answer)  # $...$, \(...\), \text{...}, a final period
        if len(text) != _WINDOW or not all(c in "0123456789" for c in text):
            return Judgement.unparsable(f"not a string of {_WINDOW} digits")
        return Judgement.right() if text == problem.answer else Judgement.wrong()

    def complexity(self, problem: Problem) -> float:
        """Digits given plus digits of the answer plus the steps of the order computation."""
        meta = problem.meta
        return len(meta["given"]) + len(problem.answer) + meta["steps"]


def _to_fraction(rng: random.Random, digits: int) -> Draft:
    whole = rng.randint(0, 10 ** max(0, digits - 2) * 3) if digits > 1 else 0
    pre_len = rng.randint(0, digits)
    rep_len = rng.randint(max(1, digits - 1), digits + 1)
    pre = "".join(rng.choice("0123456789") for _ in range(pre_len))
    while True:
        rep = "".join(rng.choice("0123456789") for _ in range(rep_len))
        if set(rep) not in ({"0"}, {"9"}):
            break
    value = whole + (Fraction(int(pre or "0")) + Fraction(int(rep), 10**rep_len - 1)) / 10**pre_len
    given = f"{whole}.{pre}({rep})"
    question = (
        f"Write the repeating decimal {given} as a fraction in lowest terms. The digits in "
        "parentheses repeat forever: for example 0.1(36) means 0.1363636...\n"
        "Give the value as p/q in lowest terms."
    )
    meta = {"question": "to_fraction", "given": given, "steps": pre_len + 2 * rep_len}
    return Draft(question, fraction_text(value), meta)


def _denominator(rng: random.Random, digits: int) -> int:
    """A denominator with a repeating part (coprime-to-10 part > 1), of about ``digits``
    digits, with a factor 2^i 5^j now and then."""
    low, high = max(3, 10 ** (digits - 1)), max(13, 10**digits)
    while True:
        q = rng.randint(low, high)
        if q % 2 and q % 5:
            break
    if rng.random() < 0.4:
        q *= rng.choice((2, 4, 5, 8, 10, 16, 20, 25, 40, 50, 125))
    return q


def _digits(rng: random.Random, digits: int) -> Draft:
    q = _denominator(rng, digits)
    p = rng.randint(1, q - 1)
    while gcd(p, q) != 1:
        p = rng.randint(1, q - 1)
    k = rng.randint(10 ** (digits - 1) * 3, 10 ** (digits + 1) * 5)
    answer = digit_window(p, q, k)
    question = (
        f"Consider the decimal expansion of {p}/{q}. Position 1 is the first digit after the "
        f"decimal point. Find the {_WINDOW} digits in positions {k} to {k + _WINDOW - 1}.\n"
        f"Write them in order as one string of {_WINDOW} digits, with no spaces or other "
        "text."
    )
    _, block = decimal_parts(Fraction(p, q))
    meta = {"question": "digits", "given": f"{p}/{q} {k}", "steps": len(str(block)) + 2}
    return Draft(question, answer, meta)


def _period(rng: random.Random, digits: int) -> Draft:
    q = _denominator(rng, min(digits, 4))
    p = rng.randint(1, q - 1)
    while gcd(p, q) != 1:
        p = rng.randint(1, q - 1)
    pre, block = decimal_parts(Fraction(p, q))
    question = (
        f"The decimal expansion of {p}/{q} consists of a non-repeating part after the "
        "decimal point (possibly empty) followed by a repeating block. Find p, the number "
        "of digits of the non-repeating part after the point, and r, the length of the "
        "shortest repeating block.\nAnswer (p, r)."
    )
    meta = {"question": "period", "given": f"{p}/{q}", "steps": 2 * len(str(q)) + 2}
    return Draft(question, f"({pre}, {block})", meta)


_QUESTIONS = {"to_fraction": _to_fraction, "digits": _digits, "period": _period}
