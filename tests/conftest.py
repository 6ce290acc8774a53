"""Shared fixtures: the registered ids, and a hypothesis profile that is stable in CI."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

import rlvr_envs
from rlvr_envs import core
from tests.timing import wall_budget

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


@pytest.fixture(autouse=True)
def _verify_limit_scaled_by_load(monkeypatch):
    """verify's default limit is a wall-clock kill: here it is scaled by the machine's load
    per core (tests/timing.py), so that a right answer whose check needs a second of CPU is
    not timed out because other processes hold the cores. Tests of the limit itself pass
    their own timeout."""
    scaled = wall_budget(core.DEFAULT_TIMEOUT)
    monkeypatch.setattr(core, "DEFAULT_TIMEOUT", scaled)
    token = core._verify_timeout.set(scaled)
    yield
    core._verify_timeout.reset(token)


@pytest.fixture
def verify_budgets(monkeypatch):
    """The wall-clock limit every check ran under, as the verifier saw it
    (``core.verify_timeout()`` inside ``verify``), in call order: where a bridge passes a
    caller's timeout, that value shows up here."""
    from rlvr_envs import registry

    seen: list[float] = []
    real = registry._verify

    def spy(problem, family, completion):
        seen.append(core.verify_timeout())
        return real(problem, family, completion)

    monkeypatch.setattr(registry, "_verify", spy)
    return seen


@pytest.fixture(scope="session")
def tasks():
    return {env_id: rlvr_envs.make_task(env_id) for env_id in ALL_IDS}
