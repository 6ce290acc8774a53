"""Helpers the logic families' tests share."""

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


# -- knights and knaves --------------------------------------------------------------------
def _says(formula: list, knight: list[bool]) -> bool:
    op = formula[0]
    if op == "atom":
        return knight[formula[1]]
    if op == "not":
        return not _says(formula[1], knight)
    a, b = _says(formula[1], knight), _says(formula[2], knight)
    return {"and": a and b, "or": a or b, "imp": (not a) or b, "iff": a == b}[op]
