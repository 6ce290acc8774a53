"""What ``rlvr/OpenShop-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.optimisation.helpers import _gen, _score, gap

ENV = "rlvr/OpenShop-v0"


def _valid(times, starts):
    """No job and no machine busy twice at once, checked pairwise."""
    ops = [
        (j, k, s, s + t)
        for j, (row, srow) in enumerate(zip(times, starts))
        for k, (t, s) in enumerate(zip(row, srow))
    ]
    return all(
        (a[0] != b[0] and a[1] != b[1]) or a[3] <= b[2] or b[3] <= a[2]
        for a, b in itertools.combinations(ops, 2)
    )


def _span(times, starts):
    return int((np.array(times) + np.array(starts)).max())


def _greedy(times):
    """The baseline rule written again, over a list of the waiting operations."""
    n, m = len(times), len(times[0])
    waiting = sorted(itertools.product(range(n), range(m)))
    job_free, machine_free = [0] * n, [0] * m
    while waiting:
        start, j, k = min((max(job_free[j], machine_free[k]), j, k) for j, k in waiting)
        waiting.remove((j, k))
        job_free[j] = machine_free[k] = start + times[j][k]
    return max(job_free)


def _text(starts):
    return " | ".join(" ".join(map(str, row)) for row in starts)


def test_the_answer_reaches_the_load_bound_and_the_baseline_is_the_greedy_rule():
    for seed, difficulty in [(0, 0.0), (1, 0.5), (2, 1.0), (3, 0.5)]:
        problem = _gen(ENV, seed, difficulty)
        times = problem.meta["times"]
        bound = max(np.array(times).sum(axis=0).max(), np.array(times).sum(axis=1).max())
        starts = [[int(t) for t in part.split()] for part in problem.answer.split("|")]
        assert _valid(times, starts)
        assert _span(times, starts) == bound == problem.meta["best"]
        assert _greedy(times) == problem.meta["baseline"] > bound
        assert _score(problem, problem.answer) == 1.0


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), shifts=st.lists(st.integers(-3, 6), min_size=16, max_size=16))
def test_moved_operations_score_by_validity_and_makespan(seed, shifts):
    problem = _gen(ENV, seed, 0.5)
    times = problem.meta["times"]
    starts = [[int(t) for t in part.split()] for part in problem.answer.split("|")]
    flat = iter(shifts)
    moved = [[max(0, s + next(flat)) for s in row] for row in starts]
    want = (
        gap(_span(times, moved), problem.meta["baseline"], problem.meta["best"])
        if _valid(times, moved)
        else 0.0
    )
    assert _score(problem, _text(moved)) == want


def test_one_operation_at_a_time_is_valid_and_earns_nothing():
    problem = _gen(ENV, 4, 0.5)
    times = problem.meta["times"]
    clock, starts = 0, []
    for row in times:
        starts.append(list(itertools.accumulate([clock, *row[:-1]])))
        clock += sum(row)
    assert _valid(times, starts)
    assert _score(problem, _text(starts)) == 0.0


def test_malformed_and_clashing_schedules_are_refused():
    problem = _gen(ENV, 1, 0.5)
    parts = problem.answer.split("|")
    assert _score(problem, "|".join(parts[:-1])) == 0.0
    assert _score(problem, "|".join([parts[0] + " 0", *parts[1:]])) == 0.0
    zeros = " | ".join(" ".join("0" for _ in row) for row in problem.meta["times"])
    assert _score(problem, zeros) == 0.0
