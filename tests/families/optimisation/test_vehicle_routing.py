"""What ``rlvr/VehicleRouting-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st
from sympy.utilities.iterables import multiset_partitions

from tests.families.optimisation.helpers import _gen, _score, gap

ENV = "rlvr/VehicleRouting-v0"


def _dist(a, b):
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def _length(places, route):
    stops = [places[0], *(places[c + 1] for c in route), places[0]]
    return sum(_dist(a, b) for a, b in itertools.pairwise(stops))


def _shortest(places, group):
    return min(_length(places, list(order)) for order in itertools.permutations(group))


def test_the_optimum_is_the_best_partition_into_fitting_routes():
    for seed in range(5):
        problem = _gen(ENV, seed, 0.0)
        meta = problem.meta
        n = len(meta["demand"])
        best = min(
            sum(_shortest(meta["places"], g) for g in parts)
            for parts in multiset_partitions(list(range(n)))
            if all(sum(meta["demand"][c] for c in g) <= 10 for g in parts)
        )
        assert best == meta["best"]


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), labels=st.lists(st.integers(0, 3), min_size=8, max_size=8),
       shuffle=st.randoms(use_true_random=False))  # fmt: skip
def test_any_routes_are_graded_by_distance_when_every_route_fits(seed, labels, shuffle):
    problem = _gen(ENV, seed, 0.5)
    meta = problem.meta
    routes: dict[int, list[int]] = {}
    for c in range(len(meta["demand"])):
        routes.setdefault(labels[c], []).append(c)
    for route in routes.values():
        shuffle.shuffle(route)
    fits = all(sum(meta["demand"][c] for c in r) <= 10 for r in routes.values())
    total = sum(_length(meta["places"], r) for r in routes.values())
    want = gap(total, meta["baseline"], meta["best"]) if fits else 0.0
    text = " | ".join(" ".join(f"C{c + 1}" for c in r) for r in routes.values())
    assert _score(problem, text) == want


def test_reversed_routes_are_right_and_missing_or_repeated_customers_are_refused():
    problem = _gen(ENV, 2, 0.5)
    routes = [r.split() for r in problem.answer.split("|")]
    assert _score(problem, " | ".join(" ".join(r[::-1]) for r in routes[::-1])) == 1.0
    assert _score(problem, " | ".join(" ".join(r) for r in routes)[:-2]) == 0.0
    assert _score(problem, problem.answer + " | " + routes[0][0]) == 0.0
