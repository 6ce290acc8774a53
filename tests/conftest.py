"""Shared fixtures: the registered ids, and a hypothesis profile that is stable in CI."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

import rlvr_envs

settings.register_profile(
    "ci",
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile("dev", deadline=None, max_examples=50)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

ALL_IDS = rlvr_envs.list_envs()
FAMILY_IDS = rlvr_envs.list_envs(mixtures=False)
MATH_IDS = rlvr_envs.list_envs(domain="math", mixtures=False)
DIFFICULTIES = (0.0, 0.25, 0.5, 0.75, 1.0)


@pytest.fixture(scope="session")
def tasks():
    return {env_id: rlvr_envs.make_task(env_id) for env_id in ALL_IDS}
