"""What ``rlvr/Efficiency-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import random

import pytest

import rlvr_envs
from rlvr_envs.families.code import efficiency
from tests.families.code.helpers import code, task


# -- efficiency ----------------------------------------------------------------------------
# count_inversions and distinct_in_windows once had large inputs whose naive solution took
# 1.6-1.9 s of CPU on a fast machine: under the 2 s limit, so it scored 1 there
@pytest.mark.parametrize(
    "name", ["count_pairs_with_sum", "count_inversions", "distinct_in_windows"]
)
def test_the_naive_solution_is_too_slow_and_the_intended_one_passes(name):
    template = efficiency.BY_NAME[name]
    efficiency_task = task("rlvr/Efficiency-v0")
    seed = next(
        s
        for s in range(200)
        if efficiency_task.generate(seed=s, knobs={"tier": template.tier, "scale": 1}).meta[
            "template"
        ]
        == name
    )
    problem = efficiency_task.generate(seed=seed, knobs={"tier": template.tier, "scale": 1})
    naive = rlvr_envs.verify(problem, code(template.naive))
    assert not naive.correct and naive.reason == "timeout"
    assert naive.details["passed"] == naive.details["total"] - 1  # right on the small ones
    assert rlvr_envs.verify(problem, code(template.oracle)).correct


def test_every_efficiency_template_has_its_intended_solution_right():
    rng = random.Random(0)
    for template in efficiency.TEMPLATES:
        namespace: dict = {}
        exec(compile(template.oracle, template.name, "exec"), namespace)  # our own code
        for _ in range(20):
            args = template.small(rng)
            assert namespace[template.name](*args) == template.solve(*args), template.name
