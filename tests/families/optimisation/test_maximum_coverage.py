"""What ``rlvr/MaximumCoverage-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools
import string

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.optimisation.helpers import _gen, _score, gap

ENV = "rlvr/MaximumCoverage-v0"


def _weight(meta, chosen):
    return sum(meta["weights"][e] for e in set().union(*(set(meta["sets"][j]) for j in chosen)))


def _greedy(meta):
    chosen: list[int] = []
    for _ in range(meta["k"]):
        left = [j for j in range(len(meta["sets"])) if j not in chosen]
        chosen.append(max(left, key=lambda j: (_weight(meta, [*chosen, j]), -j)))
    return _weight(meta, chosen)


def _letters(chosen):
    return " ".join(string.ascii_uppercase[j] for j in chosen)


def test_the_optimum_is_the_best_of_every_choice_and_the_baseline_is_greedy():
    for seed in range(8):
        problem = _gen(ENV, seed, 0.5)
        meta = problem.meta
        choices = itertools.combinations(range(len(meta["sets"])), meta["k"])
        weights = {c: _weight(meta, c) for c in choices}
        assert max(weights.values()) == meta["best"]
        assert _greedy(meta) == meta["baseline"] < meta["best"]
        for choice, value in itertools.islice(weights.items(), 0, None, 5):
            want = gap(value, meta["baseline"], meta["best"])
            assert _score(problem, _letters(choice)) == want
            assert _score(problem, _letters(choice).lower().replace(" ", ", ")) == want


def test_wrong_counts_repeats_and_copied_lines_score_zero():
    problem = _gen(ENV, 5, 0.5)
    k = problem.meta["k"]
    assert _score(problem, _letters(range(k - 1))) == 0.0
    assert _score(problem, _letters(range(k + 1))) == 0.0
    assert _score(problem, "A " * k) == 0.0
    assert _score(problem, _letters(range(k - 1)) + " Z") == 0.0
    for line in problem.prompt.splitlines():
        if line.startswith("Set "):
            assert _score(problem, line) == 0.0
            assert _score(problem, line.split(": ")[1]) == 0.0


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), picks=st.lists(st.integers(0, 15), min_size=1, max_size=6))
def test_only_exactly_k_distinct_sets_are_scored(seed, picks):
    problem = _gen(ENV, seed, 0.5)
    meta = problem.meta
    picks = [p % len(meta["sets"]) for p in picks]
    valid = len(picks) == meta["k"] == len(set(picks))
    want = gap(_weight(meta, picks), meta["baseline"], meta["best"]) if valid else 0.0
    assert _score(problem, _letters(picks)) == want
