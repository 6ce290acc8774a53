"""What ``rlvr/WeightedTardiness-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.optimisation.helpers import _gen, _score, gap

ENV = "rlvr/WeightedTardiness-v0"


def _cost(jobs, order):
    end = list(itertools.accumulate(jobs[j][0] for j in order))
    return sum(jobs[j][2] * max(0, e - jobs[j][1]) for j, e in zip(order, end))


def test_the_optimum_is_the_best_of_every_order_and_the_baseline_swapped_edd():
    for seed in range(5):
        problem = _gen(ENV, seed, 0.0)
        jobs = problem.meta["jobs"]
        costs = {o: _cost(jobs, o) for o in itertools.permutations(range(len(jobs)))}
        assert min(costs.values()) == problem.meta["best"]
        order = sorted(range(len(jobs)), key=lambda j: (jobs[j][1], j))
        for i in range(len(order) - 1):  # one pass of neighbour swaps, each kept if it helps
            trial = [*order[:i], order[i + 1], order[i], *order[i + 2 :]]
            if _cost(jobs, trial) < _cost(jobs, order):
                order = trial
        assert _cost(jobs, order) == problem.meta["baseline"]
        for order, value in itertools.islice(costs.items(), 0, None, 13):
            want = gap(value, problem.meta["baseline"], problem.meta["best"])
            assert _score(problem, " ".join(str(j + 1) for j in order)) == want


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), order=st.permutations(range(9)))
def test_any_order_scores_by_its_cost(seed, order):
    problem = _gen(ENV, seed, 1.0)
    jobs = problem.meta["jobs"]
    order = [j for j in order if j < len(jobs)]
    want = gap(_cost(jobs, order), problem.meta["baseline"], problem.meta["best"])
    assert _score(problem, " ".join(str(j + 1) for j in order)) == want


def test_partial_and_repeated_orders_are_refused():
    problem = _gen(ENV, 1, 0.5)
    jobs = problem.answer.split()
    assert _score(problem, " ".join(jobs[:-1])) == 0.0
    assert _score(problem, " ".join([*jobs[:-1], jobs[0]])) == 0.0
