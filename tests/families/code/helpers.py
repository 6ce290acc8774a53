"""Helpers the code families' tests share."""

from __future__ import annotations

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


def assert_only_the_efficient_program_finishes(
    env_id: str, naive: str, solution: str, seed: int = 2, difficulty: float = 0.6
) -> None:
    """``naive`` passes without a large input and times out on it; ``solution`` passes."""
    small = task(env_id).generate(seed=seed, difficulty=difficulty, knobs={"scale": 0})
    assert rlvr_envs.verify(small, code(naive)).correct
    large = task(env_id).generate(seed=seed, difficulty=difficulty, knobs={"scale": 1})
    verdict = rlvr_envs.verify(large, code(naive))
    assert not verdict.correct and verdict.reason == "timeout"
    assert rlvr_envs.verify(large, code(solution)).correct
