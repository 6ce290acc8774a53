"""What ``rlvr/MysteryOperator-v0`` must do beyond the generic family contract: every
(operation, k) of the stated space that fits the examples gives the reference value (the
space written here from the prompt's wording), and the prompt's label is notation."""

from __future__ import annotations

import math

import pytest

from tests.families.induction.helpers import _gen, _score

OPERATIONS = [
    lambda a, b: a + b,
    lambda a, b: a - b,
    lambda a, b: a * b,
    lambda a, b: 2 * a + b,
    lambda a, b: a + 2 * b,
    lambda a, b: a**2 + b,
    lambda a, b: a + b**2,
    lambda a, b: a * b + a,
    lambda a, b: a * b - b,
    lambda a, b: abs(a - b),
    max,
    min,
    lambda a, b: a**2 - b**2,
    lambda a, b: (a + b) ** 2,
    math.gcd,
    math.lcm,
    lambda a, b: int(str(a) + str(b)),
]


@pytest.mark.parametrize("difficulty", [0.0, 0.5, 1.0])
def test_every_fitting_rule_gives_the_reference_value(difficulty):
    for seed in range(5):
        problem = _gen("rlvr/MysteryOperator-v0", seed, difficulty)
        offset = problem.knobs["offset"]
        a, b = problem.meta["query"]
        values = {
            op(a, b) + k
            for op in OPERATIONS
            for k in range(-offset, offset + 1)
            if all(op(x, y) + k == z for x, y, z in problem.meta["examples"])
        }
        assert values == {int(problem.answer)}
        assert _score(problem, f"{a} ◇ {b} = {problem.answer}") == 1.0
        if a != b:
            assert _score(problem, f"{b} ◇ {a} = {problem.answer}") == 0.0
        for _, _, z in problem.meta["examples"]:
            assert _score(problem, str(z)) == 0.0
