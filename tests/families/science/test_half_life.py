"""``rlvr/HalfLife-v0``: N = N0 2^(-t/h) solved with sympy from the prompt's values."""

from __future__ import annotations

import re
from fractions import Fraction

import sympy

from tests.families.science.helpers import _gen, check_value

MINUTES = {"minutes": 1, "hours": 60, "days": 1440, "weeks": 10080}


def test_the_decay_law_holds():
    x = sympy.Symbol("x", positive=True)
    for seed in range(40):
        problem = _gen("rlvr/HalfLife-v0", seed, seed / 39)
        text = problem.prompt
        n0 = sympy.Integer(int(re.search(r"holds (\d+) g", text).group(1)))
        half = re.search(r"half-life is (\d+) (\w+)", text)
        after = re.search(r"After (\d+) (\w+),", text)
        left = re.search(r"(\d+(?:/\d+)?) g of it (?:are )?left", text)
        h = sympy.Integer(int(half.group(1))) * MINUTES[half.group(2)] if half else x
        t = sympy.Integer(int(after.group(1))) * MINUTES[after.group(2)] if after else x
        if "how many grams of it are left" in text:
            expected = n0 / 2 ** (t / h)
        elif "have decayed" in text:
            expected = n0 - n0 / 2 ** (t / h)
        else:
            ratio = Fraction(int(n0)) / Fraction(left.group(1))
            halvings = ratio.numerator.bit_length() - 1
            assert ratio == 2**halvings
            unit = re.search(r"After how many (\w+)|half-life in (\w+)", text)
            minutes = h * halvings if x == t else t / halvings
            expected = sympy.Rational(minutes) / MINUTES[unit.group(1) or unit.group(2)]
        check_value(problem, Fraction(int(expected.p), int(expected.q)))
