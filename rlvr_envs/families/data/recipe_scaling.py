"""RecipeScaling: a recipe's quantities for a different number of servings, exactly, in
stated units.

A recipe for ``n`` servings lists quantities as whole numbers, fractions or mixed numbers
(``1 1/2 cups flour``); it is scaled to ``m`` servings. With ``convert`` every spoon and cup
quantity is asked in teaspoons (1 tablespoon = 3 teaspoons, 1 cup = 16 tablespoons = 48
teaspoons, as the prompt states); grams and eggs keep their units.

Answer syntax: the scaled quantities in the recipe's order, separated by commas, each a
whole number, a fraction ``p/q`` in lowest terms or a mixed number ``a b/c`` with ``b < c``
in lowest terms (``3, 3/4, 2 1/4``); the units are not written.

Knobs: ``ingredients`` (2 -> 8), ``ratio`` (``double``: a whole multiple, ``half``: a whole
multiple or a unit fraction, ``any``: any ratio m/n; easiest first) and ``convert``. Difficulty
raises all three.
"""

from __future__ import annotations

import random
import re
from fractions import Fraction
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.data.readers import AnswerError, read_exact, split_items

RATIOS = ("double", "half", "any")
# ingredient -> units it may come in
INGREDIENTS = {
    "flour": ("cup",), "sugar": ("cup", "tablespoon"), "butter": ("tablespoon", "gram"),
    "milk": ("cup",), "salt": ("teaspoon",), "baking powder": ("teaspoon",),
    "vanilla": ("teaspoon",), "honey": ("tablespoon",), "oats": ("cup", "gram"),
    "cocoa": ("tablespoon",), "cinnamon": ("teaspoon",), "eggs": ("egg",), "yogurt": ("cup",),
    "raisins": ("gram",),
}  # fmt: skip
TEASPOONS = {"teaspoon": 1, "tablespoon": 3, "cup": 48}
AMOUNTS = {  # unit -> quantities a recipe uses
    "cup": ("1/4", "1/3", "1/2", "2/3", "3/4", "1", "1 1/4", "1 1/2", "2", "2 1/2", "3"),
    "tablespoon": ("1/2", "1", "1 1/2", "2", "3", "4"),
    "teaspoon": ("1/4", "1/2", "3/4", "1", "1 1/2", "2"),
    "gram": ("25", "40", "50", "75", "100", "125", "150", "200", "250"),
    "egg": ("1", "2", "3", "4"),
}
_MIXED = re.compile(r"([-+]?\d{1,9})\s+(\d{1,9})\s*/\s*(\d{1,9})")


def parse_quantity(text: str) -> Fraction:
    """A whole number, ``p/q`` in lowest terms or ``a b/c`` (``b < c``, lowest terms)."""
    match = _MIXED.fullmatch(text.strip())
    if match:
        whole, p, q = int(match[1]), int(match[2]), int(match[3])
        if not 0 < p < q or Fraction(p, q).denominator != q or whole <= 0:
            raise AnswerError(f"{text[:40]!r} is not a mixed number a b/c with b < c")
        return whole + Fraction(p, q)
    value = read_exact(text)
    if "." in text:
        raise AnswerError("write quantities as whole numbers or fractions, not decimals")
    return value


def quantity_text(value: Fraction) -> str:
    """``9/4`` -> ``2 1/4``; whole numbers and proper fractions as they are."""
    whole, rest = divmod(value.numerator, value.denominator)
    if rest == 0:
        return str(whole)
    return f"{rest}/{value.denominator}" if whole == 0 else f"{whole} {rest}/{value.denominator}"


def _plural(unit: str, amount: Fraction) -> str:
    if unit == "egg":
        return ""
    return f"{unit}s" if amount > 1 else unit


class RecipeScaling(Family):
    """Scaled recipe quantities, exact, in the asked units."""

    knobs: ClassVar[dict[str, Knob]] = {
        "ingredients": Knob("int", 1, 10, default=4, easy=2, hard=8, doc="ingredients"),
        "ratio": Knob("categorical", choices=RATIOS, default="half", doc="servings ratio"),
        "convert": Knob("bool", default=False, doc="spoons and cups asked in teaspoons"),
    }
    answer_syntax = (
        "the quantities in the recipe's order, separated by commas, as whole numbers, "
        "fractions p/q or mixed numbers a b/c, without units (e.g. 3, 3/4, 2 1/4)"
    )
    answer_form = "quantities (whole, p/q or a b/c) separated by commas"
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        count, kind, convert = int(knobs["ingredients"]), knobs["ratio"], knobs["convert"]
        names = rng.sample(sorted(INGREDIENTS), count)
        rows = []
        for name in names:
            unit = rng.choice(INGREDIENTS[name])
            rows.append([name, unit, rng.choice(AMOUNTS[unit])])
        serves = rng.choice((2, 3, 4, 6, 8))
        if kind == "double":
            target = serves * rng.randint(2, 4)
        elif kind == "half":
            divisors = [d for d in (1, 2, 3, 4) if serves % d == 0 and d < serves]
            target = rng.choice([serves * 2, serves * 3, *divisors])
        else:
            target = rng.choice([t for t in range(1, 13) if t % serves and serves % t])
        ratio = Fraction(target, serves)
        scaled = []
        for _name, unit, amount in rows:
            value = parse_quantity(amount) * ratio
            if convert and unit in TEASPOONS:
                value *= TEASPOONS[unit]
            scaled.append(value)
        lines = "\n".join(
            f"- {amount} {_plural(unit, parse_quantity(amount))} {name}".replace("  ", " ")
            for name, unit, amount in rows
        ).replace("- 1 eggs", "- 1 egg")
        ask = (
            " Give every spoon and cup quantity in teaspoons (1 tablespoon = 3 teaspoons, "
            "1 cup = 16 tablespoons = 48 teaspoons); grams and eggs keep their units."
            if convert
            else " Keep each ingredient's unit."
        )
        question = (
            f"A recipe for {serves} servings:\n{lines}\n\nScale it to {target} serving"
            f"{'s' if target > 1 else ''}.{ask} Give the scaled quantities in the order of "
            "the recipe, exactly (as whole numbers, fractions or mixed numbers)."
        )
        meta = {"rows": rows, "serves": serves, "target": target, "convert": convert}
        return Draft(question, ", ".join(quantity_text(v) for v in scaled), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            got = [parse_quantity(item) for item in split_items(answer)]
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        want = [parse_quantity(item) for item in problem.answer.split(", ")]
        return Judgement.right() if got == want else Judgement.wrong()

    def complexity(self, problem: Problem) -> float:
        """Ingredients times the size of the ratio's denominator, doubled when converting."""
        meta = problem.meta
        ratio = Fraction(meta["target"], meta["serves"])
        return len(meta["rows"]) * (1 + ratio.denominator) * (2 if meta["convert"] else 1)
