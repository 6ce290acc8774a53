"""What ``rlvr/ModularArithmetic-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools
import math
import re

import pytest
import sympy

from tests.families.math.helpers import _gen


# -- number theory -------------------------------------------------------------------------
@pytest.mark.parametrize("operation", ["add", "mul", "pow", "inverse", "linear", "crt"])
def test_modular_answers_satisfy_their_conditions(operation):
    for seed in range(20):
        problem = _gen("rlvr/ModularArithmetic-v0", seed, operation=operation, digits=2)
        x, numbers = int(problem.answer), problem.meta["numbers"]
        if operation == "inverse":
            a, m = numbers
            assert 1 <= x < m and a * x % m == 1
        elif operation == "linear":
            a, b, c, m = numbers
            assert 0 <= x < m and (a * x + b) % m == c
        elif operation == "crt":
            half = len(numbers) // 2
            residues, moduli = numbers[:half], numbers[half:]
            assert all(x % m == r for r, m in zip(residues, moduli))
            assert 0 <= x < math.prod(moduli)
            assert all(math.gcd(p, q) == 1 for p, q in itertools.combinations(moduli, 2))
        else:
            m = numbers[-1]
            expression = re.search(r"Compute \((.*)\) mod", problem.prompt).group(1)
            assert 0 <= x < m and x == int(sympy.sympify(expression.replace("^", "**"))) % m
