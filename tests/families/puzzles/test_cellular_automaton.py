"""What ``rlvr/CellularAutomaton-v0`` must do beyond the generic family contract."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from rlvr_envs.registry import format_answer

ENV = "rlvr/CellularAutomaton-v0"


def _gen(seed, difficulty=None, **knobs):
    return rlvr_envs.make_task(ENV).generate(seed=seed, difficulty=difficulty, knobs=knobs or None)


def _score(problem, answer):
    return rlvr_envs.verify(problem, format_answer(answer, problem.answer_format))


def _run(start, rule, steps, cyclic):
    """String-based simulation: pad the row, read each 3-cell window as a binary number."""
    table = format(rule, "08b")[::-1]  # table[k] is the new cell for neighbourhood k
    row = start
    for _ in range(steps):
        padded = (row[-1] + row + row[0]) if cyclic else ("0" + row + "0")
        row = "".join(table[int(padded[i : i + 3], 2)] for i in range(len(row)))
    return row


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_the_answer_matches_an_independent_simulation(seed, difficulty):
    problem = _gen(seed, difficulty)
    meta = problem.meta
    assert _run(meta["start"], meta["rule"], meta["steps"], meta["cyclic"]) == problem.answer
    assert problem.answer != meta["start"] and len(set(problem.answer)) == 2
    assert f"rule {meta['rule']}" in problem.prompt


def test_rule_30_and_rule_90_from_one_cell():
    # Wolfram's classic pictures: a single 1 in the middle of a fixed row.
    start = "0" * 7 + "1" + "0" * 7
    assert _run(start, 30, 1, False) == "000000111000000"
    assert _run(start, 90, 2, False) == "000001000100000"


def test_syntax_variants_parse_and_wrong_rows_fail():
    problem = _gen(2, width=12, steps=2)
    answer = problem.answer
    assert _score(problem, " ".join(answer)).reward == 1.0
    assert _score(problem, ",".join(answer)).reward == 1.0
    flipped = ("1" if answer[0] == "0" else "0") + answer[1:]
    verdict = _score(problem, flipped)
    assert verdict.reason == "partial" and verdict.reward == 0.0
    assert _score(problem, answer[:-1]).reason == "unparsable"
    assert _score(problem, answer + "0").reason == "unparsable"
    assert _score(problem, answer.replace("1", "#")).reason == "unparsable"
    assert _score(problem, problem.meta["start"]).reward == 0.0
