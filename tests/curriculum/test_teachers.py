"""Every teacher on tiny synthetic problems whose right curriculum is known."""

from __future__ import annotations

import json

import numpy as np
import pytest

import rlvr_envs
from rlvr_envs.core import EVAL_SEEDS
from rlvr_envs.curriculum import TEACHERS, TaskSpace, TaskSpec, make_teacher

from .conftest import drive, outcomes, toy_space

ALL = sorted(TEACHERS)
# Teachers that choose by feedback over the whole space (the ladder, ADR and the schedule
# move a frontier from the easy end instead; uniform ignores feedback).
ADAPTIVE = [
    "alp-gmm",
    "balanced-filter",
    "dump",
    "learning-progress",
    "mopps",
    "plr",
    "riac",
    "sec",
    "variance",
]


def solved_first_env(space: TaskSpace, spec: TaskSpec) -> float:
    return 1.0 if spec.env_id == space.env_ids[0] else 0.5


def one_learnable_arm(space: TaskSpace, spec: TaskSpec) -> float:
    d = space.difficulty_of(spec)
    return 0.5 if spec.env_id == space.env_ids[1] and 0.5 <= d < 0.75 else 0.0


def test_every_teacher_is_registered_and_documented():
    expected = {
        "uniform", "schedule", "threshold-ladder", "balanced-filter", "variance", "sec",
        "dump", "learning-progress", "alp-gmm", "riac", "mopps", "plr", "adr",
    }  # fmt: skip
    assert expected <= set(TEACHERS)
    for name, cls in TEACHERS.items():
        assert cls.name == name
        doc = cls.__doc__ or ""
        assert "Rule" in doc and "Source:" in doc, f"{name} must document its rule and source"


@pytest.mark.parametrize("name", ALL)
def test_defaults_sample_valid_specs_on_real_envs(name):
    space = TaskSpace(["rlvr/Arithmetic-v0", "rlvr/LinearEquation-v0", "rlvr/Math-v0"], bins=5)
    teacher = make_teacher(name, space, seed=0)
    specs = drive(teacher, lambda s, spec: 1.0 - s.difficulty_of(spec), batches=6, n=8)
    for spec in specs[-12:]:
        assert spec.env_id in space.env_ids
        assert spec.seed is not None and 0 <= spec.seed < EVAL_SEEDS.start
        if spec.difficulty is not None:
            low, high = space.difficulty_range(spec.env_id)
            assert low <= spec.difficulty <= high
        problem = rlvr_envs.make_task(spec.env_id).generate(spec.seed, spec.difficulty, spec.knobs)
        assert problem.prompt


@pytest.mark.parametrize("name", ADAPTIVE)
def test_stops_sampling_a_solved_env(name):
    teacher = make_teacher(name, toy_space(), seed=1)
    specs = drive(teacher, solved_first_env, batches=150)
    late = specs[-800:]
    share = np.mean([s.env_id == "toy/A-v0" for s in late])
    assert share < 0.35, f"{name} still spends {share:.0%} on a solved env (uniform: 50%)"


@pytest.mark.parametrize("name", ADAPTIVE)
def test_finds_the_one_learnable_arm(name):
    space = toy_space()
    teacher = make_teacher(name, space, seed=2)
    specs = drive(teacher, one_learnable_arm, batches=150)
    target = space.env_arms("toy/B-v0")[2].index
    share = np.mean([space.arm_of(s) == target for s in specs[-800:]])
    assert share > 0.25, f"{name} spends {share:.0%} on the one learnable arm (uniform: 12.5%)"


def test_threshold_ladder_climbs_solved_levels_and_stops_at_the_first_hard_one():
    space = toy_space(envs=1, bins=10)
    teacher = make_teacher("threshold-ladder", space, seed=0)
    specs = drive(teacher, lambda s, spec: 1.0 if spec.difficulty < 0.5 else 0.3, batches=120)
    assert int(teacher.level[0]) == 5
    bins = {space.arm_of(s) for s in specs[-200:]}
    assert bins == {2, 3, 4, 5}  # a sliding window of the last 4 levels


def test_adr_widens_while_the_boundary_is_solved_and_holds_where_it_fails():
    space = toy_space(envs=1)
    teacher = make_teacher("adr", space, seed=0)
    drive(teacher, lambda s, spec: 1.0 if spec.knobs["x"] < 0.5 else 0.0, batches=400)
    assert 0.4 <= teacher.upper[0][0] <= 0.6
    assert teacher.lower[0][0] == 0.0


def test_schedule_moves_from_easy_to_hard_over_its_budget():
    space = toy_space(envs=1)
    teacher = make_teacher("schedule", space, seed=0, budget=1600)
    specs = drive(teacher, lambda s, spec: 0.5, batches=100)
    early = np.mean([s.difficulty for s in specs[:160]])
    late = np.mean([s.difficulty for s in specs[-160:]])
    assert early < 0.1 and late > 0.8


def test_uniform_covers_every_arm_evenly(space):
    specs = drive(make_teacher("uniform", space, seed=0), solved_first_env, batches=100)
    counts = np.bincount([space.arm_of(s) for s in specs], minlength=len(space.arms))
    assert counts.min() > 0.7 * counts.mean()


def _assert_same_from_here(first, second, space):
    """Two teachers (one restored from the other's state) decide alike from here on."""
    for _ in range(20):
        a, b = first.sample(16), second.sample(16)
        assert a == b
        first.update(outcomes(space, a, one_learnable_arm))
        second.update(outcomes(space, b, one_learnable_arm))
    assert json.dumps(first.state_dict()) == json.dumps(second.state_dict())


@pytest.mark.parametrize("name", ALL)
def test_state_dict_round_trip_resumes_identically(name, space):
    first = make_teacher(name, space, seed=3)
    drive(first, one_learnable_arm, batches=30)
    state = json.loads(json.dumps(first.state_dict()))
    second = make_teacher(name, space, seed=99)
    second.load_state_dict(state)
    _assert_same_from_here(first, second, space)


@pytest.mark.parametrize("name", ALL)
def test_same_seed_same_curriculum(name, space):
    runs = [drive(make_teacher(name, space, seed=5), one_learnable_arm, 20) for _ in range(2)]
    assert runs[0] == runs[1]


def test_teachers_learn_from_specs_they_did_not_propose(space):
    teacher = make_teacher("sec", space, seed=0)
    foreign = [TaskSpec("toy/B-v0", difficulty=0.6, seed=i) for i in range(32)]
    teacher.update(outcomes(space, foreign, one_learnable_arm))
    assert teacher.q[space.env_arms("toy/B-v0")[2].index] > 0


def test_unknown_teacher_and_bad_state_are_clear_errors(space):
    with pytest.raises(ValueError, match="unknown teacher 'nope'"):
        make_teacher("nope", space)
    state = make_teacher("sec", space).state_dict()
    with pytest.raises(ValueError, match="state is for teacher 'sec'"):
        make_teacher("dump", space).load_state_dict(state)


def _without_deques(obj):
    """A state as saved before sliding windows were deques: each window a plain list."""
    if isinstance(obj, list):
        return [_without_deques(x) for x in obj]
    if isinstance(obj, dict):
        if "__deque__" in obj:
            return [_without_deques(x) for x in obj["__deque__"]]
        return {k: _without_deques(v) for k, v in obj.items()}
    return obj


@pytest.mark.parametrize("name", ["dump", "learning-progress", "alp-gmm"])
def test_states_with_windows_as_lists_resume_identically(name, space):
    first = make_teacher(name, space, seed=3)
    drive(first, one_learnable_arm, batches=30)
    state = json.loads(json.dumps(first.state_dict()))
    old = _without_deques(state)
    assert old != state  # the teacher keeps at least one window
    second = make_teacher(name, space, seed=99)
    second.load_state_dict(old)
    _assert_same_from_here(first, second, space)


@pytest.mark.parametrize("name", ALL)
def test_update_counts_every_outcome_once(name, space):
    teacher = make_teacher(name, space, seed=0)
    for n in (16, 1, 5):
        before = teacher.episodes
        teacher.update(outcomes(space, teacher.sample(n), one_learnable_arm))
        assert teacher.episodes == before + n
    teacher.update([])
    assert teacher.episodes == 22


@pytest.mark.parametrize("name", ["uniform", "adr", "alp-gmm", "riac"])
def test_a_bad_mode_is_a_clear_error(name, space):
    make_teacher(name, space, mode="knobs")
    make_teacher(name, space, mode="difficulty")
    with pytest.raises(ValueError, match="mode must be 'knobs' or 'difficulty', got 'box'"):
        make_teacher(name, space, mode="box")
