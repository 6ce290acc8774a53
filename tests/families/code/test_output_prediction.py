"""What ``rlvr/OutputPrediction-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import json

import rlvr_envs
from tests.families.code.helpers import tags, task


# -- output and input prediction -----------------------------------------------------------
def test_output_prediction_accepts_equal_values_written_differently():
    for seed in range(20):
        problem = task("rlvr/OutputPrediction-v0").generate(seed=seed, difficulty=0.5)
        value = problem.meta["output"]
        assert rlvr_envs.verify(problem, tags(json.dumps(value))).correct or isinstance(
            value, (bool, type(None))
        )
        if isinstance(value, list):
            assert rlvr_envs.verify(problem, tags(repr(tuple(value)))).correct
        if isinstance(value, int) and not isinstance(value, bool):
            assert not rlvr_envs.verify(problem, tags(repr(value + 1))).correct
            assert not rlvr_envs.verify(problem, tags(repr(str(value)))).correct
    assert rlvr_envs.verify(problem, tags("__import__('os')")).reason == "unparsable"
