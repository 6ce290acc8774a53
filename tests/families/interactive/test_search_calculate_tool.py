"""SearchCalculateTool: the policy searches each named town, reads its harvest off the
document, and asks the calculator for the worth; Python's integers check the total."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from tests.families.interactive.helpers_tools import FORMATS, final, numbers_in, play

ID = "rlvr/SearchCalculateTool-v0"


def towns_and_price(prompt: str) -> tuple[list[str], int]:
    m = re.search(
        r"sells at (\d+) coins a bushel\. What was last year's harvest of (.*?) "
        r"worth in all",
        prompt,
    )
    return re.findall(r"[A-Z]\w+", m[2]), int(m[1])


def harvest(result: str, town: str) -> int:
    return int(re.search(rf"Last year {town} harvested (\d+) bushels", result)[1])


def policy(prompt, seen):
    towns, price = towns_and_price(prompt)
    if not seen:
        return [("search", {"query": t}) for t in towns]
    if len(seen) == 1:
        amounts = [harvest(r, t) for r, t in zip(seen[0], towns, strict=True)]
        return [("calculator", {"expression": f"({' + '.join(map(str, amounts))}) * {price}"})]
    return seen[1][0]


@pytest.mark.parametrize("fmt", FORMATS)
def test_search_then_calculate_solves_in_each_format(fmt):
    for seed in range(3):
        for difficulty in (0.0, 1.0):
            problem = rlvr_envs.make_task(ID).generate(seed, difficulty=difficulty)
            turn, _ = play(problem, policy, fmt)
            assert turn.verdict.correct, turn.observation


def test_the_total_is_python_arithmetic_on_the_found_harvests():
    for seed in range(5):
        problem = rlvr_envs.make_task(ID).generate(seed, difficulty=0.5)
        towns, price = towns_and_price(problem.prompt)
        searches = "".join(f'<tool name="search">{t}</tool>' for t in towns)
        turn = rlvr_envs.respond(problem, [searches])
        amounts = [harvest(turn.observation, t) for t in towns]
        total = price * sum(amounts)
        assert final(problem, str(total)).verdict.correct
        for wrong in [total + price, sum(amounts), *numbers_in(problem.prompt)]:
            assert final(problem, str(wrong)).verdict.details["status"] == "lost"


def test_an_unknown_tool_and_a_bad_expression_cost_a_turn():
    problem = rlvr_envs.make_task(ID).generate(0, difficulty=0.5)
    turn = rlvr_envs.respond(problem, ['<tool name="python">1</tool>'])
    assert "there is no tool 'python' (tools: search, calculator)" in turn.observation
    turn = rlvr_envs.respond(problem, ['<tool name="calculator">open("x")</tool>'])
    assert "error" in turn.observation and not turn.done


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 40), st.text(max_size=30))
def test_random_answers_are_judged_without_error(seed, text):
    problem = rlvr_envs.make_task(ID).generate(seed, difficulty=0.5)
    turn = rlvr_envs.respond(problem, [f"<answer>{text}</answer>"])
    assert turn.terminated and turn.verdict.details["status"] in ("illegal", "lost", "solved")
    assert turn.verdict.correct == (turn.verdict.details["status"] == "solved")
    assert not turn.verdict.correct or text.strip().casefold() == problem.answer.casefold()
