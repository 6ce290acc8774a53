"""What holds for the whole data domain beyond the generic family contract: its frozen
mixture, the constant-answer bar of issue 29 (the best fixed answer earns at most 0.10 at
difficulty 0.5), random knob combinations that generate solvable problems, and the suite.
Tests of one family are in test_<family module>.py beside this module."""

from __future__ import annotations

import random

import pytest

import rlvr_envs
from rlvr_envs.audit import best_constant_answer
from rlvr_envs.families.data import DATA_V0

DATA_IDS = rlvr_envs.list_envs(domain="data", mixtures=False)


def test_the_mixture_holds_every_family_and_is_frozen():
    assert len(DATA_V0) >= 20 and len(set(DATA_V0)) == len(DATA_V0)
    assert sorted(DATA_V0) == DATA_IDS
    task = rlvr_envs.make_task("rlvr/Data-v0")
    assert [m.env_id for m in task.members] == DATA_V0
    seen = {task.generate(seed=s).family for s in range(400)}
    assert seen == {rlvr_envs.make_task(i).family.name for i in DATA_V0}


@pytest.mark.parametrize("env_id", DATA_IDS)
def test_no_constant_answer_earns_more_than_a_tenth(env_id):
    audit = best_constant_answer(env_id, difficulty=0.5, problems=60)
    assert audit.reward <= 0.10, audit


@pytest.mark.parametrize("env_id", DATA_IDS)
def test_random_combinations_of_knob_values_generate_solvable_problems(env_id):
    task = rlvr_envs.make_task(env_id)
    rng = random.Random(env_id)
    for trial in range(15):
        knobs = {}
        for name, knob in task.knob_space.items():
            if knob.type == "int":
                low, high = int(knob.low), int(knob.high)
                knobs[name] = rng.choice([low, high, rng.randint(low, high)])
            elif knob.type == "float":
                knobs[name] = rng.choice([knob.low, knob.high, rng.uniform(knob.low, knob.high)])
            else:
                knobs[name] = rng.choice(list(knob.choices))
        problem = task.generate(seed=trial, knobs=knobs)
        verdict = rlvr_envs.verify(problem, rlvr_envs.oracle_completion(problem))
        assert verdict.reward == 1.0, (knobs, verdict)


def test_the_suite_covers_the_mixture_and_its_eval_set_loads():
    suite = rlvr_envs.load_suite("data-v0")
    assert [row.id for row in suite.envs] == DATA_V0
    frozen = suite.load_eval_set()
    assert len(frozen) == 8 * len(DATA_V0)
    assert all(p.seed >= rlvr_envs.EVAL_SEEDS.start for p in frozen)
