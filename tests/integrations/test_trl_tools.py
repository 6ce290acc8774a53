"""TRL's multi-turn path (``environment_factory``) on rlvr envs, with a teacher in the loop.

The model is tiny and scripted (tests/integrations/tool_model.py): it answers through the
``submit_answer`` tool, right at once, wrong then right after the feedback, or wrong on
every attempt, chosen at random per rollout, so TRL's real tool loop, our environment and
our reward functions are what is under test.
"""

from __future__ import annotations

import json

import pytest

import rlvr_envs
from rlvr_envs.integrations.trl import TRLEnvironment, correctness_reward, format_reward

WRONG_CODE = "```python\ndef nothing():\n    return None\n```"


def _problem(env_id: str = "rlvr/CodeRepair-v0", seed: int = 3) -> rlvr_envs.Problem:
    return rlvr_envs.make_task(env_id).generate(seed, difficulty=0.0)


def _row(problem: rlvr_envs.Problem) -> dict:
    from rlvr_envs.integrations.trl import problem_row

    return problem_row(problem)


def test_an_episode_grades_each_answer_and_gives_the_familys_feedback():
    problem = _problem()
    env = TRLEnvironment()
    instructions = env.reset(**_row(problem))
    assert "submit_answer" in instructions and "3 attempts" in instructions
    first = env.submit_answer(WRONG_CODE)
    expected_hint = rlvr_envs.family_for(problem).feedback(problem, env.attempts[0])
    assert first.startswith("Wrong.") and expected_hint in first and "2 attempts left" in first
    right = rlvr_envs.oracle_completion(problem)
    assert env.submit_answer(right) == "Correct."
    assert env.submit_answer(WRONG_CODE).startswith("The episode is over")  # not graded
    assert [v.correct for v in env.attempts] == [False, True]
    (reward,) = correctness_reward(completions=[[]], problem=[_row(problem)["problem"]],
                                   environments=[env])  # fmt: skip
    assert reward == 1.0  # the episode's verdict, not the (empty) completion text's


def test_the_episode_verdict_is_the_last_attempt_or_no_answer():
    problem = _problem()
    row = _row(problem)
    env = TRLEnvironment(max_turns=2)
    env.reset(**row)
    got = correctness_reward(completions=["x"], problem=[row["problem"]], environments=[env])
    assert got == [0.0]
    assert format_reward(completions=["x"], problem=[row["problem"]], environments=[env]) == [0.0]
    env.submit_answer(WRONG_CODE)
    assert env.submit_answer(WRONG_CODE) == "Wrong. No attempts left."
    assert env.submit_answer(rlvr_envs.oracle_completion(problem)).startswith("The episode")
    assert correctness_reward(completions=["x"], problem=[row["problem"]], environments=[env]) == [
        0.0
    ]
    # the right answer in the completion's text earns nothing: it went through no tool
    text = rlvr_envs.oracle_completion(problem)
    assert correctness_reward(completions=[text], problem=[row["problem"]],
                              environments=[env]) == [0.0]  # fmt: skip


def test_a_single_turn_env_takes_one_answer_in_its_own_format():
    problem = _problem("rlvr/Arithmetic-v0", seed=5)
    env = TRLEnvironment()
    assert "one attempt" in env.reset(**_row(problem))
    bare = problem.answer  # the value without the required answer tags
    assert env.submit_answer(bare) == "Wrong. No attempts left."
    assert env.attempts[0].format_ok is False
    env.reset(**_row(problem))
    assert env.submit_answer(rlvr_envs.oracle_completion(problem)) == "Correct."


def test_bad_rows_and_options_fail_clearly():
    with pytest.raises(ValueError, match="'problem' column"):
        TRLEnvironment().reset(prompt=[{"role": "user", "content": "hi"}])
    with pytest.raises(ValueError, match="max_turns"):
        TRLEnvironment(max_turns=0)
    with pytest.raises(RuntimeError, match="before reset"):
        TRLEnvironment().submit_answer("1")
    env = TRLEnvironment()
    env.reset(**_row(_problem()))
    other = _row(_problem(seed=4))["problem"]
    with pytest.raises(RuntimeError, match="does not match"):
        correctness_reward(completions=["x"], problem=[other], environments=[env])


def test_trl_grpo_trainer_plays_coderepair_through_the_tool_and_teaches(tmp_path):
    """GRPOTrainer with ``environment_factory=TRLEnvironment`` and a teacher-driven stream:
    TRL calls the tool, feeds the family's feedback back, and every episode's verdict reaches
    the teacher through CurriculumReward."""
    pytest.importorskip("torch")
    trl = pytest.importorskip("trl")
    from transformers import AutoTokenizer

    from rlvr_envs.curriculum import TaskSpace, make_teacher
    from rlvr_envs.integrations.trl import CurriculumReward, curriculum_dataset, trl_feed
    from tests.integrations.tool_model import ScriptFeed, build_tool_tokenizer, scripted_model

    tokenizer = AutoTokenizer.from_pretrained(build_tool_tokenizer(tmp_path / "tok"))
    answers: dict[str, tuple[str, str]] = {}
    model = scripted_model(tokenizer, answers)
    args = trl.GRPOConfig(
        output_dir=str(tmp_path / "out"), per_device_train_batch_size=3, num_generations=3,
        max_completion_length=6000, learning_rate=1e-3, logging_steps=1, report_to="none",
        save_strategy="no", use_cpu=True, bf16=False, seed=0, max_steps=3,
        shuffle_dataset=False,
    )  # fmt: skip
    space = TaskSpace(["rlvr/CodeRepair-v0"], difficulty=(0.0, 0.3), bins=3)
    feed = trl_feed(make_teacher("learning-progress", space, seed=0), args)
    feed.take = ScriptFeed(feed.take, answers, WRONG_CODE)  # scripts each problem TRL reads
    before = json.dumps(feed.teacher.state_dict(), sort_keys=True)
    reward = CurriculumReward(feed)
    episodes: list[list[bool]] = []
    tool_results: list[str] = []

    def spy(**kwargs):
        played = [[v.correct for v in env.attempts] for env in kwargs["environments"]]
        for completion in kwargs["completions"]:
            tool_results.extend(m["content"] for m in completion if m["role"] == "tool")
        rewards = reward(**kwargs)
        assert rewards == [float(p[-1]) for p in played]  # each episode's last verdict
        episodes.extend(played)
        return rewards

    spy.__name__ = "curriculum_reward"
    trainer = trl.GRPOTrainer(
        model=model, processing_class=tokenizer, reward_funcs=[spy], args=args,
        train_dataset=curriculum_dataset(feed), environment_factory=TRLEnvironment,
    )  # fmt: skip
    trainer.train()
    assert trainer.state.global_step == 3 and len(episodes) == 9
    # the three scripted paths, as the environment graded them
    assert set(map(tuple, episodes)) <= {(True,), (False, True), (False, False, False)}
    assert len(set(map(tuple, episodes))) >= 2
    assert "Correct." in tool_results and any("Fix the function" in t for t in tool_results)
    feed.flush()
    assert feed.teacher.episodes == 3
    assert json.dumps(feed.teacher.state_dict(), sort_keys=True) != before
