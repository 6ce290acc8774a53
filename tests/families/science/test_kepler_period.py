"""``rlvr/KeplerPeriod-v0``: T^2 M / a^3 is the same for both orbits (sympy solve)."""

from __future__ import annotations

import re
from fractions import Fraction

import sympy

from tests.families.science.helpers import _gen, check_value

N = r"(\d+(?:/\d+)?)"


def test_both_orbits_keep_kepler_s_ratio():
    x = sympy.Symbol("x", positive=True)
    for seed in range(30):
        problem = _gen("rlvr/KeplerPeriod-v0", seed, seed / 29)
        text = problem.prompt
        a1, t1 = (
            sympy.Rational(v)
            for v in re.search(rf"radius {N} \S+ (?:km )?with period {N}", text).groups()
        )
        mass = re.search(rf"central body {N} times", text)
        m2 = sympy.Rational(mass.group(1)) if mass else 1
        radius = re.search(rf"has an orbit of radius {N}", text)
        period = re.search(rf"has an orbital period of {N}", text)
        a2 = sympy.Rational(radius.group(1)) if radius else x
        t2 = sympy.Rational(period.group(1)) if period else x
        (solution,) = sympy.solve(sympy.Eq(t1**2 / a1**3, t2**2 * m2 / a2**3), x)
        check_value(problem, Fraction(int(solution.p), int(solution.q)))
