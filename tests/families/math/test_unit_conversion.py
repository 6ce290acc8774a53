"""What ``rlvr/UnitConversion-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import re
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from tests.families.math.helpers import _gen, _score

ID = "rlvr/UnitConversion-v0"

# An independent table: SI value of each unit, written from the definitions.
INCH = Fraction("0.0254")
SI = {
    "mm": Fraction("0.001"), "cm": Fraction("0.01"), "m": Fraction(1), "km": Fraction(1000),
    "in": INCH, "ft": INCH * 12, "yd": INCH * 36, "mi": INCH * 12 * 5280,
    "mg": Fraction("0.000001"), "g": Fraction("0.001"), "kg": Fraction(1), "t": Fraction(1000),
    "lb": Fraction("0.45359237"), "oz": Fraction("0.45359237") / 16,
    "s": Fraction(1), "min": Fraction(60), "h": Fraction(3600), "day": Fraction(86400),
    "L": Fraction("0.001"), "mL": Fraction("0.000001"), "gal": 231 * INCH**3,
}  # fmt: skip


def _si(unit: str) -> Fraction:
    top, *bottom = unit.split("/")
    value = Fraction(1)
    for part, sign in [(top, 1)] + [(b, -1) for b in bottom]:
        for factor in part.split("*"):
            name, _, power = factor.partition("^")
            value *= SI[name] ** (sign * int(power or 1))
    return value


def _expected(problem) -> Fraction:
    match = re.match(r"Convert (\S+) (\S+) to (\S+)\.", problem.prompt)
    value, source, target = match.groups()
    return Fraction(value) * _si(source) / _si(target)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_reference_matches_an_independent_table(seed, difficulty):
    problem = rlvr_envs.make_task(ID).generate(seed=seed, difficulty=difficulty)
    expected = _expected(problem)
    assert Fraction(problem.answer) == expected
    if expected.denominator > 1:
        assert _score(problem, f"\\frac{{{expected.numerator}}}{{{expected.denominator}}}").reward
        assert _score(problem, f"{2 * expected.numerator}/{2 * expected.denominator}").reward == 0
    assert _score(problem, str(expected * 10)).reward == 0.0
    if expected * expected != 1:  # 60 m/min in m/s is 1: its inverse is the answer too
        assert _score(problem, str(1 / expected)).reward == 0.0  # the inverse factor


def test_decimals_units_and_rounding():
    for seed in range(40):
        problem = _gen(ID, seed, level=2, digits=3)
        expected = Fraction(problem.answer)
        if expected.denominator in (2, 4, 5, 8, 10, 20, 25, 50, 100) and expected < 10**6:
            decimal = f"{float(expected):.6f}".rstrip("0").rstrip(".")
            assert _score(problem, decimal).reward == 1.0
        unit = re.match(r"Convert \S+ \S+ to (\S+)\.", problem.prompt).group(1)
        if "^" not in unit and "/" not in unit:
            assert _score(problem, f"{problem.answer} {unit}").reward == 0.0
        if expected.denominator % 3 == 0 or expected.denominator % 7 == 0:
            assert _score(problem, f"{float(expected):.4f}").reward == 0.0
