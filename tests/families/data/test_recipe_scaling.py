"""What ``rlvr/RecipeScaling-v0`` must do beyond the generic family contract: the quantities
are the printed ones times the servings ratio (and teaspoon factors), in any of the exact
spellings; decimals, unreduced fractions and an improper mixed number fail."""

from __future__ import annotations

import re
from fractions import Fraction

from tests.families.data.helpers import _gen, _score

TSP = {"teaspoon": 1, "tablespoon": 3, "cup": 48}


def _value(text: str) -> Fraction:
    return sum(Fraction(part) for part in text.split())


def test_quantities_scale_exactly_in_every_exact_spelling():
    for seed in range(30):
        problem = _gen("rlvr/RecipeScaling-v0", seed, seed / 29)
        prompt = problem.prompt
        serves = int(re.search(r"A recipe for (\d+) servings", prompt)[1])
        target = int(re.search(r"Scale it to (\d+) serving", prompt)[1])
        convert = "in teaspoons" in prompt
        values = []
        for amount, unit in re.findall(
            r"^- ([\d/ ]+?) (cups?|tablespoons?|teaspoons?|grams?|eggs?)", prompt, re.M
        ):
            value = _value(amount) * Fraction(target, serves)
            unit = unit.rstrip("s")
            if convert and unit in TSP:
                value *= TSP[unit]
            values.append(value)
        improper = ", ".join(str(v) for v in values)  # Fraction's own p/q or whole spelling
        assert _score(problem, improper) == 1.0
        decimals = ", ".join(str(float(v)) for v in values)
        assert _score(problem, decimals) == float(decimals == improper)
        bumped = ", ".join(str(v + Fraction(1, 2)) for v in values)
        assert _score(problem, bumped) == 0.0
        if any(v.denominator > 1 for v in values):
            doubled = ", ".join(
                f"{v.numerator * 2}/{v.denominator * 2}" if v.denominator > 1 else str(v)
                for v in values
            )
            assert _score(problem, doubled) == 0.0
            assert _score(problem, problem.answer) == 1.0
