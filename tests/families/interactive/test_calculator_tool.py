"""CalculatorTool: the policy here reads the expression from the prompt, asks the calculator,
and answers its result; Python's own integers check the tool and the verdicts."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from tests.families.interactive.helpers_tools import FORMATS, final, numbers_in, play

ID = "rlvr/CalculatorTool-v0"


def expression_in(prompt: str) -> str:
    return re.search(r"value of\n\n(.*?)\n\n", prompt, re.DOTALL).group(1)


def by_python(prompt: str) -> int:
    expression = expression_in(prompt)
    assert re.fullmatch(r"[\d\s()+\-*^]+", expression)
    return eval(expression.replace("^", "**"))  # a trusted test-side check, digits only


def policy(prompt, seen):
    if not seen:
        return [("calculator", {"expression": expression_in(prompt)})]
    return seen[-1][0]


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("difficulty", [0.0, 0.5, 1.0])
def test_the_calculator_policy_solves_in_each_format(fmt, difficulty):
    for seed in range(3):
        problem = rlvr_envs.make_task(ID).generate(seed, difficulty=difficulty)
        turn, attempts = play(problem, policy, fmt)
        assert turn.verdict.correct and turn.terminated, turn.observation
        assert int(attempts[-1].split("<answer>")[1].split("<")[0]) == by_python(problem.prompt)


def test_wrong_and_copied_answers_lose():
    for seed in range(5):
        problem = rlvr_envs.make_task(ID).generate(seed, difficulty=0.5)
        value = by_python(problem.prompt)
        assert final(problem, str(value)).verdict.correct
        for wrong in [value + 1, -value, *numbers_in(expression_in(problem.prompt))]:
            turn = final(problem, str(wrong))
            assert turn.verdict.details["status"] == "lost" and turn.verdict.reward == 0


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 50), st.integers(-(10**30), 10**30))
def test_only_the_value_is_right(seed, guess):
    problem = rlvr_envs.make_task(ID).generate(seed, difficulty=0.3)
    verdict = rlvr_envs.verify(problem, f"<answer>{guess}</answer>")
    assert verdict.correct == (guess == by_python(problem.prompt))
