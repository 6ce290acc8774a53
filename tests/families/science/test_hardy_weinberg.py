"""``rlvr/HardyWeinberg-v0``: the value recomputed from q = sqrt(q^2) with sympy."""

from __future__ import annotations

import re
from fractions import Fraction

import sympy

from tests.families.science.helpers import _gen, check_value


def test_the_frequencies_follow_from_q_squared():
    for seed in range(40):
        problem = _gen("rlvr/HardyWeinberg-v0", seed, seed / 39)
        text = problem.prompt
        counted = re.search(r"Of (\d+) individuals, (\d+) show", text)
        if counted:
            size, affected = map(int, counted.groups())
            q = sympy.sqrt(sympy.Rational(affected, size))
        else:
            q = sympy.sqrt(sympy.Rational(re.search(r"A fraction (\d+/\d+)", text).group(1)))
            size = int(m.group(1)) if (m := re.search(r"population of (\d+)", text)) else None
        p = 1 - q
        carrier_if_healthy = 2 * p * q / (p**2 + 2 * p * q)
        expected = {
            "frequency of the dominant allele": p,
            "is heterozygous": 2 * p * q,
            "carriers are expected": 2 * p * q * (size or 0),
            "is a heterozygous carrier": carrier_if_healthy,
            "the child shows it": carrier_if_healthy**2 / 4,
        }
        (value,) = [v for key, v in expected.items() if key in text]
        value = sympy.nsimplify(value)
        check_value(problem, Fraction(int(value.p), int(value.q)))
