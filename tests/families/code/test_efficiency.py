"""What ``rlvr/Efficiency-v0`` and ``-v1`` must do beyond the generic family contract."""

from __future__ import annotations

import random

import pytest

import rlvr_envs
from rlvr_envs.families.code import efficiency
from tests.families.code.helpers import code, task


# -- efficiency ----------------------------------------------------------------------------
# count_inversions and distinct_in_windows once had large inputs whose naive solution took
# 1.6-1.9 s of CPU on a fast machine: under the 2 s limit, so it scored 1 there. v0 still
# generates them and grades on a larger input; v1 generates the larger input.
@pytest.mark.parametrize("env_id", ["rlvr/Efficiency-v0", "rlvr/Efficiency-v1"])
@pytest.mark.parametrize(
    "name", ["count_pairs_with_sum", "count_inversions", "distinct_in_windows"]
)
def test_the_naive_solution_is_too_slow_and_the_intended_one_passes(name, env_id):
    template = efficiency.BY_NAME[name]
    efficiency_task = task(env_id)
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


@pytest.mark.parametrize("name", sorted(efficiency.RELEASED_LARGE))
def test_v0_keeps_its_released_inputs_and_grades_on_a_larger_one(name):
    template = efficiency.BY_NAME[name]
    knobs = {"tier": template.tier, "scale": 1}
    v0, v1 = task("rlvr/Efficiency-v0"), task("rlvr/Efficiency-v1")
    seed = next(s for s in range(200) if v0.generate(seed=s, knobs=knobs).meta["template"] == name)
    problem = v0.generate(seed=seed, knobs=knobs)
    stored = problem.meta["hidden_tests"][-1]["args"]
    graded = v0.family.hidden_tests(problem)[-1]["args"]
    assert len(stored[0]) < len(graded[0])  # as released in the problem, larger when graded
    assert graded == v0.family.hidden_tests(problem)[-1]["args"]  # the same every time
    later = next(s for s in range(200) if v1.generate(seed=s, knobs=knobs).meta["template"] == name)
    newer = v1.generate(seed=later, knobs=knobs).meta["hidden_tests"][-1]["args"]
    assert len(newer[0]) == len(graded[0]) and v1.family.hidden_tests(problem) != graded
