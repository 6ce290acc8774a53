"""TRL's environment_factory on an interactive env (issue 28): one move per tool call, the
env's reply as the tool's result, and the episode's verdict as the reward."""

from __future__ import annotations

import rlvr_envs
from rlvr_envs.integrations.trl import TRLEnvironment, correctness_reward, problem_row


def test_each_call_is_a_move_answered_by_the_opponent_and_the_reward_is_the_episode_s():
    problem = rlvr_envs.make_task("rlvr/NimMatch-v0").generate(seed=2, difficulty=0.5)
    row = problem_row(problem)
    env = TRLEnvironment()
    instructions = env.reset(**row)
    assert "once per turn with one move" in instructions
    moves = problem.answer.split("; ")
    replies = [env.submit_answer(f"<answer>{move}</answer>") for move in moves]
    assert all("The opponent played" in r for r in replies[:-1])
    assert replies[-1].endswith("You won.")
    assert env.submit_answer("<answer>1 1</answer>").startswith("The episode is over")
    (reward,) = correctness_reward(completions=[[]], problem=[row["problem"]], environments=[env])
    assert reward == 1.0

    env.reset(**row)
    reply = env.submit_answer("<answer>9 9</answer>")  # no such heap: illegal, the end
    assert "Illegal move" in reply and env.attempts[-1].details["status"] == "illegal"
    (reward,) = correctness_reward(completions=[[]], problem=[row["problem"]], environments=[env])
    assert reward == 0.0
