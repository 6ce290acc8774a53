"""What ``rlvr/LetterCount-v0`` must do beyond the generic family contract."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.families.strings.helpers import _gen, _score

ENV = "rlvr/LetterCount-v0"


def test_the_answer_is_an_independent_recount():
    for seed in range(20):
        problem = _gen(ENV, seed, seed / 19)
        text, letters = problem.meta["text"].lower(), problem.meta["letters"]
        count = sum(text.count(c) for c in letters)
        assert problem.answer == str(count)
        for right in (str(count), f" {count} ", f"**{count}**"):
            assert _score(problem, right) == 1.0
        for wrong in (str(count + 1), str(count - 1), f"{count} or {count + 1}", "many"):
            assert _score(problem, wrong) == 0.0


def test_the_counts_spread_over_a_wide_range():
    answers = {int(_gen(ENV, s, 0.5).answer) for s in range(80)}
    assert len(answers) >= 25


@given(seed=st.integers(0, 10**6), guess=st.integers(-5, 200))
def test_only_the_count_scores(seed, guess):
    problem = _gen(ENV, seed, 0.5)
    assert _score(problem, str(guess)) == float(str(guess) == problem.answer)
