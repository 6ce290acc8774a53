"""What ``rlvr/RegexSynthesis-v0`` must do beyond the generic family contract: the family's
matcher agrees with Python's ``re`` on its small language, any expression within the size
bound that fits the examples scores 1 (judged here with ``re``), and the bound holds."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from rlvr_envs.families.induction.small_regex import Matcher, parse, random_expression, write
from tests.families.induction.helpers import _gen, _score

ENV = "rlvr/RegexSynthesis-v0"


@settings(max_examples=40)
@given(seed=st.integers(0, 10**6), letters=st.integers(1, 6), text=st.text("abc", max_size=9))
def test_the_position_automaton_agrees_with_re(seed, letters, text):
    import random

    node = random_expression(random.Random(seed), letters, "abc")
    assert Matcher(node).matches(text) == bool(re.fullmatch(write(node), text))
    assert parse(write(node), "abc") is not None


def _fits_with_re(problem, expression):
    pattern = re.compile(expression)
    meta = problem.meta
    return all(pattern.fullmatch(s) for s in meta["positive"]) and not any(
        pattern.fullmatch(s) for s in meta["negative"]
    )


def _size(expression):
    return sum(c not in "()" for c in expression)


def test_any_fitting_expression_within_the_bound_scores_one():
    import random

    rng = random.Random(0)
    tried = fitting = 0
    for seed in range(12):
        problem = _gen(ENV, seed, 0.5)
        bound, alphabet = problem.meta["bound"], problem.meta["alphabet"]
        assert _size(problem.answer) <= bound and _fits_with_re(problem, problem.answer)
        assert _score(problem, f"({problem.answer})") == 1.0  # parentheses are free
        listing = "|".join(problem.meta["positive"])
        assert _score(problem, listing) == float(_size(listing) <= bound)
        assert _score(problem, "(" + "|".join(alphabet) + ")*") == 0.0
        for _ in range(150):
            candidate = write(random_expression(rng, rng.randint(1, 5), alphabet))
            expected = _size(candidate) <= bound and _fits_with_re(problem, candidate)
            assert _score(problem, candidate) == float(expected), candidate
            tried, fitting = tried + 1, fitting + expected
        assert _score(problem, problem.answer + "|") == 0.0
        assert _score(problem, "a" + "(" * 50 + "a" + ")" * 50) == 0.0
        assert _score(problem, "[ab]*") == 0.0 and _score(problem, ".*") == 0.0
    assert fitting >= 1 and tried > fitting
