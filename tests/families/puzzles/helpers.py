"""Helpers the puzzle families' tests share."""

from __future__ import annotations

from hypothesis import settings
from hypothesis import strategies as st

import rlvr_envs
from rlvr_envs.registry import format_answer

PERTURB = settings(max_examples=40, deadline=None)
SEED = st.integers(0, 10**6)
DIFFICULTY = st.floats(0, 1)


def _gen(env_id: str, seed: int, difficulty: float | None = None, **knobs):
    task = rlvr_envs.make_task(env_id)
    return task.generate(seed=seed, difficulty=difficulty, knobs=knobs or None)


def _score(problem, answer: str):
    return rlvr_envs.verify(problem, format_answer(answer, problem.answer_format))
