"""DocumentSearchTool: the policy searches by the names in the question, reads the facts off
the returned documents with its own patterns and follows twin towns for two hops."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from tests.families.interactive.helpers_tools import FORMATS, final, play

ID = "rlvr/DocumentSearchTool-v0"
DOC = re.compile(
    r"doc \d+: (?P<town>\w+) was founded in (?P<year>\d+) by (?P<founder>\w+ \w+)\. .*?"
    r"Its twin town is (?P<twin>\w+)\."
)


def docs(result: str) -> list[dict[str, str]]:
    return [m.groupdict() for m in DOC.finditer(result)]


def about(result: str, **facts: str) -> dict[str, str]:
    (doc,) = [d for d in docs(result) if all(d[k] == v for k, v in facts.items())]
    return doc


def policy(prompt, seen):
    question = prompt.split("cannot read them directly. ")[1].split("\n\n")[0]
    if m := re.match(r"Who founded (\w+)\?", question):
        return (
            [("search", {"query": m[1]})] if not seen else about(seen[0][0], town=m[1])["founder"]
        )
    if m := re.match(r"In which year was (\w+) founded\?", question):
        return [("search", {"query": m[1]})] if not seen else about(seen[0][0], town=m[1])["year"]
    if m := re.match(r"Who founded the twin town of (\w+)\?", question):
        if not seen:
            return [("search", {"query": m[1]})]
        twin = about(seen[0][0], town=m[1])["twin"]
        return (
            [("search", {"query": twin})]
            if len(seen) == 1
            else about(seen[1][0], town=twin)["founder"]
        )
    m = re.match(r"(\w+ \w+) founded a town\.", question)
    if not seen:
        return [("search", {"query": m[1]})]
    twin = about(seen[0][0], founder=m[1])["twin"]
    return [("search", {"query": twin})] if len(seen) == 1 else about(seen[1][0], town=twin)["year"]


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("difficulty", [0.0, 1.0])
def test_the_search_policy_solves_in_each_format(fmt, difficulty):
    for seed in range(4):
        problem = rlvr_envs.make_task(ID).generate(seed, difficulty=difficulty)
        turn, _ = play(problem, policy, fmt)
        assert turn.verdict.correct, turn.observation


def test_search_results_are_ranked_and_bounded():
    problem = rlvr_envs.make_task(ID).generate(1, difficulty=1.0, knobs={"slack": 3})
    turn = rlvr_envs.respond(problem, ['<tool name="search">river grain bushels</tool>'])
    assert len(docs(turn.observation)) == 3  # every document matches: the best three
    turn = rlvr_envs.respond(problem, ['<tool name="search">zzqx</tool>'])
    assert "No documents match" in turn.observation
    turn = rlvr_envs.respond(problem, ['<tool name="search">' + "word " * 3000 + "</tool>"])
    assert not turn.done


def test_names_and_wrong_facts():
    for seed in range(10):
        problem = rlvr_envs.make_task(ID).generate(seed, difficulty=0.5)
        turn, attempts = play(problem, policy, "tags")
        answer = attempts[-1].split("<answer>")[1].split("</answer>")[0]
        assert turn.verdict.correct
        assert final(problem, answer.upper()).verdict.correct  # names compare without case
        wrong = "Ada Nobody" if " " in answer else str(int(answer) + 1)
        assert final(problem, wrong).verdict.details["status"] == "lost"
        assert final(problem, "not a name at all").verdict.details["status"] == "illegal"


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 40), st.text(max_size=30))
def test_random_answers_are_judged_without_error(seed, text):
    problem = rlvr_envs.make_task(ID).generate(seed, difficulty=0.5)
    turn = rlvr_envs.respond(problem, [f"<answer>{text}</answer>"])
    assert turn.terminated and turn.verdict.details["status"] in ("illegal", "lost", "solved")
    assert turn.verdict.correct == (turn.verdict.details["status"] == "solved")
    assert not turn.verdict.correct or text.strip().casefold() == problem.answer.casefold()
