"""What ``rlvr/KMedian-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.spatial.distance import cdist

from tests.families.optimisation.helpers import _gen, _score, gap

ENV = "rlvr/KMedian-v0"


def _cost(d, centres):
    return int(d[:, list(centres)].min(axis=1).sum())


def _greedy(d, k):
    chosen = []
    for _ in range(k):
        chosen.append(min((c for c in range(len(d)) if c not in chosen),
                          key=lambda c: (_cost(d, [*chosen, c]), c)))  # fmt: skip
    return _cost(d, chosen)


def test_the_optimum_is_the_best_of_every_choice_and_the_baseline_is_greedy():
    for seed in range(8):
        problem = _gen(ENV, seed, 0.5)
        d = cdist(problem.meta["points"], problem.meta["points"], "cityblock")
        k = problem.meta["k"]
        costs = {c: _cost(d, c) for c in itertools.combinations(range(len(d)), k)}
        assert min(costs.values()) == problem.meta["best"]
        assert _greedy(d, k) == problem.meta["baseline"]
        for choice, value in itertools.islice(costs.items(), 0, None, 11):
            want = gap(value, problem.meta["baseline"], problem.meta["best"])
            assert _score(problem, " ".join(f"P{c + 1}" for c in choice)) == want


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), picks=st.lists(st.integers(0, 20), min_size=1, max_size=6))
def test_only_exactly_k_distinct_points_are_scored(seed, picks):
    problem = _gen(ENV, seed, 0.5)
    n, k = len(problem.meta["points"]), problem.meta["k"]
    picks = [p % n for p in picks]
    d = cdist(problem.meta["points"], problem.meta["points"], "cityblock")
    valid = len(picks) == k and len(set(picks)) == k
    want = gap(_cost(d, picks), problem.meta["baseline"], problem.meta["best"]) if valid else 0.0
    assert _score(problem, " ".join(str(p + 1) for p in picks)) == want


def test_coordinates_copied_from_the_prompt_earn_nothing():
    for seed in range(10):
        problem = _gen(ENV, seed, 0.5)
        x, y = problem.meta["points"][0]
        assert _score(problem, f"({x}, {y})") == 0.0
