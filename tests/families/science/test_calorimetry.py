"""``rlvr/Calorimetry-v0``: the final temperature solved with sympy from heat balance."""

from __future__ import annotations

import re
from fractions import Fraction

import sympy

from tests.families.science.helpers import _gen, check_value


def test_heat_lost_equals_heat_gained():
    final = sympy.Symbol("T")
    for seed in range(30):
        problem = _gen("rlvr/Calorimetry-v0", seed, seed / 29)
        bodies = re.findall(r"- (\d+) g of \w+ \(specific heat ([\d.]+) J/\(g K\)\) at (\d+) °C",
                            problem.prompt)  # fmt: skip
        assert len(bodies) == len(problem.meta["bodies"])
        heat = sum(int(m) * sympy.Rational(c) * (final - int(t)) for m, c, t in bodies)
        (solution,) = sympy.solve(heat, final)
        check_value(problem, Fraction(int(solution.p), int(solution.q)))
