"""Roman numerals: read a Roman numeral as an integer, or write an integer as a Roman numeral.

The numerals are the standard (strict subtractive) ones for 1..3999: the symbols I V X L C D
M, written from the largest value down, where 4, 9, 40, 90, 400 and 900 (in each place) are
written IV, IX, XL, XC, CD, CM and no symbol repeats more than three times in a row. Every
number has exactly one such numeral, so writing one is checked against it; ``IIII``,
``IC`` or ``MDCCCCX`` have the right additive value and are wrong, as the prompt says.

Answer syntax (stated in the prompt): for ``to_roman``, the numeral in the standard form,
in capital or small letters throughout (``MCMXCIV`` or ``mcmxciv``), no spaces inside; for
``from_roman``, the value as a whole number (``1994``; ``1,994`` accepted).

No value whose numeral or number is written in the prompt (the rules name IV, IX, XL, XC, CD
and CM) is drawn, so a copy of the prompt earns nothing.

Knobs: ``direction`` (from_roman at difficulty 0: reading; to_roman from 0.5: writing in
strict form) and ``max_value`` (the values are drawn from 1..max_value: 50 at difficulty 0,
3999 at 1).
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.numbers import normalise, parse_integer

_PAIRS = (
    (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
    (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
)  # fmt: skip
_SYMBOLS = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}
_RULES = (
    "Roman numerals use the symbols I = 1, V = 5, X = 10, L = 50, C = 100, D = 500 and "
    "M = 1000, written from the largest value to the smallest, in the standard subtractive "
    "form: in each place, four is written IV, XL or CD and nine IX, XC or CM, and no symbol "
    "is repeated more than three times in a row (so forms such as IIII, IC or VX are not "
    "standard)."
)


def to_roman(value: int) -> str:
    """The standard numeral of 1 <= value <= 3999."""
    out = []
    for amount, symbol in _PAIRS:
        count, value = divmod(value, amount)
        out.append(symbol * count)
    return "".join(out)


def additive_value(numeral: str) -> int:
    """The value of any string of Roman symbols read with the subtractive rule (a symbol
    before a larger one counts negative), standard or not."""
    total = 0
    for i, symbol in enumerate(numeral):
        value = _SYMBOLS[symbol]
        later = _SYMBOLS[numeral[i + 1]] if i + 1 < len(numeral) else 0
        total += -value if value < later else value
    return total


class RomanNumerals(Family):
    """Convert between integers and standard Roman numerals (1..3999)."""

    knobs: ClassVar[dict[str, Knob]] = {
        "direction": Knob("categorical", choices=("from_roman", "to_roman"),
                          default="to_roman", doc="read a numeral, or write one"),
        "max_value": Knob("int", 10, 3999, default=500, easy=50, hard=3999,
                          doc="values are drawn from 1..max_value"),
    }  # fmt: skip
    answer_syntax = (
        "the converted value: a whole number when reading a Roman numeral, or the Roman "
        "numeral in standard form (capital letters, no spaces) when writing one"
    )
    answer_form = "whole number or standard Roman numeral"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        top, write = int(knobs["max_value"]), knobs["direction"] == "to_roman"
        banned = {"IV", "IX", "XL", "XC", "CD", "CM", "I", "V", "X", "L", "C", "D", "M"}
        while True:
            value = rng.randint(1, top)
            numeral = to_roman(value)
            if write:
                question = f"{_RULES}\n\nWrite the number {value} as a Roman numeral."
                answer = numeral
                meta = {"direction": "to_roman", "value": value}
            else:
                question = f"{_RULES}\n\nWhat number does the Roman numeral {numeral} stand for?"
                answer = str(value)
                meta = {"direction": "from_roman", "numeral": numeral}
            stated = {int(n) for n in re.findall(r"\d+", question)}
            if numeral not in banned and (write or value not in stated):
                return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        text = normalise(answer).strip().rstrip(".").strip()
        if len(text) > 40:
            return Judgement.unparsable("the answer is far longer than the value asked for")
        if problem.meta["direction"] == "from_roman":
            value = parse_integer(text)
            if value is None:
                return Judgement.unparsable("expected a whole number")
            if str(value) == problem.answer:
                return Judgement.right()
            return Judgement.wrong(why="another number")
        if not (text.isupper() or text.islower()) or not set(text.upper()) <= set(_SYMBOLS):
            return Judgement.unparsable("expected a Roman numeral in capitals (I V X L C D M)")
        numeral = text.upper()
        if numeral == problem.answer:
            return Judgement.right()
        if additive_value(numeral) == problem.meta["value"]:
            return Judgement.wrong(why="the value is right but the numeral is not standard")
        return Judgement.wrong(why="another number")

    def complexity(self, problem: Problem) -> float:
        """Symbols of the numeral, plus one per subtractive pair, plus one for writing."""
        meta = problem.meta
        numeral = meta.get("numeral") or to_roman(meta["value"])
        pairs = sum(numeral.count(p) for p in ("IV", "IX", "XL", "XC", "CD", "CM"))
        return len(numeral) + pairs + (meta["direction"] == "to_roman")
