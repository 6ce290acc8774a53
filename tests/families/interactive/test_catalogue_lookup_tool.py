"""CatalogueLookupTool: the policy looks up each order line's code and totals the prices it
reads back; codes outside the catalogue and malformed codes get errors."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from tests.families.interactive.helpers_tools import FORMATS, final, play

ID = "rlvr/CatalogueLookupTool-v0"


def order(prompt: str) -> list[tuple[int, str]]:
    return [(int(q), c) for q, c in re.findall(r"^- (\d+) x (P-\d{5})$", prompt, re.MULTILINE)]


def policy(prompt, seen):
    lines = order(prompt)
    if not seen:
        return [("lookup", {"code": c}) for _, c in lines]
    prices = {r.split(":")[0]: int(re.search(r"(\d+) cents", r)[1]) for r in seen[0]}
    return str(sum(q * prices[c] for q, c in lines))


def test_the_lookup_policy_solves_in_each_format():
    for fmt in FORMATS:
        for difficulty in (0.0, 0.5, 1.0):
            problem = rlvr_envs.make_task(ID).generate(7, difficulty=difficulty)
            turn, _ = play(problem, policy, fmt)
            assert turn.verdict.correct, turn.observation


def test_codes_outside_the_catalogue_are_errors():
    problem = rlvr_envs.make_task(ID).generate(2, difficulty=0.0)  # 1,000 products
    for code in ["P-01000", "P-99999", "p-1", "'; DROP TABLE", "P-00001 P-00002"]:
        turn = rlvr_envs.respond(problem, [f'<tool name="lookup">{code}</tool>'])
        assert "error: " in turn.observation and not turn.done, code
    turn = rlvr_envs.respond(problem, ['<tool name="lookup">p-00999</tool>'])
    assert turn.observation.startswith("[lookup] P-00999: ")


def test_wrong_totals_lose():
    for seed in range(6):
        problem = rlvr_envs.make_task(ID).generate(seed, difficulty=0.5)
        _, attempts = play(problem, policy, "tags")
        total = int(attempts[-1].split("<answer>")[1].split("<")[0])
        assert final(problem, str(total)).verdict.correct
        for wrong in [total + 1, total - 100, *(q for q, _ in order(problem.prompt))]:
            assert final(problem, str(wrong)).verdict.details["status"] == "lost"


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 40), st.text(max_size=30))
def test_random_answers_are_judged_without_error(seed, text):
    problem = rlvr_envs.make_task(ID).generate(seed, difficulty=0.5)
    turn = rlvr_envs.respond(problem, [f"<answer>{text}</answer>"])
    assert turn.terminated and turn.verdict.details["status"] in ("illegal", "lost", "solved")
    assert turn.verdict.correct == (turn.verdict.details["status"] == "solved")
    assert not turn.verdict.correct or text.strip().casefold() == problem.answer.casefold()
