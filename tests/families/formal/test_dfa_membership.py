"""``rlvr/DfaMembership-v0``: the accepted set, recomputed by running the prompt's table as
a dictionary, scores 1 in any order; a set with one string more or less scores 0; strings
that are not listed, repeated or ``none`` are refused."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.formal.helpers_automata import gen, prompt_tables, run, score, verdict

ID = "rlvr/DfaMembership-v0"


def listed(prompt: str) -> list[str]:
    block = re.search(r"Which of these strings does it accept\?\n\n(.*?)\n\n", prompt, re.S)
    return block.group(1).split("\n")


def test_the_accepted_set_is_the_one_the_table_accepts_in_any_order():
    for seed in range(30):
        problem = gen(ID, seed, seed / 29)
        (table,) = prompt_tables(problem.prompt)
        strings = listed(problem.prompt)
        accepted = [w for w in strings if run(table, w)]
        rejected = [w for w in strings if not run(table, w)]
        assert accepted and rejected
        assert set(problem.answer.split(", ")) == set(accepted)
        assert score(problem, ", ".join(reversed(accepted))) == 1.0
        assert score(problem, ",".join(accepted)) == 1.0
        assert score(problem, ", ".join(accepted + rejected[:1])) == 0.0
        if len(accepted) > 1:
            assert score(problem, ", ".join(accepted[1:])) == 0.0
        assert score(problem, ", ".join(strings)) == 0.0
        assert score(problem, "none") == 0.0
        assert score(problem, ", ".join(accepted + accepted[:1])) == 0.0  # repeated


def test_the_reason_names_the_first_wrong_string_and_where_its_run_ends():
    problem = gen(ID, 4, 0.5)
    (table,) = prompt_tables(problem.prompt)
    strings = listed(problem.prompt)
    rejected = next(w for w in strings if not run(table, w))
    accepted = [w for w in strings if run(table, w)]
    result = verdict(problem, ", ".join([*accepted, rejected]))
    assert result.reward == 0.0 and repr(rejected) in result.details["why"]
    state = 1
    for letter in rejected:
        state = table[0][(state, letter)]
    assert f"ends in state {state}" in result.details["why"]
    assert verdict(problem, "zzzz").reason == "unparsable"


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), picks=st.lists(st.booleans(), min_size=10, max_size=10))
def test_any_subset_scores_exactly_when_it_is_the_accepted_set(seed, picks):
    problem = gen(ID, seed, 0.5)
    (table,) = prompt_tables(problem.prompt)
    strings = listed(problem.prompt)
    chosen = [w for w, keep in zip(strings, picks) if keep]
    if not chosen:
        return
    expected = {w for w in strings if run(table, w)}
    assert score(problem, ", ".join(chosen)) == float(set(chosen) == expected)
