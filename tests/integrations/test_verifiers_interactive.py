"""The verifiers taskset on an interactive env (issue 28). Runs only in the venv
``scripts/verifiers_test.sh`` builds (verifiers 0.4 and the taskset package); skipped here.

An interactive episode's reward is the episode's verdict (every move replayed), which
``RlvrEnv.run`` records turn by turn with :func:`rlvr_envs_taskset.taskset.keep_verdict`;
the task's reward reads it back instead of scoring the last reply alone."""

from __future__ import annotations

import asyncio
import os
from types import SimpleNamespace

import pytest

if os.environ.get("RLVR_REQUIRE_VERIFIERS") == "1":  # scripts/verifiers_test.sh: broken fails
    import rlvr_envs_taskset  # noqa: F401
    import verifiers.v1  # noqa: F401
else:
    pytest.importorskip("verifiers.v1")
    pytest.importorskip("rlvr_envs_taskset")

from rlvr_envs_taskset import RlvrConfig, RlvrTaskset
from rlvr_envs_taskset.taskset import keep_verdict

import rlvr_envs
from rlvr_envs import Problem

ENV = "rlvr/GuessTheNumber-v0"


def test_an_interactive_task_s_reward_is_the_episode_s_verdict():
    (task,) = list(RlvrTaskset(RlvrConfig(id="rlvr-envs-taskset", envs=[ENV], n=1, seed=5)))
    problem = Problem.from_dict(task.data.info["problem"])
    assert task.data.info["max_turns"] == rlvr_envs.family_for(problem).max_turns
    replies = [f"<answer>{move}</answer>" for move in problem.answer.split("; ")]
    turn = rlvr_envs.respond(problem, replies)
    assert turn.terminated and turn.verdict.reward == 1.0
    trace = SimpleNamespace(last_reply=replies[-1], info={})
    keep_verdict(trace, turn.verdict, replies[-1])
    assert asyncio.run(task.rlvr_reward(trace)) == 1.0  # the last move alone would not win
    alone = rlvr_envs.verify(problem, replies[-1])
    assert len(replies) == 1 or alone.reward == 0.0
