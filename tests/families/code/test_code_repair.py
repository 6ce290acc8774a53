"""What ``rlvr/CodeRepair-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import gymnasium as gym

from tests.families.code.helpers import code


# -- multi-turn repair and set-up ----------------------------------------------------------
def test_code_repair_feedback_shows_the_failing_test_then_accepts_a_fix():
    env = gym.make("rlvr/CodeRepair-v0", difficulty=0.3)
    _, info = env.reset(seed=5)
    problem = info["problem"]
    fn = problem["meta"]["hidden_tests"][0]["fn"]
    obs, reward, terminated, _, info = env.step(code(f"def {fn}(x):\n    return 12345\n"))
    assert reward == 0.0 and not terminated
    failure = info["verdict"]["details"]["failure"]
    assert failure["input"] in obs and "12345" in obs and failure["expected"] in obs
    obs, reward, terminated, _, info = env.step(code(f"def {fn}(x):\n    raise KeyError(7)\n"))
    assert "KeyError" in obs and not terminated
    _, reward, terminated, _, _ = env.step(code(problem["answer"]))
    assert reward == 1.0 and terminated


def test_code_repair_stops_after_max_turns():
    env = gym.make("rlvr/CodeRepair-v0")
    env.reset(seed=1)
    for turn in range(3):
        _, _, terminated, truncated, _ = env.step("no code here")
        assert not terminated and truncated == (turn == 2)  # out of attempts: truncated
