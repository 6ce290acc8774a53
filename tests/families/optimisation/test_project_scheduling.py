"""What ``rlvr/ProjectScheduling-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.optimize import Bounds, LinearConstraint, milp

from tests.families.optimisation.helpers import _gen, _score, gap

ENV = "rlvr/ProjectScheduling-v0"


def _milp_makespan(meta):
    """The least makespan by a time-indexed integer programme: x[a, t] = 1 when activity a
    starts on day t, one start each, precedences on the start days, crews day by day."""
    durations, needs, preds, caps = meta["durations"], meta["needs"], meta["preds"], meta["caps"]
    n, horizon = len(durations), sum(durations)
    size = n * horizon + 1
    var = lambda a, t: a * horizon + t  # noqa: E731
    rows, low, high = [], [], []
    for a in range(n):
        row = np.zeros(size)
        row[[var(a, t) for t in range(horizon)]] = 1
        rows.append(row), low.append(1), high.append(1)
        row = np.zeros(size)  # makespan >= start + duration
        row[-1] = 1
        for t in range(horizon):
            row[var(a, t)] = -(t + durations[a])
        rows.append(row), low.append(0), high.append(np.inf)
        for p in preds[a]:
            row = np.zeros(size)
            for t in range(horizon):
                row[var(a, t)] += t
                row[var(p, t)] -= t
            rows.append(row), low.append(durations[p]), high.append(np.inf)
    for r, cap in enumerate(caps):
        for day in range(horizon):
            row = np.zeros(size)
            for a in range(n):
                for t in range(max(0, day - durations[a] + 1), day + 1):
                    row[var(a, t)] = needs[a][r]
            rows.append(row), low.append(-np.inf), high.append(cap)
    cost = np.zeros(size)
    cost[-1] = 1
    integrality = np.ones(size)
    integrality[-1] = 0
    upper = np.ones(size)
    upper[-1] = horizon
    result = milp(cost, constraints=LinearConstraint(np.array(rows), low, high),
                  integrality=integrality, bounds=Bounds(0, upper))  # fmt: skip
    return round(result.fun)


def _keeps(meta, starts):
    """Precedences, then each crew on each day, counted directly."""
    durations = meta["durations"]
    for a, before in enumerate(meta["preds"]):
        if any(starts[a] < starts[p] + durations[p] for p in before):
            return False
    for r, cap in enumerate(meta["caps"]):
        for day in range(max(s + d for s, d in zip(starts, durations))):
            used = sum(
                meta["needs"][a][r]
                for a in range(len(starts))
                if starts[a] <= day < starts[a] + durations[a]
            )
            if used > cap:
                return False
    return True


def _serial(meta):
    """The baseline written again: activities in number order, each on the first day from
    its predecessors' end on which it fits under every crew for all its days."""
    durations, needs, caps = meta["durations"], meta["needs"], meta["caps"]
    load = np.zeros((sum(durations) + 1, len(caps)), dtype=int)
    ends = []
    for a, d in enumerate(durations):
        day = max([0, *(ends[p] for p in meta["preds"][a])])
        while (load[day : day + d] + needs[a] > caps).any():
            day += 1
        load[day : day + d] += needs[a]
        ends.append(day + d)
    return max(ends)


def test_the_optimum_matches_an_integer_programme_and_the_baseline_the_serial_rule():
    for seed, difficulty in [(0, 0.0), (1, 0.5), (2, 0.5), (3, 1.0)]:
        problem = _gen(ENV, seed, difficulty)
        meta = problem.meta
        assert _milp_makespan(meta) == meta["best"]
        assert _serial(meta) == meta["baseline"] > meta["best"]
        starts = [int(s) for s in problem.answer.split()]
        assert _keeps(meta, starts)
        assert _score(problem, problem.answer) == 1.0


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), shifts=st.lists(st.integers(-2, 5), min_size=9, max_size=9))
def test_moved_activities_score_by_validity_and_makespan(seed, shifts):
    problem = _gen(ENV, seed, 0.5)
    meta = problem.meta
    starts = [max(0, int(s) + d) for s, d in zip(problem.answer.split(), shifts)]
    span = max(s + d for s, d in zip(starts, meta["durations"]))
    want = gap(span, meta["baseline"], meta["best"]) if _keeps(meta, starts) else 0.0
    assert _score(problem, " ".join(map(str, starts))) == want


def test_one_activity_at_a_time_is_valid_and_malformed_answers_are_refused():
    problem = _gen(ENV, 5, 0.5)
    meta = problem.meta
    clock, starts = 0, []
    for d in meta["durations"]:
        starts.append(clock)
        clock += d
    assert _keeps(meta, starts)
    assert _score(problem, " ".join(map(str, starts))) == gap(
        clock, meta["baseline"], meta["best"])  # fmt: skip
    words = problem.answer.split()
    assert _score(problem, " ".join(words[:-1])) == 0.0
    assert _score(problem, " ".join([*words, "0"])) == 0.0
    assert _score(problem, " ".join("0" for _ in words)) == 0.0
