"""What ``rlvr/StringCompose-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import pytest

import rlvr_envs
from tests.families.compose.helpers import _score, _task


def test_partial_credit_reaches_the_reward_only_when_the_env_opts_in():
    from rlvr_envs.families.compose.string_compose import StringCompose

    env_id = "rlvr/TestStringComposePartial-v7"
    if env_id not in rlvr_envs.list_envs():
        rlvr_envs.register(StringCompose, env_id, domain="compose", version=7, partial_credit=True)
    problem = _task(env_id).generate(seed=3, knobs={"depth": 3, "intermediates": True})
    s1, s2 = problem.meta["steps"]
    verdict = _score(problem, f"step 1: {s1}\nstep 2: {s2}\nwrong")
    assert verdict.reward == pytest.approx(2 / 3) and not verdict.correct
