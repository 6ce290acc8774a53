"""What ``rlvr/WordProblems-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools
from fractions import Fraction

from tests.families.math.helpers import _gen, _score


def test_word_problem_answers_are_positive_and_ages_whole():
    for seed, steps in itertools.product(range(40), [1, 3, 6]):
        problem = _gen("rlvr/WordProblems-v0", seed, steps=steps, magnitude=2)
        value = Fraction(problem.answer)
        assert value > 0, problem.prompt
        if problem.meta["template"] == "ages":
            assert value.denominator == 1
        assert _score(problem, problem.answer).reward == 1.0
