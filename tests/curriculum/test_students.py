"""Simulated students learn like GRPO, in miniature, with a known ground truth."""

from __future__ import annotations

import time

import numpy as np
import pytest

from rlvr_envs.curriculum import TaskSpec
from rlvr_envs.curriculum.scenarios import SCENARIOS, held_out_specs
from rlvr_envs.curriculum.students import SimulatedStudent, Skill, StudentConfig

from .conftest import toy_space


def student(skills, **config) -> SimulatedStudent:
    space = toy_space(envs=len(skills))
    return SimulatedStudent(space, skills, seed=0, config=StudentConfig(**config))


def at(env: str, d: float, seed: int = 1) -> TaskSpec:
    return TaskSpec(env, knobs={"x": d}, seed=seed)


def test_success_falls_with_difficulty():
    s = student([Skill((1.0,), reach=0.5)])
    p = s.success_probability([at("toy/A-v0", d) for d in (0.1, 0.5, 0.9)])
    assert p[0] > 0.9 > p[1] > 0.1 > p[2]


def test_groups_whose_rewards_agree_teach_nothing():
    s = student([Skill((1.0,), reach=0.5)], problem_noise=0.0)
    changed = {True: 0, False: 0}
    for i in range(200):
        before = s.logits.copy()
        (outcome,) = s.train([at("toy/A-v0", 0.3 + 0.4 * (i % 2), seed=i)])
        flat = min(outcome.rewards) == max(outcome.rewards)
        assert flat == np.array_equal(before, s.logits)
        changed[flat] += 1
    assert changed[True] and changed[False]


def test_learning_is_largest_at_intermediate_pass_rates():
    gains = {}
    for d in (0.5, 0.3):  # pass rate ~1/2 vs ~0.92 at the start
        s = student([Skill((1.0,), reach=0.5)], problem_noise=0.0)
        spec = at("toy/A-v0", d)
        start = s.logits.copy()
        for i in range(100):
            s.train([at("toy/A-v0", d, seed=i)])
        gains[d] = float(s._skill_logit(np.array([0]), np.array([d]))[0]) - float(
            np.interp(d, s.centres, start[0])
        )
        assert s.success_probability([spec])[0] > 0
    assert gains[0.5] > 2 * gains[0.3]


def test_learning_transfers_to_nearby_difficulty_more_than_far():
    s = student([Skill((1.0,), reach=0.3)], problem_noise=0.0)
    before = s.success_probability([at("toy/A-v0", d) for d in (0.45, 0.9)])
    for i in range(300):
        s.train([at("toy/A-v0", 0.35, seed=i)])
    after = s.success_probability([at("toy/A-v0", d) for d in (0.45, 0.9)])
    assert after[0] - before[0] > 5 * (after[1] - before[1])


def test_beyond_the_ceiling_nothing_is_learned():
    s = student([Skill((1.0,), reach=0.2, ceiling=0.4)])
    for i in range(300):
        s.train([at("toy/A-v0", 0.8, seed=i)])
    assert s.success_probability([at("toy/A-v0", 0.8)])[0] < 0.01


def test_a_composed_skill_needs_its_parts():
    skills = [Skill((1.0,), reach=0.3), Skill((1.0,), reach=1.0, parts=(0,))]
    s = student(skills, problem_noise=0.0)
    part, whole = s.success_probability([at("toy/A-v0", 0.4), at("toy/B-v0", 0.4)])
    assert whole <= part < 0.3
    for i in range(400):
        s.train([at("toy/A-v0", 0.4, seed=i)])  # practise the part only
    part2, whole2 = s.success_probability([at("toy/A-v0", 0.4), at("toy/B-v0", 0.4)])
    assert part2 > part and whole2 > whole + 0.2


def test_forgetting_pulls_skills_back_to_their_start():
    s = student([Skill((1.0,), reach=0.3), Skill((1.0,), reach=0.3)], forgetting=2e-3)
    for i in range(200):
        s.train([at("toy/A-v0", 0.35, seed=i)])
    trained = s.success_probability([at("toy/A-v0", 0.35)])[0]
    for i in range(1000):
        s.train([at("toy/B-v0", 0.0, seed=i)])  # practice elsewhere only
    assert s.success_probability([at("toy/A-v0", 0.35)])[0] < trained - 0.1


def test_repeating_one_problem_teaches_less_each_time():
    fresh, repeated = (student([Skill((1.0,), reach=0.5)], problem_noise=0.0) for _ in range(2))
    for i in range(60):
        fresh.train([at("toy/A-v0", 0.5, seed=i)])
        repeated.train([at("toy/A-v0", 0.5, seed=0)])
    spec = at("toy/A-v0", 0.6)
    assert fresh.success_probability([spec])[0] > repeated.success_probability([spec])[0]


def test_same_seed_same_student():
    runs = []
    for _ in range(2):
        s = student([Skill((1.0,), reach=0.5)])
        rewards = [o.rewards for i in range(50) for o in s.train([at("toy/A-v0", 0.5, seed=i)])]
        runs.append((rewards, s.logits.tolist()))
    assert runs[0] == runs[1]


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_scenarios_give_every_teacher_the_same_student(name):
    from rlvr_envs.curriculum import TaskSpace

    space = TaskSpace.from_suite("math-v0")
    a, b = (SCENARIOS[name].make_student(space, seed=3) for _ in range(2))
    assert a.skills == b.skills and np.array_equal(a.initial, b.initial)
    test = held_out_specs(space, 8)
    assert 0.0 <= a.evaluate(test) <= a.best_possible(test) <= 1.0


def test_infeasible_and_trivial_scenarios_are_what_they_say():
    from rlvr_envs.curriculum import TaskSpace

    space = TaskSpace.from_suite("math-v0")
    test = held_out_specs(space)
    hard = SCENARIOS["infeasible"].make_student(space, 0)
    easy = SCENARIOS["trivial"].make_student(space, 0)
    assert hard.best_possible(test) < 0.25
    assert easy.evaluate(test) > 0.6


@pytest.mark.slow
def test_at_least_ten_thousand_student_steps_per_second():
    from rlvr_envs.curriculum import TaskSpace, make_teacher

    space = TaskSpace.from_suite("math-v0")
    s = SCENARIOS["mixed"].make_student(space, 0)
    batches = [make_teacher("uniform", space, seed=i).sample(32) for i in range(100)]
    start = time.process_time()  # CPU time: the rate holds on a busy machine
    for specs in batches:
        s.train(specs)
    rate = 3200 / max(time.process_time() - start, 1e-9)
    assert rate >= 10_000, f"{rate:,.0f} student-steps/s"


def test_hardness_of_a_spec_is_the_weighted_knob_point():
    from rlvr_envs.curriculum import TaskSpace

    space = TaskSpace.from_suite("math-v0")
    s = SCENARIOS["irrelevant"].make_student(space, 0)
    specs = [TaskSpec(e, difficulty=d, seed=1) for e in space.env_ids for d in (0.0, 0.37, 1.0)]
    specs += [space.spec_at(e, [0.2, 0.9, 0.5, 0.7][: len(space.dims(e))]) for e in space.env_ids]
    _, hard, _ = s.locate(specs)
    expected = [np.dot(s.skills[space.env_index(x.env_id)].weights, space.point(x)) for x in specs]
    assert hard == pytest.approx(expected)
