"""verl on rlvr-envs: data files in verl's schema and its custom reward function.

::

    rlvr export math-v1 --format verl --n 20000 --out data/math   # train.parquet, eval.parquet

    # verl config (ppo_trainer / GRPO):
    data.train_files=data/math/train.parquet data.val_files=data/math/eval.parquet
    reward.custom_reward_function.path=<site-packages>/rlvr_envs/integrations/verl.py
    reward.custom_reward_function.name=compute_score
    +reward.custom_reward_function.reward_kwargs.verify_timeout=10   # optional; seconds

A row is what verl's ``RLHFDataset`` reads: ``data_source`` (``rlvr-envs``), ``prompt``
(chat messages), ``ability`` (the env's domain), ``reward_model`` (``{"style": "rule",
"ground_truth": <the problem as JSON>}``) and ``extra_info`` (``index``, ``split``,
``env_id``, ``difficulty``). verl calls :func:`compute_score` with the decoded response as
``solution_str`` and the row's ``ground_truth``, in its reward worker processes; everything
it needs is in those arguments.

This module imports nothing beyond rlvr_envs; verl itself is never imported here.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable
from typing import Any

from rlvr_envs.chat import chat_messages
from rlvr_envs.core import Problem

DATA_SOURCE = "rlvr-envs"


def compute_score(
    data_source: str | None = None,
    solution_str: str = "",
    ground_truth: str | dict[str, Any] | None = None,
    extra_info: dict[str, Any] | None = None,
    verify_timeout: float | None = None,
    **kwargs: Any,
) -> dict[str, float]:
    """verl's ``custom_reward_function``: the verifier's verdict on ``solution_str`` for the
    problem in ``ground_truth`` (its JSON, as :func:`verl_row` writes it). Returns
    ``{"score", "correct", "format_ok"}`` as floats (verl logs the extra keys).

    ``verify_timeout`` is the check's wall-clock limit in seconds (``rlvr_envs.verify``'s
    ``timeout``; None keeps the default); verl passes it from
    ``reward.custom_reward_function.reward_kwargs.verify_timeout``."""
    from rlvr_envs.registry import verify

    if ground_truth is None:
        raise ValueError("compute_score needs ground_truth: the problem's JSON (rlvr export)")
    data = json.loads(ground_truth) if isinstance(ground_truth, str) else ground_truth
    verdict = verify(Problem.from_dict(data), solution_str or "", timeout=verify_timeout)
    return {
        "score": float(verdict.reward),
        "correct": float(verdict.correct),
        "format_ok": float(verdict.format_ok),
    }


def verl_row(
    problem: Problem, index: int, split: str, *, domain: str, system_prompt: str | None = None
) -> dict[str, Any]:
    """One row of verl's RL dataset schema for ``problem``."""
    return {
        "data_source": DATA_SOURCE,
        "prompt": chat_messages(problem.prompt, system_prompt),
        "ability": domain,
        "reward_model": {
            "style": "rule",
            "ground_truth": json.dumps(problem.to_dict(), sort_keys=True),
        },
        "extra_info": {
            "index": index,
            "split": split,
            "env_id": problem.env_id,
            "difficulty": problem.difficulty,
        },
    }


def verl_rows(
    problems: Iterable[Problem], split: str, *, system_prompt: str | None = None
) -> Iterable[dict[str, Any]]:
    """Rows for ``problems``, indexed in order."""
    for index, problem in enumerate(problems):
        yield verl_row(
            problem, index, split, domain=domain_of(problem.env_id), system_prompt=system_prompt
        )


@functools.cache
def domain_of(env_id: str) -> str:
    """The domain an env id is registered in (verl's ``ability`` column)."""
    from rlvr_envs.registry import make_task

    return make_task(env_id).domain
