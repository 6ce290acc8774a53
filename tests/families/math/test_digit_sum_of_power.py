"""What ``rlvr/DigitSumOfPower-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import re

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from rlvr_envs.families.math.digit_sum_of_power import factorial_digits
from tests.families.math.helpers import _gen, _score

ENV = "rlvr/DigitSumOfPower-v0"
TASK = rlvr_envs.make_task(ENV)


def _number(problem) -> int:
    """The number the prompt names, read back from the prompt and expanded with sympy."""
    power = re.search(r"digits of (\d+)\^(\d+)\.", problem.prompt)
    if power:
        return int(sympy.Integer(int(power.group(1))) ** int(power.group(2)))
    n = int(re.search(r"digits of (\d+)!", problem.prompt).group(1))
    return int(sympy.factorial(n))


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_the_reference_is_the_digit_sum_and_neighbours_fail(seed, difficulty):
    problem = TASK.generate(seed=seed, difficulty=difficulty)
    number = _number(problem)
    value = sum(int(c) for c in str(number))
    assert int(problem.answer) == value
    assert value % 9 == number % 9  # casting out nines
    for wrong in (value - 9, value + 9, value + 1):
        assert _score(problem, str(wrong)).reward == 0.0


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), kind=st.sampled_from(["factorial", "power"]),
       digits=st.integers(10, 1000))  # fmt: skip
def test_the_number_has_about_the_asked_size(seed, kind, digits):
    problem = _gen(ENV, seed, kind=kind, digits=digits)
    length = len(str(_number(problem)))
    assert problem.meta["length"] == length
    assert length <= digits + 3 and length >= 3


def test_factorial_digit_counts_are_exact():
    for n in range(1, 600):
        assert factorial_digits(n) == len(str(sympy.factorial(n))), n


def test_the_question_echoed_and_other_forms_fail():
    problem = _gen(ENV, 0, kind="power", digits=40)
    base, exponent = problem.meta["given"]
    value = int(problem.answer)
    for text in (f"{base}^{exponent}", f"{value}.0", f"{value - 1} + 1", str(base**exponent)):
        verdict = _score(problem, text)
        assert verdict.reward == 0.0, (text, verdict)
    assert _score(problem, f" {value}").reward == 1.0


def test_even_the_easiest_numbers_are_beyond_mental_arithmetic():
    for seed in range(20):
        assert TASK.generate(seed=seed, difficulty=0.0).meta["length"] >= 5
        assert TASK.generate(seed=seed, difficulty=1.0).meta["length"] >= 150


def test_the_best_constant_is_rare_at_middle_difficulty():
    answers = [TASK.generate(seed=s, difficulty=0.5).answer for s in range(100)]
    assert max(answers.count(a) for a in set(answers)) <= 5
