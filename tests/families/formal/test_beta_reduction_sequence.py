"""``rlvr/BetaReductionSequence-v0``: reduction paths computed here (by named,
capture-avoiding substitution, choosing redexes at random) score 1 whenever they end in the
normal form; a skipped, repeated or missing step scores 0 and the reason names it."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.formal.helpers_terms import (
    _gen,
    _score,
    _verdict,
    leftmost,
    random_path,
    renamed,
    term_in,
    write,
)

ENV = "rlvr/BetaReductionSequence-v0"
AFTER = "step by step:"


def lines(path) -> str:
    return "\n".join(write(t) for t in path)


def test_normal_order_and_random_paths_score_one_and_broken_ones_zero():
    rng = random.Random(1)
    for seed in range(30):
        problem = _gen(ENV, seed, seed / 29)
        term = term_in(problem.prompt, AFTER)
        path, t = [], term
        while (t := leftmost(t)) is not None:
            path.append(t)
        assert len(path) == len(problem.answer.splitlines())
        assert _score(problem, lines(path)) == 1.0
        assert _score(problem, lines(renamed(t, rng) for t in path)) == 1.0
        numbered = "\n".join(f"{i}. {write(t)}" for i, t in enumerate(path, 1))
        assert _score(problem, numbered) == 1.0
        other = random_path(term, rng)
        if other:
            assert _score(problem, lines(other)) == 1.0
        if len(path) >= 2:
            verdict = _verdict(problem, lines(path[1:]))
            assert verdict.reward == 0.0 and verdict.details["step"] == 1
            verdict = _verdict(problem, lines(path[:-1]))
            assert verdict.reward == 0.0 and "redex" in verdict.details["why"]
        repeated = [*path[:1], *path]
        verdict = _verdict(problem, lines(repeated))
        assert verdict.reward == 0.0 and verdict.details["step"] == 2
        assert _score(problem, write(path[-1])) == float(len(path) == 1)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1), choice=st.integers(0, 999))
def test_a_random_path_scores_exactly_when_it_ends_in_the_normal_form(seed, difficulty, choice):
    problem = _gen(ENV, seed, difficulty)
    path = random_path(term_in(problem.prompt, AFTER), random.Random(choice))
    if not path:
        return
    assert _score(problem, lines(path)) == 1.0
    cut = choice % len(path)
    if cut:  # stopping early leaves a redex
        assert _score(problem, lines(path[:cut])) == 0.0
