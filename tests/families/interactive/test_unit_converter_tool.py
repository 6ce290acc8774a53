"""UnitConverterTool: the policy reads the stock from the prompt, converts each amount with
the tool and adds the results itself; the rates it learns agree along the chain."""

from __future__ import annotations

import itertools
import re
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from tests.families.interactive.helpers_tools import FORMATS, final, play

ID = "rlvr/UnitConverterTool-v0"


def stock(prompt: str) -> tuple[list[tuple[int, str]], str]:
    held = prompt.split("A store holds ")[1].split(". How many ")[0]
    target = prompt.split(". How many ")[1].split(" ")[0]
    return [(int(a), u) for a, u in re.findall(r"(\d+) (\w+)", held)], target


def policy(prompt, seen):
    amounts, target = stock(prompt)
    if not seen:
        return [("convert", {"value": a, "unit": u, "to": target}) for a, u in amounts]
    total = sum(Fraction(r.split(" = ")[1].split()[0]) for r in seen[0])
    return str(total)


def test_the_policy_solves_in_each_format():
    for fmt in FORMATS:
        for seed in range(4):
            problem = rlvr_envs.make_task(ID).generate(seed, difficulty=0.5)
            turn, _ = play(problem, policy, fmt)
            assert turn.verdict.correct, turn.observation


def ask(problem, value, unit, to) -> str:
    call = f'<tool name="convert">{{"value": "{value}", "unit": "{unit}", "to": "{to}"}}</tool>'
    turn = rlvr_envs.respond(problem, [call])
    return turn.observation.split("\n\n")[0].removeprefix("[convert] ")


@pytest.mark.parametrize("seed", range(3))
def test_conversions_compose_along_the_chain(seed):
    problem = rlvr_envs.make_task(ID).generate(seed, difficulty=1.0, knobs={"slack": 3})
    units = re.search(r"in the units ([\w, ]+), each", problem.prompt).group(1).split(", ")
    pairs = itertools.pairwise(units)
    steps = [Fraction(ask(problem, 1, a, b).split(" = ")[1].split()[0]) for a, b in pairs]
    assert all(s.denominator == 1 and 2 <= s <= 12 for s in steps)
    whole = Fraction(ask(problem, 1, units[0], units[-1]).split(" = ")[1].split()[0])
    product = Fraction(1)
    for s in steps:
        product *= s
    assert whole == product
    back = ask(problem, 3, units[-1], units[0]).split(" = ")[1].split()[0]
    assert Fraction(back) == 3 / product  # exact fractions the other way


def test_bad_calls_get_errors_and_wrong_totals_lose():
    problem = rlvr_envs.make_task(ID).generate(9, difficulty=0.5)
    unit = stock(problem.prompt)[1]
    for value, source, why in [
        ("abc", unit, "must be a number"),
        ("1e999", unit, "number"),
        ("2", "furlong", "unknown unit"),
    ]:
        assert why in ask(problem, value, source, unit)
    total = Fraction(
        policy(problem.prompt, [[ask(problem, a, u, unit) for a, u in stock(problem.prompt)[0]]])
    )
    assert final(problem, str(total)).verdict.correct
    assert final(problem, str(total + 1)).verdict.details["status"] == "lost"


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 40), st.integers(0, 10**9))
def test_no_other_total_is_right(seed, guess):
    problem = rlvr_envs.make_task(ID).generate(seed, difficulty=0.4)
    verdict = rlvr_envs.verify(problem, f"<answer>{guess}</answer>")
    assert verdict.correct == (str(guess) == problem.answer)
