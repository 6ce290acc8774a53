"""What ``rlvr/Mastermind-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from rlvr_envs.registry import format_answer

ENV = "rlvr/Mastermind-v0"


def _gen(seed, difficulty=None, **knobs):
    return rlvr_envs.make_task(ENV).generate(seed=seed, difficulty=difficulty, knobs=knobs or None)


def _score(problem, answer):
    return rlvr_envs.verify(problem, format_answer(answer, problem.answer_format))


def _pegs(code, guess):
    """Knuth's definition: blacks by position, whites from the multiset intersection."""
    black = sum(1 for a, b in zip(code, guess) if a == b)
    total = sum((Counter(code) & Counter(guess)).values())
    return black, total - black


def _consistent(meta):
    return [
        code
        for code in itertools.product(range(1, meta["colours"] + 1), repeat=meta["length"])
        if all(_pegs(code, g["guess"]) == (g["black"], g["white"]) for g in meta["guesses"])
    ]


@pytest.mark.parametrize(("length", "colours"), [(3, 4), (4, 6), (4, 3)])
def test_every_consistent_code_scores_one_and_the_count_is_right(length, colours):
    for seed in range(5):
        problem = _gen(seed, length=length, colours=colours)
        codes = _consistent(problem.meta)
        assert len(codes) == problem.meta["consistent"] and 1 <= len(codes) <= 4
        assert tuple(int(d) for d in problem.answer.split()) in codes
        for code in codes:
            assert _score(problem, "".join(map(str, code))).reward == 1.0
            assert _score(problem, ", ".join(map(str, code))).reward == 1.0


def test_inconsistent_codes_guesses_and_malformed_codes_fail():
    problem = _gen(3, length=4, colours=6)
    meta = problem.meta
    good = set(_consistent(meta))
    bad = next(c for c in itertools.product(range(1, 7), repeat=4) if c not in good)
    verdict = _score(problem, " ".join(map(str, bad)))
    assert verdict.reason == "wrong" and "other feedback" in verdict.details["why"]
    for item in meta["guesses"]:  # a guess never explains its own feedback
        assert _score(problem, " ".join(map(str, item["guess"]))).reward == 0.0
    assert _score(problem, "1 2 3 7").reason == "wrong"  # colour out of range
    assert _score(problem, "1 2 3").reason == "unparsable"
    assert _score(problem, "1 2 3 4 5").reason == "unparsable"
    assert _score(problem, "red blue red blue").reason == "unparsable"


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), length=st.integers(3, 5), colours=st.integers(3, 8),
       data=st.data())  # fmt: skip
def test_a_code_scores_exactly_when_it_is_consistent(seed, length, colours, data):
    """Property: any code scores 1 exactly when Knuth's peg count agrees with every guess;
    the secret (the reference answer) always does, and no guess ever does."""
    problem = _gen(seed, length=length, colours=colours)
    meta = problem.meta
    code = data.draw(st.lists(st.integers(1, colours), min_size=length, max_size=length))
    consistent = all(_pegs(code, g["guess"]) == (g["black"], g["white"]) for g in meta["guesses"])
    assert (_score(problem, " ".join(map(str, code))).reward == 1.0) == consistent
    assert _score(problem, problem.answer).reward == 1.0
    guess = data.draw(st.sampled_from(meta["guesses"]))["guess"]
    assert _score(problem, "".join(map(str, guess))).reward == 0.0
