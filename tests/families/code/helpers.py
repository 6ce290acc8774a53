"""Helpers the code families' tests share."""

from __future__ import annotations

import pytest

import rlvr_envs
from rlvr_envs.registry import format_answer


def code(source: str) -> str:
    return format_answer(source, "code")


def tags(text: str) -> str:
    return f"<answer>{text}</answer>"


def task(env_id: str):
    return rlvr_envs.make_task(env_id)


def load_function(source: str, name: str):
    """Function ``name`` from ``source``, our own reference or test program (never model
    text), executed in-process to compare it with the reference on many inputs quickly."""
    namespace: dict = {}
    exec(compile(source, "solution", "exec"), namespace)
    return namespace[name]


def accepts_against_reference(env_id: str, args: list, output) -> bool:
    """The family's judge on ``output`` for ``args``, the reference output as ``expected``."""
    family = rlvr_envs.make_task(env_id).family
    return family.accepts({"args": args, "expected": family.reference(*args)}, output)


def passes_the_stored_tests(problem, source: str) -> bool:
    """Whether ``source`` passes the problem's stored tests (not the large test, nor the
    test at the stated limits, both built when grading): right, whatever its speed."""
    family = rlvr_envs.make_task(problem.env_id).family
    return family.run_hidden_tests(problem, source, problem.meta["hidden_tests"]).correct


def assert_only_the_efficient_program_finishes(
    env_id: str, naive: str, solution: str, seed: int = 2, difficulty: float = 0.6
) -> None:
    """``naive`` passes the small tests and times out on the large input; ``solution``
    passes."""
    small = task(env_id).generate(seed=seed, difficulty=difficulty, knobs={"scale": 0})
    assert passes_the_stored_tests(small, naive)
    large = task(env_id).generate(seed=seed, difficulty=difficulty, knobs={"scale": 1})
    verdict = rlvr_envs.verify(large, code(naive))
    assert not verdict.correct and verdict.reason == "timeout"
    assert rlvr_envs.verify(large, code(solution)).correct


# Difficulties whose prompts rule out an exponential program: all of them (scale 0 below
# about 0.25 states n <= 25 or 100 and the time limit; scales 1-3 above add a large input).
# The first is the cheap default; the rest run with the slow tests.
EVERY_DIFFICULTY = (0.0, 0.15, 0.4, 1.0)
RULED_OUT_AT = [
    EVERY_DIFFICULTY[0],
    *(pytest.param(d, marks=pytest.mark.slow) for d in EVERY_DIFFICULTY[1:]),
]


def assert_ruled_out(env_id: str, slow: str, solution: str, difficulty: float, seed: int = 3):
    """At ``difficulty``, ``slow`` (a right program of a complexity the prompt rules out)
    passes the stored tests yet fails on the large input or the one at the stated limits
    (on time, or on the recursion it needs there); ``solution`` scores 1 (issue 26)."""
    problem = task(env_id).generate(seed=seed, difficulty=difficulty)
    if not problem.meta["large"]:  # larger stored instances may be slow for it too
        assert passes_the_stored_tests(problem, slow)
    verdict = rlvr_envs.verify(problem, code(slow))
    assert not verdict.correct, verdict
    if verdict.reason != "timeout":  # a deep recursion may stop with RecursionError first
        assert verdict.details["passed"] == verdict.details["total"] - 1, verdict.details
    assert rlvr_envs.verify(problem, code(solution)).correct
