"""rlvr-envs: procedurally generated, verifiable RL environments for language models.

``import rlvr_envs`` registers every ``rlvr/*`` id with gymnasium::

    import gymnasium as gym
    import rlvr_envs

    env = gym.make("rlvr/Math-v0", difficulty=0.3)
    prompt, info = env.reset(seed=7)

    task = rlvr_envs.make_task("rlvr/LinearEquation-v0")
    problem = task.generate(seed=3, difficulty=0.5)
    verdict = rlvr_envs.verify(problem, "<answer>4</answer>")

sympy loads on first use and this module never imports torch; networkx is not a dependency
(only the tests and benchmarks use it, as the reference oracle of the graph families).
"""

from __future__ import annotations

from typing import Any

from rlvr_envs import env as _gymnasium_adapter  # noqa: F401  (gymnasium ids, see below)
from rlvr_envs.core import (
    EVAL_SEEDS,
    TRAIN_SEEDS,
    Draft,
    Episode,
    Family,
    IllegalMove,
    InteractiveFamily,
    Judgement,
    Knob,
    Problem,
    Turn,
    Verdict,
)
from rlvr_envs.registry import (
    DOMAINS,
    Responder,
    Task,
    family_for,
    list_envs,
    make_task,
    oracle_completion,
    register,
    register_mixture,
    respond,
    verify,
    verify_batch,
)

__version__ = "0.1.0"

__all__ = [
    "DOMAINS",
    "EVAL_SEEDS",
    "TRAIN_SEEDS",
    "Draft",
    "Episode",
    "Family",
    "IllegalMove",
    "InteractiveFamily",
    "Judgement",
    "Knob",
    "Problem",
    "Responder",
    "Task",
    "Turn",
    "Verdict",
    "family_for",
    "list_envs",
    "load_suite",
    "make_task",
    "oracle_completion",
    "problems_from_info",
    "register",
    "register_mixture",
    "respond",
    "verify",
    "verify_batch",
]


def __getattr__(name: str) -> Any:
    if name == "load_suite":
        from rlvr_envs.suites import load_suite

        return load_suite
    if name == "problems_from_info":
        from rlvr_envs.env import problems_from_info

        return problems_from_info
    raise AttributeError(f"module 'rlvr_envs' has no attribute {name!r}")


list_envs()  # registers every built-in id, with gymnasium too (rlvr_envs.env listens)
