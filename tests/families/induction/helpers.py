"""Helpers the induction families' tests share."""

from __future__ import annotations

import itertools

import rlvr_envs
from rlvr_envs.registry import format_answer


def _gen(env_id: str, seed: int, difficulty: float | None = None, **knobs):
    task = rlvr_envs.make_task(env_id)
    return task.generate(seed=seed, difficulty=difficulty, knobs=knobs or None)


def _score(problem, answer: str) -> float:
    return rlvr_envs.verify(problem, format_answer(answer, problem.answer_format)).reward


def outputs_of_fitting_programs(library: dict, depth: int, examples, query) -> list:
    """The outputs on ``query`` of every sequence of at most ``depth`` operations of
    ``library`` (name -> function, written in the test from the prompt's wording) that maps
    every example input to its output: a brute force over itertools.product, independent of
    the family's enumeration. An operation that raises does not fit. Distinct outputs, in the
    order found."""
    outputs = []
    for size in range(depth + 1):
        for names in itertools.product(library, repeat=size):
            try:
                if all(_apply(library, names, x) == y for x, y in examples):
                    output = _apply(library, names, query)
                    if output not in outputs:
                        outputs.append(output)
            except (ValueError, IndexError):
                continue
    return outputs


def _apply(library, names, value):
    for name in names:
        value = library[name](value)
    return value
