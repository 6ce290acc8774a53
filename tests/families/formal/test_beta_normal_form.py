"""``rlvr/BetaNormalForm-v0``: the normal form computed here by named, capture-avoiding
reduction equals the reference up to alpha; every renaming of it scores 1; the term itself,
a one-step reduct and a different normal form score 0."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.formal.helpers_terms import (
    _gen,
    _score,
    _verdict,
    alpha_equal,
    leftmost,
    normal_form,
    read,
    renamed,
    term_in,
    write,
)

ENV = "rlvr/BetaNormalForm-v0"
AFTER = "beta-normal form:"


def test_the_reference_is_the_normal_form_and_renamings_score_one():
    rng = random.Random(0)
    for seed in range(30):
        problem = _gen(ENV, seed, seed / 29)
        term = term_in(problem.prompt, AFTER)
        expected = normal_form(term)
        assert alpha_equal(expected, read(problem.answer)), (problem.prompt, problem.answer)
        assert _score(problem, write(expected)) == 1.0
        assert _score(problem, write(renamed(expected, rng))) == 1.0
        assert _score(problem, write(term)) == 0.0
        step = leftmost(term)
        if leftmost(step) is not None:
            verdict = _verdict(problem, write(step))
            assert verdict.reward == 0.0 and "redex" in verdict.details["why"]
        other = ("app", expected, ("var", "c")) if expected[0] != "lam" else ("var", "b")
        if not alpha_equal(other, expected) and leftmost(other) is None:
            assert _score(problem, write(other)) == 0.0


def test_free_variables_are_not_renamable_and_malformed_terms_are_refused():
    problem = _gen(ENV, 4, 0.5)
    expected = read(problem.answer)
    names = {"a": "b", "b": "c", "c": "a"}

    def swap(t):
        if t[0] == "var":
            return ("var", names.get(t[1], t[1]))
        if t[0] == "lam":
            return ("lam", t[1], swap(t[2]))
        return ("app", swap(t[1]), swap(t[2]))

    if not alpha_equal(swap(expected), expected):
        assert _score(problem, write(swap(expected))) == 0.0
    for bad in ("(" + problem.answer, problem.answer + ")", "\\. x", "x +", "\\x x"):
        assert _verdict(problem, bad).reason == "unparsable", bad


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1), rename=st.integers(0, 99))
def test_any_alpha_variant_of_the_normal_form_scores_one(seed, difficulty, rename):
    problem = _gen(ENV, seed, difficulty)
    expected = normal_form(term_in(problem.prompt, AFTER))
    variant = write(renamed(expected, random.Random(rename))).replace("\\", "λ")
    assert _score(problem, variant) == 1.0
