"""Helpers the long_context families' tests share: generating, scoring, reading the prompt."""

from __future__ import annotations

import rlvr_envs
from rlvr_envs.registry import format_answer


def gen(name: str, seed: int, difficulty: float | None = None, knobs: dict | None = None):
    task = rlvr_envs.make_task(f"rlvr/{name}-v0")
    return task.generate(seed=seed, difficulty=difficulty, knobs=knobs)


def score(problem, answer: str) -> float:
    return rlvr_envs.verify(problem, format_answer(answer, problem.answer_format)).reward


def body(problem) -> str:
    """The prompt without the question and the answer-format sentence after the context."""
    return problem.prompt.rsplit("\n\n", 2)[0]


CASES = [(seed, d) for seed in range(6) for d in (0.0, 0.5, 0.8)]
