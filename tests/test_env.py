"""The gymnasium adapter: check_env for every id, vector envs, options, multi-turn."""

from __future__ import annotations

import os
import random
import warnings

import gymnasium as gym
import pytest
from gymnasium.utils.env_checker import check_env

import rlvr_envs
from rlvr_envs import Draft, Family, Judgement, Knob
from tests.conftest import ALL_IDS


@pytest.mark.parametrize("env_id", ALL_IDS)
def test_check_env_passes(env_id):
    env = gym.make(env_id, difficulty=0.4)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # any checker warning fails the test
        check_env(env.unwrapped)
    env.close()


@pytest.mark.parametrize("env_id", ALL_IDS)
def test_reset_equals_task_generate(env_id):
    env = gym.make(env_id, difficulty=0.3)
    prompt, info = env.reset(seed=11)
    problem = rlvr_envs.make_task(env_id).generate(seed=11, difficulty=0.3)
    assert prompt == problem.prompt and info["problem"] == problem.to_dict()
    assert info["messages"] == [{"role": "user", "content": problem.prompt}]


def test_options_difficulty_and_knobs_and_system_prompt():
    env = gym.make("rlvr/Arithmetic-v0", difficulty=0.1, system_prompt="Be brief.")
    _, info = env.reset(seed=1, options={"difficulty": 0.9})
    assert info["problem"]["difficulty"] == 0.9
    _, info = env.reset(seed=1, options={"knobs": {"digits": 4, "terms": 5}})
    assert info["problem"]["knobs"]["digits"] == 4 and info["problem"]["difficulty"] is None
    assert info["messages"][0] == {"role": "system", "content": "Be brief."}
    with pytest.raises(ValueError, match="digits"):
        env.reset(seed=1, options={"knobs": {"digits": 99}})
    with pytest.raises(ValueError, match="options"):
        env.reset(seed=1, options={"difficulty": 0.5, "level": 3})


def test_mixture_accepts_member_knobs_and_restricts_to_members_declaring_them():
    env = gym.make("rlvr/Math-v0")
    task = rlvr_envs.make_task("rlvr/Math-v0")
    declaring = {m.family.name for m in task.members if {"digits", "terms"} <= set(m.knob_space)}
    assert "Arithmetic" in declaring and len(declaring) < len(task.members)
    seen = set()
    for seed in range(20):
        _, info = env.reset(seed=seed, options={"knobs": {"digits": 4, "terms": 5}})
        assert info["problem"]["family"] in declaring
        assert info["problem"]["knobs"]["digits"] == 4
        assert info["problem"]["env_id"] == "rlvr/Math-v0"
        seen.add(info["problem"]["family"])
    assert seen == declaring
    with pytest.raises(ValueError, match="no member"):
        env.reset(seed=0, options={"knobs": {"no_such_knob": 1}})


def test_bad_settings_fail_when_the_env_is_made():
    with pytest.raises(ValueError, match="difficulty"):
        gym.make("rlvr/Arithmetic-v0", difficulty=1.5)
    with pytest.raises(ValueError, match="unknown knob"):
        gym.make("rlvr/Arithmetic-v0", knobs={"colour": "red"})
    with pytest.raises(gym.error.Error):
        gym.make("rlvr/NoSuchThing-v0")


def test_single_turn_step_terminates_with_the_verdict():
    env = gym.make("rlvr/Arithmetic-v0", difficulty=0.2)
    env.reset(seed=3)
    obs, reward, terminated, truncated, step_info = env.step("<answer>-123456</answer>")
    assert terminated and not truncated and reward == 0.0 and obs == ""
    assert step_info["verdict"]["reason"] == "wrong"
    assert set(step_info["verdict"]) >= {"reward", "correct", "format_ok", "score", "reason"}


def test_seedless_resets_never_draw_evaluation_seeds():
    env = gym.make("rlvr/Arithmetic-v0")
    env.reset(seed=123)
    seeds = [env.reset()[1]["problem"]["seed"] for _ in range(200)]
    assert all(s < rlvr_envs.EVAL_SEEDS.start for s in seeds)
    assert len(set(seeds)) == 200


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_vector_envs(mode):
    envs = gym.make_vec("rlvr/Math-v0", num_envs=3, vectorization_mode=mode, difficulty=0.2)
    try:
        obs, _ = envs.reset(seed=5)
        single = [rlvr_envs.make_task("rlvr/Math-v0").generate(5 + i, 0.2) for i in range(3)]
        assert list(obs) == [p.prompt for p in single]
        actions = [rlvr_envs.oracle_completion(p) for p in single]
        _, rewards, terminated, _, _ = envs.step(actions)
        assert list(rewards) == [1.0, 1.0, 1.0] and all(terminated)
    finally:
        envs.close()


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_vector_envs_give_each_problem_back_and_their_rewards_are_verify_s(mode):
    env_id, n, difficulty = "rlvr/Math-v0", 4, 0.4  # a mixture: members with other knobs
    task = rlvr_envs.make_task(env_id)
    envs = gym.make_vec(env_id, num_envs=n, vectorization_mode=mode, difficulty=difficulty)
    try:
        for round_, seed in enumerate((11, 230, 4017)):  # several resets: never stale
            obs, info = envs.reset(seed=seed)
            problems = rlvr_envs.problems_from_info(info)
            expected = [task.generate(seed + i, difficulty) for i in range(n)]
            assert problems == expected
            assert list(obs) == [p.prompt for p in expected]
            assert len({p.family for p in problems}) > 1 or round_ < 2
            # right answers for even sub-envs, a wrong one for odd: rewards must differ
            actions = [
                rlvr_envs.oracle_completion(p) if i % 2 == 0 else "<answer>-1.5e3</answer>"
                for i, p in enumerate(problems)
            ]
            _, rewards, terminated, _, step_info = envs.step(actions)
            answered = rlvr_envs.problems_from_info(step_info)
            assert answered == problems
            assert list(rewards) == [
                rlvr_envs.verify(p, a).reward for p, a in zip(answered, actions)
            ]
            assert list(rewards) == [1.0, 0.0, 1.0, 0.0] and all(terminated)
    finally:
        envs.close()


def test_the_gymnasium_under_test_is_the_one_the_test_command_asked_for():
    expected = os.environ.get("RLVR_EXPECT_GYMNASIUM")  # set by scripts/test.sh's floor run
    if expected is None:
        pytest.skip("runs against the pinned gymnasium")
    assert gym.__version__.split(".")[:2] == expected.split(".")[:2], gym.__version__


def test_problems_from_info_takes_a_single_env_s_info_and_refuses_others():
    env = gym.make("rlvr/Quadratic-v0", difficulty=0.3)
    _, info = env.reset(seed=9)
    (problem,) = rlvr_envs.problems_from_info(info)
    assert problem == rlvr_envs.make_task("rlvr/Quadratic-v0").generate(9, 0.3)
    assert problem.to_dict() == info["problem"]
    with pytest.raises(ValueError, match="problem_json"):
        rlvr_envs.problems_from_info({"problem": info["problem"]})


class Guess(Family):
    """A tiny multi-turn family for tests: guess a number with higher/lower feedback."""

    knobs = {"high": Knob("int", 2, 100, default=10)}
    max_turns = 4

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        return Draft(
            f"Guess my number from 1 to {knobs['high']}.", str(rng.randint(1, knobs["high"]))
        )

    def check(self, problem, answer):
        if not answer.strip().isdigit():
            return Judgement.unparsable("not a number")
        return Judgement.right() if answer.strip() == problem.answer else Judgement.wrong()

    def feedback(self, problem, verdict):
        return "higher" if int(verdict.parsed or 0) < int(problem.answer) else "lower"

    def complexity(self, problem):
        return problem.knobs["high"]


def test_users_register_their_own_multi_turn_family():
    env_id = rlvr_envs.register(Guess, "rlvr/TestGuess", domain="logic", version=3)
    assert env_id == "rlvr/TestGuess-v3" and env_id in rlvr_envs.list_envs("logic")
    with pytest.raises(ValueError, match="already registered"):
        rlvr_envs.register(Guess, "rlvr/TestGuess", domain="logic", version=3)
    env = gym.make(env_id, knobs={"high": 100})
    _, info = env.reset(seed=0)
    secret = int(info["problem"]["answer"])
    wrong = 1 if secret != 1 else 2
    obs, reward, terminated, _, info = env.step(f"<answer>{wrong}</answer>")
    assert not terminated and reward == 0.0 and obs in ("higher", "lower")
    assert [m["role"] for m in info["messages"]] == ["user", "assistant", "user"]
    obs, reward, terminated, truncated, _ = env.step(f"<answer>{secret}</answer>")
    assert terminated and not truncated and reward == 1.0
    with pytest.raises(RuntimeError, match="reset"):
        env.step("<answer>1</answer>")
    # attempts run out: gymnasium calls that truncated, not terminated
    env = gym.make(env_id, knobs={"high": 100}, max_turns=2)
    env.reset(seed=0)
    for turn in (1, 2):
        _, _, terminated, truncated, info = env.step(f"<answer>{wrong}</answer>")
        assert not terminated and truncated == (turn == 2) and info["turn"] == turn
    with pytest.raises(RuntimeError, match="reset"):
        env.step(f"<answer>{secret}</answer>")
