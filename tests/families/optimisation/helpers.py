"""Helpers the optimisation families' tests share."""

from __future__ import annotations

import rlvr_envs
from rlvr_envs.registry import format_answer


def _gen(env_id: str, seed: int, difficulty: float | None = None, **knobs):
    task = rlvr_envs.make_task(env_id)
    return task.generate(seed=seed, difficulty=difficulty, knobs=knobs or None)


def _verdict(problem, answer: str):
    return rlvr_envs.verify(problem, format_answer(answer, problem.answer_format))


def _score(problem, answer: str) -> float:
    return _verdict(problem, answer).reward


def gap(value, baseline, best) -> float:
    """The documented graded score, written out again: the share of the gap closed."""
    return float(min(1, max(0, (value - baseline) / (best - baseline))))
