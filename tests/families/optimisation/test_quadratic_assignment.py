"""What ``rlvr/QuadraticAssignment-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.spatial.distance import cdist

from tests.families.optimisation.helpers import _gen, _score, gap

ENV = "rlvr/QuadraticAssignment-v0"


def _cost(flow, dist, place):
    """Half the trace form: sum over ordered pairs of flow[a][b] * dist[p(a)][p(b)]."""
    p = list(place)
    return int((np.array(flow) * dist[np.ix_(p, p)]).sum()) // 2


def test_the_optimum_and_baseline_follow_from_every_placement():
    for seed in range(6):
        problem = _gen(ENV, seed, 0.4)
        flow, rooms = problem.meta["flow"], problem.meta["rooms"]
        dist = cdist(rooms, rooms, "cityblock").astype(int)
        costs = {p: _cost(flow, dist, p) for p in itertools.permutations(range(len(rooms)))}
        ranked = sorted(costs.values())
        tenth = max(1, len(ranked) // 10)
        assert (ranked[0], ranked[tenth]) == (problem.meta["best"], problem.meta["baseline"])
        for place, value in itertools.islice(costs.items(), 0, None, 9):
            want = gap(value, ranked[tenth], ranked[0])
            assert _score(problem, " ".join(f"R{r + 1}" for r in place)) == want


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), place=st.permutations(range(7)))
def test_any_placement_scores_by_its_cost(seed, place):
    problem = _gen(ENV, seed, 1.0)
    flow, rooms = problem.meta["flow"], problem.meta["rooms"]
    dist = cdist(rooms, rooms, "cityblock").astype(int)
    want = gap(_cost(flow, dist, place), problem.meta["baseline"], problem.meta["best"])
    assert _score(problem, " ".join(str(r + 1) for r in place)) == want


def test_a_room_twice_or_a_missing_room_is_refused():
    problem = _gen(ENV, 0, 0.5)
    rooms = problem.answer.split()
    assert _score(problem, " ".join(rooms[:-1])) == 0.0
    assert _score(problem, " ".join([*rooms[:-1], rooms[0]])) == 0.0
