"""What ``rlvr/InputPrediction-v0`` and ``-v1`` must do beyond the generic family contract."""

from __future__ import annotations

import random

import rlvr_envs
from rlvr_envs.families.code import _programs
from tests.families.code.helpers import tags, task


def test_input_prediction_accepts_any_input_with_the_target_output():
    found = 0
    for seed in range(30):
        problem = task("rlvr/InputPrediction-v0").generate(seed=seed, difficulty=0.3)
        program = _programs.Program.from_json(problem.meta["program"])
        target = problem.meta["output"]
        rng = random.Random(seed)
        candidates = [_programs.random_input(rng, program.domain, 6) for _ in range(300)]
        other = [v for v in candidates if repr(v) != problem.answer and program(v) == target]
        wrong = [v for v in candidates if program(v) != target]
        if other:  # a second, different input with the same output is right too
            assert rlvr_envs.verify(problem, tags(repr(other[0]))).correct
            found += 1
        assert not rlvr_envs.verify(problem, tags(repr(wrong[0]))).correct
    assert found >= 3


def test_input_prediction_rejects_wrong_and_malformed_inputs():
    problem = task("rlvr/InputPrediction-v0").generate(seed=4, difficulty=0.5)
    program = _programs.Program.from_json(problem.meta["program"])
    bad = {"list": "'not a list'", "text": "[1, 2]", "number": "'7'", "dict": "[1]"}
    assert rlvr_envs.verify(problem, tags(bad[program.domain])).reason == "unparsable"
    assert rlvr_envs.verify(problem, tags("[" * 500)).reason == "unparsable"
    huge = rlvr_envs.verify(problem, tags(repr(list(range(5000)))))
    assert not huge.correct


def test_v1_never_draws_a_target_the_program_maps_to_itself_and_v0_did():
    def fixed(problem) -> bool:
        program = _programs.Program.from_json(problem.meta["program"])
        target = problem.meta["output"]
        try:
            return program(target) == target
        except Exception:  # not an input of the program
            return False

    v0 = [
        fixed(task("rlvr/InputPrediction-v0").generate(seed=s, difficulty=0.3)) for s in range(60)
    ]
    v1 = [
        fixed(task("rlvr/InputPrediction-v1").generate(seed=s, difficulty=0.3)) for s in range(60)
    ]
    assert any(v0) and not any(v1)  # v0 generates what it first released
