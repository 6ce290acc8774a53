"""Toy task spaces and outcome oracles whose right curriculum is known."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from rlvr_envs.core import Knob, stable_seed
from rlvr_envs.curriculum import Outcome, TaskSpace, TaskSpec, Teacher

PassRate = Callable[[TaskSpace, TaskSpec], float]


def toy_space(envs: int = 2, bins: int = 4) -> TaskSpace:
    """``envs`` unregistered envs, each with one float knob ``x`` in [0, 1]."""
    ids = [f"toy/{chr(65 + i)}-v0" for i in range(envs)]
    return TaskSpace(ids, bins=bins, knobs={i: {"x": Knob("float", 0.0, 1.0)} for i in ids})


def outcomes(space: TaskSpace, specs: list[TaskSpec], pass_rate: PassRate, g: int = 8):
    """Groups of ``g`` rewards drawn at ``pass_rate(spec)``, a pure function of the spec."""
    out = []
    for spec in specs:
        rng = random.Random(stable_seed(spec.to_dict()))
        p = pass_rate(space, spec)
        out.append(Outcome(spec, [1.0 if rng.random() < p else 0.0 for _ in range(g)]))
    return out


def drive(teacher: Teacher, pass_rate: PassRate, batches: int, n: int = 16) -> list[TaskSpec]:
    """Run ``teacher`` against the oracle; returns every spec it proposed."""
    seen = []
    for _ in range(batches):
        specs = teacher.sample(n)
        seen.extend(specs)
        teacher.update(outcomes(teacher.space, specs, pass_rate))
    return seen


@pytest.fixture
def space() -> TaskSpace:
    return toy_space()
