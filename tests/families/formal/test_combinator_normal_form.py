"""``rlvr/CombinatorNormalForm-v0``: the normal form computed here (flat spines, head
contraction first) is the reference; redundant parentheses still score 1; the term itself and
a term that still reduces score 0, with the reason naming a redex."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.formal.helpers_terms import (
    _gen,
    _score,
    _verdict,
    read_ski,
    ski_normal_form,
    write_ski,
)

ENV = "rlvr/CombinatorNormalForm-v0"


def term_of(prompt: str):
    return read_ski(re.search(r"normal form:\n\n(.+)\n", prompt).group(1))


def test_the_reference_is_the_normal_form():
    for seed in range(40):
        problem = _gen(ENV, seed, seed / 39)
        term = term_of(problem.prompt)
        expected = ski_normal_form(term)
        assert write_ski(expected) == write_ski(read_ski(problem.answer)), problem.prompt
        assert _score(problem, write_ski(expected)) == 1.0
        assert _score(problem, f"({write_ski(expected)})") == 1.0
        verdict = _verdict(problem, write_ski(term))
        assert verdict.reward == 0.0 and "rule still applies" in verdict.details["why"]
        assert _score(problem, f"I ({write_ski(expected)})") == 0.0
        assert _score(problem, write_ski(["x", expected])) == 0.0


def test_malformed_terms_are_refused():
    problem = _gen(ENV, 3, 0.5)
    for bad in ("(S K", "S K)", "S + K", "", "λx. x", "S, K"):
        assert _verdict(problem, bad).reward == 0.0, bad


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_the_reference_is_the_independent_normal_form_at_any_difficulty(seed, difficulty):
    problem = _gen(ENV, seed, difficulty)
    expected = ski_normal_form(term_of(problem.prompt))
    assert _score(problem, write_ski(expected)) == 1.0
