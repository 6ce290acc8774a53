"""Helpers the strings families' tests share."""

from __future__ import annotations

import rlvr_envs
from rlvr_envs.registry import format_answer


def _gen(env_id: str, seed: int, difficulty: float | None = None, **knobs):
    task = rlvr_envs.make_task(env_id)
    return task.generate(seed=seed, difficulty=difficulty, knobs=knobs or None)


def _score(problem, answer: str) -> float:
    return rlvr_envs.verify(problem, format_answer(answer, problem.answer_format)).reward


def check_family(env_id, encoder, seeds=20):
    """The encoding families: the answer and the shown text match ``encoder`` both ways, and
    the shown text, a truncation and an extension of the answer score 0."""
    for seed in range(seeds):
        for mode in ("encode", "decode"):
            problem = _gen(env_id, seed, 0.5, mode=mode)
            meta = problem.meta
            plain = meta["shown"] if mode == "encode" else problem.answer
            coded = encoder(plain, meta)
            assert (problem.answer, meta["shown"]) == (
                (coded, plain) if mode == "encode" else (plain, coded)
            )
            assert _score(problem, problem.answer) == 1.0
            assert _score(problem, meta["shown"]) == 0.0
            assert _score(problem, problem.answer[:-1]) == 0.0
            assert _score(problem, problem.answer + "A") == 0.0
