"""What ``rlvr/LedgerSimulation-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.algorithms.helpers import _gen, _score

ENV = "rlvr/LedgerSimulation-v0"


def replay(prompt: str) -> tuple[dict[str, int], int]:
    """Final balances (and rejected count) recomputed from the prompt's own words."""
    balance = {m[0]: int(m[1]) for m in re.findall(r"^- (\w+) opens with (\d+)$", prompt, re.M)}
    fee_match = re.search(r"a fee of (\d+)% of the amount", prompt)
    fee = int(fee_match[1]) if fee_match else 0
    floor = dict.fromkeys(balance, 0)
    for who, limit in re.findall(r"(\w+) may go down to -(\d+)", prompt):
        floor[who] = -int(limit)
    rejected = 0
    for line in re.findall(r"^\d+\. (.+)$", prompt, re.M):
        if m := re.fullmatch(r"(\w+) deposits (\d+)\.", line):
            balance[m[1]] += int(m[2])
        elif m := re.fullmatch(r"(\w+) withdraws (\d+)\.", line):
            if balance[m[1]] - int(m[2]) >= floor[m[1]]:
                balance[m[1]] -= int(m[2])
            else:
                rejected += 1
        elif m := re.fullmatch(r"(\w+) transfers (\d+) to (\w+)\.", line):
            amount = int(m[2])
            total = amount + (amount * fee) // 100
            if balance[m[1]] - total >= floor[m[1]]:
                balance[m[1]] -= total
                balance[m[3]] += amount
            else:
                rejected += 1
        elif m := re.fullmatch(
            r"Every account with a positive balance earns (\d+)% interest\.", line
        ):
            for who in balance:
                if balance[who] > 0:
                    balance[who] = balance[who] * (100 + int(m[1])) // 100
        else:
            raise AssertionError(line)
    return balance, rejected


@pytest.mark.parametrize("difficulty", [0.0, 0.3, 0.6, 1.0])
def test_the_reference_equals_an_independent_replay(difficulty):
    for seed in range(25):
        problem = _gen(ENV, seed, difficulty)
        balance, rejected = replay(problem.prompt)
        assert list(balance) == problem.meta["accounts"]
        assert problem.answer == ", ".join(f"{a}: {b}" for a, b in balance.items())
        assert rejected == problem.meta["rejected"]


def test_difficulty_one_mixes_fees_interest_overdrafts_and_rejections():
    problems = [_gen(ENV, s, 1.0) for s in range(20)]
    assert all(p.meta["rejected"] >= 1 for p in problems)
    assert sum(p.meta["interest"] for p in problems) >= 10
    assert all("may go down to" in p.prompt and "fee of" in p.prompt for p in problems)
    assert any(min(p.meta["balances"]) < 0 for p in problems)
    easy = [_gen(ENV, s, 0.0) for s in range(20)]
    assert all(p.meta["rejected"] == 0 for p in easy)


def test_written_differently_still_scores_one():
    problem = _gen(ENV, 3, 0.7)
    pairs = list(zip(problem.meta["accounts"], problem.meta["balances"]))
    forms = [
        ", ".join(f"{a}: {b}" for a, b in pairs),
        "\n".join(f"{a.upper()} = {b}" for a, b in reversed(pairs)),
        "[" + "; ".join(f"{a}: {b}" for a, b in pairs) + "]",
        "{" + ", ".join(f'"{a}": {b}' for a, b in pairs) + "}",
    ]
    for text in forms:
        assert _score(problem, text).reward == 1.0, text


def test_wrong_missing_extra_duplicate_opening_and_hedged_answers_fail():
    problem = _gen(ENV, 3, 0.7)
    pairs = list(zip(problem.meta["accounts"], problem.meta["balances"]))
    right = ", ".join(f"{a}: {b}" for a, b in pairs)
    opening = re.findall(r"^- (\w+) opens with (\d+)$", problem.prompt, re.M)
    wrong = [
        ", ".join(f"{a}: {b - (i == 1)}" for i, (a, b) in enumerate(pairs)),
        ", ".join(f"{a}: {b}" for a, b in pairs[:-1]),
        right + ", Nobody: 0",
        right + f", {pairs[0][0]}: {pairs[0][1]}",
        right + f" or {pairs[0][0]}: 0",
        ", ".join(f"{a}: {b}" for a, b in opening),
        ", ".join(str(b) for _, b in pairs),
        "0",
        "none",
    ]
    for text in wrong:
        verdict = _score(problem, text)
        assert verdict.reward == 0.0 and not verdict.correct, text


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_verifier_property(seed, difficulty):
    problem = _gen(ENV, seed, difficulty)
    balance, _ = replay(problem.prompt)
    assert _score(problem, ", ".join(f"{a}: {b}" for a, b in balance.items())).reward == 1.0
    last = list(balance)[-1]
    off = ", ".join(f"{a}: {b + (a == last) * 10}" for a, b in balance.items())
    assert _score(problem, off).reward == 0.0
    opening = re.findall(r"^- (\w+) opens with (\d+)$", problem.prompt, re.M)
    assert _score(problem, ", ".join(f"{a}: {b}" for a, b in opening)).reward == 0.0


def test_a_balance_given_twice_or_misnumbered_never_scores():
    """Review: an account listed twice with different balances is a hedge in every
    syntax (JSON, ``and``, case); a numbered list must number its items 1, 2, 3, ..."""
    problem = _gen(ENV, 3, 0.7)
    balance, _ = replay(problem.prompt)
    pairs = list(balance.items())
    a, b = pairs[0]
    json = ", ".join(f'"{x}": {y}' for x, y in pairs)
    for text in (
        "{" + json + f', "{a}": {b + 1}' + "}",
        ", ".join(f"{x}: {y}" for x, y in pairs) + f" and {a.lower()}: {b - 1}",
        "\n".join(f"{i}. {x}: {y}" for i, (x, y) in enumerate(pairs, 2)),
    ):
        assert _score(problem, text).reward == 0.0, text
    for text in (
        "\n".join(f"{i}. {x}: {y}" for i, (x, y) in enumerate(pairs, 1)),
        "\n".join(f"- {x}: {y}" for x, y in pairs),
    ):
        assert _score(problem, text).reward == 1.0, text
