"""LinkChaseTool: the policy follows the links one call per turn and answers the last key;
the budget leaves no call to spare at difficulty 1, and no constant or start key wins."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from tests.families.interactive.helpers_tools import FORMATS, final, play

ID = "rlvr/LinkChaseTool-v0"


def start_and_hops(prompt: str) -> tuple[str, int]:
    m = re.search(r"Start at ([A-Z]{4}) and follow the link (\d+) times", prompt)
    return m[1], int(m[2])


def policy(prompt, seen):
    start, hops = start_and_hops(prompt)
    key = seen[-1][0].split(" -> ")[1] if seen else start
    return key if len(seen) == hops else [("follow", {"key": key})]


@pytest.mark.parametrize("fmt", FORMATS)
def test_the_chasing_policy_solves_in_each_format(fmt):
    for difficulty in (0.0, 1.0):
        problem = rlvr_envs.make_task(ID).generate(3, difficulty=difficulty)
        turn, attempts = play(problem, policy, fmt)
        assert turn.verdict.correct, turn.observation
        assert start_and_hops(problem.prompt)[0] not in attempts[-1]


def test_links_are_a_function_and_the_budget_binds():
    problem = rlvr_envs.make_task(ID).generate(4, difficulty=1.0)  # no spare call
    start, hops = start_and_hops(problem.prompt)
    call = f'<tool name="follow">{start}</tool>'
    first = rlvr_envs.respond(problem, [call]).observation
    again = rlvr_envs.respond(problem, [call, call]).observation
    assert first.split("\n")[0] == again.split("\n")[0]  # same key, same link
    wasted = rlvr_envs.respond(problem, [call] * hops + [call])
    assert "call budget is spent" in wasted.observation
    for bad in ["abc", "ABCDE", "AB1D", ""]:
        turn = rlvr_envs.respond(problem, [f'<tool name="follow">{bad}</tool>'])
        assert "error" in turn.observation


def test_the_start_key_and_constants_lose():
    for seed in range(8):
        problem = rlvr_envs.make_task(ID).generate(seed, difficulty=0.5)
        start, _ = start_and_hops(problem.prompt)
        for wrong in [start, "AAAA", "ZZZZ"]:
            if wrong != problem.answer:
                assert final(problem, wrong).verdict.details["status"] == "lost"
        assert final(problem, "A1").verdict.details["status"] == "illegal"


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 40), st.text(max_size=30))
def test_random_answers_are_judged_without_error(seed, text):
    problem = rlvr_envs.make_task(ID).generate(seed, difficulty=0.5)
    turn = rlvr_envs.respond(problem, [f"<answer>{text}</answer>"])
    assert turn.terminated and turn.verdict.details["status"] in ("illegal", "lost", "solved")
    assert turn.verdict.correct == (turn.verdict.details["status"] == "solved")
    assert not turn.verdict.correct or text.strip().casefold() == problem.answer.casefold()
