"""Helpers the science families' tests share."""

from __future__ import annotations

import re
from fractions import Fraction

import rlvr_envs
from rlvr_envs.registry import format_answer

NUMBER = r"-?\d+(?:\.\d+)?(?:/\d+)?"


def _gen(env_id: str, seed: int, difficulty: float | None = None, **knobs):
    task = rlvr_envs.make_task(env_id)
    return task.generate(seed=seed, difficulty=difficulty, knobs=knobs or None)


def _score(problem, answer: str) -> float:
    return rlvr_envs.verify(problem, format_answer(answer, problem.answer_format)).reward


def value(text: str) -> Fraction:
    return Fraction(text)


def found(pattern: str, text: str) -> list[Fraction]:
    """The numbers the first group of each match of ``pattern`` captures."""
    return [Fraction(m) for m in re.findall(pattern, text)]


def text_of(x: Fraction) -> str:
    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def check_value(problem, expected: Fraction) -> None:
    """The reference is ``expected``; it and its plain variants score 1, neighbours 0, a
    decimal or unreduced spelling is refused."""
    assert Fraction(problem.answer) == expected, (problem.prompt, problem.answer, expected)
    assert _score(problem, text_of(expected)) == 1.0
    assert _score(problem, text_of(expected + 1)) == 0.0
    assert _score(problem, text_of(expected * 2 + Fraction(1, 7))) == 0.0
    if expected.denominator > 1:
        assert _score(problem, f"{expected.numerator * 2}/{expected.denominator * 2}") == 0.0
