"""What ``rlvr/ParallelMachines-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import heapq
import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.optimisation.helpers import _gen, _score, gap

ENV = "rlvr/ParallelMachines-v0"


def _lpt(times, m):
    """LPT with a heap of (load, machine): the least-loaded machine, lowest number on ties."""
    heap = [(0, k) for k in range(m)]
    for t in sorted(times, reverse=True):
        load, k = heapq.heappop(heap)
        heapq.heappush(heap, (load + t, k))
    return max(load for load, _ in heap)


def _best(times, m):
    """The least makespan over every assignment of jobs to machines (small sizes only)."""
    return min(
        max(sum(t for t, k in zip(times, owner) if k == machine) for machine in range(m))
        for owner in itertools.product(range(m), repeat=len(times))
    )


def test_the_planted_optimum_is_the_least_makespan_and_the_baseline_lpt():
    for seed in range(6):
        problem = _gen(ENV, seed, 0.0)
        times, m = problem.meta["times"], problem.meta["machines"]
        assert _best(times, m) == problem.meta["best"] == sum(times) // m
        assert _lpt(times, m) == problem.meta["baseline"]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), owner=st.lists(st.integers(0, 3), min_size=12, max_size=12))
def test_any_assignment_scores_by_its_makespan(seed, owner):
    problem = _gen(ENV, seed, 1.0)
    times, m = problem.meta["times"], problem.meta["machines"]
    groups = {}
    for j in range(len(times)):
        groups.setdefault(owner[j], []).append(j)
    span = max(sum(times[j] for j in g) for g in groups.values())
    want = gap(span, problem.meta["baseline"], problem.meta["best"]) if len(groups) <= m else 0.0
    text = " | ".join(" ".join(f"J{j + 1}" for j in g) for g in groups.values())
    assert _score(problem, text) == want


def test_missing_repeated_and_extra_machines_are_refused():
    problem = _gen(ENV, 2, 0.5)
    groups = problem.answer.split("|")
    assert _score(problem, "|".join(groups[:-1])) == 0.0
    assert _score(problem, problem.answer + " | " + groups[0].split()[0]) == 0.0
    singles = " | ".join(str(j + 1) for j in range(len(problem.meta["times"])))
    assert _score(problem, singles) == 0.0  # one job a machine: more machines than there are
