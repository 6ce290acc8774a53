"""Task spaces: knobs from the registry or declared, difficulty ranges, arms, specs."""

from __future__ import annotations

import json

import numpy as np
import pytest

from rlvr_envs.core import EVAL_SEEDS, Knob
from rlvr_envs.curriculum import Outcome, TaskSpace, TaskSpec
from rlvr_envs.curriculum.space import group_mean_abs_advantage


def test_knobs_come_from_the_families():
    space = TaskSpace(["rlvr/Arithmetic-v0", "rlvr/LinearEquation-v0"])
    assert [d.name for d in space.dims("rlvr/Arithmetic-v0")] == ["terms", "digits", "operators"]
    assert len(space.arms) == 2 * space.bins
    assert space.env_arms("rlvr/LinearEquation-v0")[0].index == space.bins


def test_declared_knobs_and_difficulty_ranges():
    space = TaskSpace(
        ["sim/A-v0"],
        bins=4,
        knobs={"sim/A-v0": {"n": Knob("int", 1, 9), "op": Knob("categorical", choices=("+", "*"))}},
        difficulty=(0.2, 0.6),
    )
    assert space.difficulty_range("sim/A-v0") == (0.2, 0.6)
    arms = space.env_arms("sim/A-v0")
    assert (arms[0].low, arms[-1].high) == pytest.approx((0.2, 0.6))
    assert space.arm_of(TaskSpec("sim/A-v0", difficulty=0.55)) == 3
    with pytest.raises(ValueError, match=r"not registered|unknown env id"):
        TaskSpace(["sim/B-v0"])


@pytest.mark.parametrize("u", [0.0, 0.3, 0.7, 1.0])
def test_box_coordinates_round_trip_through_knob_values(u):
    space = TaskSpace(["rlvr/Arithmetic-v0"])
    spec = space.spec_at("rlvr/Arithmetic-v0", [u, u, u], seed=1)
    again = space.spec_at("rlvr/Arithmetic-v0", space.point(spec), seed=1)
    assert again == spec
    assert all(0.0 <= x <= 1.0 for x in space.point(spec))


def test_reversed_knobs_are_easy_to_hard():
    space = TaskSpace(["rlvr/Sequences-v0"])  # `shown` goes from 7 (easy) down to 4 (hard)
    shown = next(d for d in space.dims("rlvr/Sequences-v0") if d.name == "shown")
    assert shown.value(0.0) == 7 and shown.value(1.0) == 4
    assert shown.coord(7) < shown.coord(4)


def test_difficulty_of_a_knob_spec_grows_with_its_knobs():
    space = TaskSpace(["rlvr/Arithmetic-v0"])
    easy = space.spec_at("rlvr/Arithmetic-v0", [0.1, 0.1, 0.1])
    hard = space.spec_at("rlvr/Arithmetic-v0", [0.9, 0.9, 0.9])
    assert space.difficulty_of(easy) < space.difficulty_of(hard)
    assert space.arm_of(easy) < space.arm_of(hard)


def test_from_suite_reads_ids_ranges_and_weights():
    space = TaskSpace.from_suite("math-v0")
    assert len(space) == 13 and len(space.arms) == 130
    assert json.loads(json.dumps(space.to_dict()))["bins"] == 10


def test_seeds_are_training_seeds():
    space = TaskSpace(["rlvr/Arithmetic-v0"])
    rng = np.random.default_rng(0)
    assert all(0 <= space.sample_seed(rng) < EVAL_SEEDS.start for _ in range(100))


def test_specs_and_outcomes_round_trip_through_json():
    spec = TaskSpec("rlvr/Arithmetic-v0", knobs={"digits": 3}, seed=4)
    outcome = Outcome(spec, [1.0, 0.0, 1.0, 1.0], advantages=None, problem={"a": 1})
    again = Outcome.from_dict(json.loads(json.dumps(outcome.to_dict())))
    assert again == outcome and again.spec.key() == spec.key()
    assert outcome.mean_reward == 0.75


def test_mean_abs_advantage_is_zero_for_equal_rewards_and_largest_at_one_half():
    assert group_mean_abs_advantage([1.0] * 8) == 0.0
    assert group_mean_abs_advantage([0.0] * 8) == 0.0
    half = group_mean_abs_advantage([1.0] * 4 + [0.0] * 4)
    assert half == pytest.approx(1.0)
    assert group_mean_abs_advantage([1.0] * 7 + [0.0]) < half
    assert Outcome(TaskSpec("x"), [1.0, 0.0], advantages=[2.0, -2.0]).mean_abs_advantage == 2.0


def test_fast_difficulty_coordinates_match_the_knob_map():
    import rlvr_envs

    space = TaskSpace(rlvr_envs.list_envs())
    for env_id in space.env_ids:
        for dim in space.dims(env_id):
            for d in np.linspace(0, 1, 41):
                assert dim.coord_at(d) == pytest.approx(dim.coord(dim.knob.at(float(d))))
