"""What ``rlvr/JobShop-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.optimize import Bounds, LinearConstraint, milp

from tests.families.optimisation.helpers import _gen, _score, gap

ENV = "rlvr/JobShop-v0"


def _milp_makespan(routes):
    """The least makespan by a disjunctive integer programme: start times, the makespan,
    and one order bit per pair of operations sharing a machine (big-M)."""
    ops = [(j, k) for j, route in enumerate(routes) for k in range(len(route))]
    index = {op: i for i, op in enumerate(ops)}
    pairs = [
        (a, b)
        for a, b in itertools.combinations(ops, 2)
        if routes[a[0]][a[1]][0] == routes[b[0]][b[1]][0]
    ]
    size = len(ops) + 1 + len(pairs)
    big = sum(h for route in routes for _, h in route)
    rows, low, high = [], [], []

    def row(coefs):
        r = np.zeros(size)
        for i, c in coefs:
            r[i] += c
        return r

    for j, route in enumerate(routes):
        for k in range(len(route) - 1):  # route order
            rows.append(row([(index[j, k + 1], 1), (index[j, k], -1)]))
            low.append(route[k][1])
            high.append(np.inf)
        rows.append(row([(len(ops), 1), (index[j, len(route) - 1], -1)]))  # makespan
        low.append(route[-1][1])
        high.append(np.inf)
    for p, (a, b) in enumerate(pairs):
        y = len(ops) + 1 + p
        ha, hb = routes[a[0]][a[1]][1], routes[b[0]][b[1]][1]
        rows.append(row([(index[b], 1), (index[a], -1), (y, -big)]))  # y=0: a before b
        low.append(ha - big)
        high.append(np.inf)
        rows.append(row([(index[a], 1), (index[b], -1), (y, big)]))  # y=1: b before a
        low.append(hb)
        high.append(np.inf)
    cost = np.zeros(size)
    cost[len(ops)] = 1
    integrality = np.array([0] * (len(ops) + 1) + [1] * len(pairs))
    upper = np.array([big] * (len(ops) + 1) + [1] * len(pairs), dtype=float)
    result = milp(cost, constraints=LinearConstraint(np.array(rows), low, high),
                  integrality=integrality, bounds=Bounds(0, upper))  # fmt: skip
    return round(result.fun)


def _greedy(routes):
    """The baseline rule written again: of the next operations, start the one with the
    earliest possible start (ties by lowest job) at that start."""
    n = len(routes)
    step, job_free = [0] * n, [0] * n
    machine_free: dict[int, int] = {}
    while any(step[j] < len(routes[j]) for j in range(n)):
        options = []
        for j in range(n):
            if step[j] < len(routes[j]):
                machine, hours = routes[j][step[j]]
                options.append((max(job_free[j], machine_free.get(machine, 0)), j))
        start, j = min(options)
        machine, hours = routes[j][step[j]]
        job_free[j] = machine_free[machine] = start + hours
        step[j] += 1
    return max(job_free)


def _valid(routes, starts):
    """Route order and one operation per machine, checked pairwise."""
    ops = [(s, s + h, m) for route, row in zip(routes, starts) for (m, h), s in zip(route, row)]
    for route, row in zip(routes, starts):
        if any(row[k + 1] < row[k] + route[k][1] for k in range(len(row) - 1)):
            return False
    return all(
        a[2] != b[2] or a[1] <= b[0] or b[1] <= a[0] for a, b in itertools.combinations(ops, 2)
    )


def _text(starts):
    return " | ".join(" ".join(map(str, row)) for row in starts)


def test_the_optimum_matches_an_integer_programme_and_the_baseline_the_greedy_rule():
    for seed, difficulty in [(0, 0.0), (1, 0.0), (2, 0.5), (3, 0.5)]:
        problem = _gen(ENV, seed, difficulty)
        routes = problem.meta["routes"]
        assert _milp_makespan(routes) == problem.meta["best"]
        assert _greedy(routes) == problem.meta["baseline"] > problem.meta["best"]
        assert _score(problem, problem.answer) == 1.0


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), shifts=st.lists(st.integers(-3, 6), min_size=16, max_size=16))
def test_moved_operations_score_by_validity_and_makespan(seed, shifts):
    problem = _gen(ENV, seed, 0.5)
    routes = problem.meta["routes"]
    starts = [[int(t) for t in part.split()] for part in problem.answer.split("|")]
    flat = iter(shifts)
    moved = [[max(0, s + next(flat)) for s in row] for row in starts]
    if _valid(routes, moved):
        span = max(s + h for route, row in zip(routes, moved) for (_, h), s in zip(route, row))
        want = gap(span, problem.meta["baseline"], problem.meta["best"])
    else:
        want = 0.0
    assert _score(problem, _text(moved)) == want


def test_running_the_jobs_one_after_another_is_valid_and_earns_nothing():
    problem = _gen(ENV, 4, 0.5)
    routes = problem.meta["routes"]
    clock, starts = 0, []
    for route in routes:
        row = []
        for _, hours in route:
            row.append(clock)
            clock += hours
        starts.append(row)
    assert _valid(routes, starts)
    assert _score(problem, _text(starts)) == 0.0


def test_malformed_and_clashing_schedules_are_refused():
    problem = _gen(ENV, 1, 0.5)
    parts = problem.answer.split("|")
    assert _score(problem, "|".join(parts[:-1])) == 0.0
    assert _score(problem, "|".join([parts[0] + " 0", *parts[1:]])) == 0.0
    assert _score(problem, "|".join(["-1 " + " ".join(parts[0].split()[1:]), *parts[1:]])) == 0.0
    zeros = " | ".join(" ".join("0" for _ in route) for route in problem.meta["routes"])
    assert _score(problem, zeros) == 0.0
