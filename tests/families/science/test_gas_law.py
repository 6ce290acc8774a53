"""``rlvr/GasLaw-v0``: the unknown solved with sympy from the values the prompt states."""

from __future__ import annotations

import re
from fractions import Fraction

import sympy

from tests.families.science.helpers import _gen, check_value

UNITS = {"pressure": "kPa", "volume": "L", "temperature": "K"}


def states(text: str) -> dict[str, Fraction]:
    values = {}
    for name, number, unit in re.findall(
        r"(pressure|volume|temperature) (-?[\d.]+) (kPa|L|K|°C)", text
    ):
        values[name] = Fraction(number) + (Fraction("273.15") if unit == "°C" else 0)
    return values


def test_the_unknown_solves_the_combined_law():
    for seed in range(30):
        problem = _gen("rlvr/GasLaw-v0", seed, seed / 29)
        before_text, after_text = problem.prompt.split("It changes")
        before, after = states(before_text), states(after_text.split("What")[0])
        for name in before:
            if f"constant {name}" in after_text:
                after[name] = before[name]
        asked = re.search(r"What is its new (\w+)", problem.prompt).group(1)
        x = sympy.Symbol("x", positive=True)
        after[asked] = x
        equation = sympy.Eq(
            sympy.Rational(before["pressure"] * before["volume"])
            / sympy.Rational(before["temperature"]),
            sympy.Rational(1) * after["pressure"] * after["volume"] / after["temperature"],
        )
        (solution,) = sympy.solve(equation, x)
        check_value(problem, Fraction(int(solution.p), int(solution.q)))
