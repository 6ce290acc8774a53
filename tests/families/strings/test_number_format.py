"""What ``rlvr/NumberFormat-v0`` must do beyond the generic family contract."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.families.strings.helpers import _gen, _score

ENV = "rlvr/NumberFormat-v0"


def _round_half_up(value: Fraction, places: int) -> str:
    """Exact rounding with fractions, then written digit by digit."""
    scaled = value * 10**places
    whole = int(scaled + Fraction(1, 2))  # positive values only
    digits = str(whole).rjust(places + 1, "0")
    return digits[:-places] + "." + digits[-places:] if places else digits


def _format(text, style, prompt):
    value = Fraction(text)
    if style == "thousands":
        digits, groups = str(int(value)), []
        while digits:
            groups.insert(0, digits[-3:])
            digits = digits[:-3]
        return ",".join(groups)
    if style == "padded":
        width = int(prompt.split("zeros to exactly ")[1].split()[0])
        return "0" * (width - len(text)) + text
    places = int(prompt.split("exactly ")[1].split()[0])
    if style == "fixed":
        return _round_half_up(value, places)
    if style == "percent":
        return _round_half_up(value * 100, places) + "%"
    exponent = 0
    while value >= 10:
        value, exponent = value / 10, exponent + 1
    while value < 1:
        value, exponent = value * 10, exponent - 1
    mantissa = _round_half_up(value, places)
    if mantissa.startswith("10"):
        mantissa, exponent = _round_half_up(value / 10, places), exponent + 1
    return f"{mantissa}e{'-' if exponent < 0 else '+'}{abs(exponent):02d}"


@pytest.mark.parametrize("style", ["thousands", "padded", "fixed", "percent", "scientific"])
def test_answers_match_an_independent_formatter(style):
    for seed in range(15):
        problem = _gen(ENV, seed, style=style, numbers=3)
        expected = [_format(x, style, problem.prompt) for x in problem.meta["numbers"]]
        assert problem.answer == "; ".join(expected)
        assert _score(problem, ";".join(expected)) == 1.0
        assert _score(problem, "; ".join(expected[::-1])) == float(expected == expected[::-1])
        assert _score(problem, "; ".join(problem.meta["numbers"])) == 0.0
        assert _score(problem, "; ".join(expected[:-1])) == 0.0
