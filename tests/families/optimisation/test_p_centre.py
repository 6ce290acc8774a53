"""What ``rlvr/PCentre-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools
import string

from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.spatial.distance import cdist

from tests.families.optimisation.helpers import _gen, _score, gap

ENV = "rlvr/PCentre-v0"


def _distances(meta):
    return cdist(meta["sites"], meta["clients"], "cityblock")  # sites x clients


def _radius(d, opened):
    return int(d[list(opened)].min(axis=0).max())


def _farthest_first(d, p):
    opened = [min(range(len(d)), key=lambda j: (d[j].max(), j))]
    while len(opened) < p:
        far = max(range(d.shape[1]), key=lambda c: (min(d[j][c] for j in opened), -c))
        opened.append(min((j for j in range(len(d)) if j not in opened),
                          key=lambda j: (d[j][far], j)))  # fmt: skip
    return _radius(d, opened)


def _letters(chosen):
    return " ".join(string.ascii_uppercase[j] for j in chosen)


def test_the_optimum_is_the_least_radius_and_the_baseline_is_farthest_first():
    for seed in range(10):
        problem = _gen(ENV, seed, 0.5)
        meta, d = problem.meta, _distances(problem.meta)
        radii = {c: _radius(d, c) for c in itertools.combinations(range(len(d)), meta["p"])}
        assert min(radii.values()) == meta["best"]
        assert _farthest_first(d, meta["p"]) == meta["baseline"] > meta["best"]
        for choice, value in radii.items():
            assert _score(problem, _letters(choice)) == gap(value, meta["baseline"], meta["best"])
        assert sum(_score(problem, _letters(c)) == 1.0 for c in radii) >= 1


def test_coordinates_and_wrong_counts_earn_nothing():
    for seed in range(6):
        problem = _gen(ENV, seed, 0.5)
        x, y = problem.meta["sites"][0]
        p = problem.meta["p"]
        assert _score(problem, f"({x}, {y})") == 0.0
        assert _score(problem, f"{x} {y}") == 0.0
        assert _score(problem, _letters(range(p + 1))) == 0.0
        assert _score(problem, "A " * p) == 0.0


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), picks=st.lists(st.integers(0, 12), min_size=1, max_size=5))
def test_only_exactly_p_distinct_sites_are_scored(seed, picks):
    problem = _gen(ENV, seed, 0.5)
    meta, d = problem.meta, _distances(problem.meta)
    picks = [q % len(d) for q in picks]
    valid = len(picks) == meta["p"] == len(set(picks))
    want = gap(_radius(d, picks), meta["baseline"], meta["best"]) if valid else 0.0
    assert _score(problem, _letters(picks)) == want
