"""rlvr serve's episodes on an interactive env (issue 28): each step is a move answered by
the env, done when the game is decided; a stateless step scores a whole transcript."""

from __future__ import annotations

import rlvr_envs
from rlvr_envs.integrations.openenv import EnvSource, Session

ENV = "rlvr/TicTacToeMatch-v0"


def test_steps_are_moves_answered_by_the_opponent_until_the_game_is_decided():
    session = Session(EnvSource(ENV))
    reset = session.reset({"seed": 3, "difficulty": 0.5})
    problem = rlvr_envs.make_task(ENV).generate(3, 0.5)
    assert reset.text == problem.prompt
    moves = problem.answer.split("; ")
    for i, move in enumerate(moves):
        reply = session.step(f"<answer>{move}</answer>")
        assert reply.done == (i == len(moves) - 1)
        if not reply.done:
            assert "The opponent played" in reply.text and reply.reward == 0.0
    assert reply.reward == 1.0 and reply.metadata["terminated"]
    assert reply.text.endswith("You won.")

    session.reset({"seed": 3, "difficulty": 0.5})
    bad = session.step("<answer>z9</answer>")  # not a cell: illegal, the episode ends
    assert bad.done and bad.reward == 0.0
    assert bad.metadata["verdict"]["details"]["status"] == "illegal"


def test_a_stateless_step_scores_a_whole_episode_written_as_one_answer():
    session = Session(EnvSource(ENV))
    episode = {"env_id": ENV, "seed": 4, "difficulty": 0.25, "knobs": None}
    problem = rlvr_envs.make_task(ENV).generate(4, 0.25)
    reply = session.step(rlvr_envs.oracle_completion(problem), episode=episode)
    assert reply.done and reply.reward == 1.0
    first_only = session.step(f"<answer>{problem.answer.split('; ')[0]}</answer>", episode=episode)
    assert first_only.done and first_only.reward == 0.0  # an unfinished game pays nothing
