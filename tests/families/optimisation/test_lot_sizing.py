"""What ``rlvr/LotSizing-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.optimize import Bounds, LinearConstraint, milp

from tests.families.optimisation.helpers import _gen, _score, gap

ENV = "rlvr/LotSizing-v0"


def _cost(plan, meta):
    stock, total = 0, 0
    for made, demand, setup in zip(plan, meta["demands"], meta["setups"]):
        stock += made - demand
        if stock < 0:
            return None
        total += setup * (made > 0) + meta["holding"] * stock
    return total


def _plan_for(produce_in, demands):
    """Each period's demand made in the latest producing period at or before it."""
    plan = [0] * len(demands)
    for t, d in enumerate(demands):
        earlier = [p for p in produce_in if p <= t]
        if d and not earlier:
            return None
        if d:
            plan[max(earlier)] += d
    return plan


def _every_setup_pattern(meta):
    t = len(meta["demands"])
    for pattern in itertools.product((0, 1), repeat=t):
        plan = _plan_for([k for k in range(t) if pattern[k]], meta["demands"])
        if plan is not None:
            yield plan


def _milp_optimum(meta):
    """Variables: quantities q_t, stocks s_t, set-ups y_t (binary); q_t <= M y_t."""
    d, k, h = meta["demands"], meta["setups"], meta["holding"]
    t, big = len(d), sum(d)
    c = np.concatenate([np.zeros(t), np.full(t, h), k])
    rows, lo, hi = [], [], []
    for p in range(t):  # s_{p-1} + q_p - s_p = d_p
        row = np.zeros(3 * t)
        row[p], row[t + p] = 1, -1
        if p:
            row[t + p - 1] = 1
        rows.append(row), lo.append(d[p]), hi.append(d[p])
        row = np.zeros(3 * t)
        row[p], row[2 * t + p] = 1, -big
        rows.append(row), lo.append(-np.inf), hi.append(0)
    integrality = np.concatenate([np.ones(2 * t), np.ones(t)])
    upper = np.concatenate([np.full(2 * t, big), np.ones(t)])
    res = milp(c, constraints=LinearConstraint(np.array(rows), lo, hi),
               integrality=integrality, bounds=Bounds(0, upper))  # fmt: skip
    return round(res.fun)


def test_the_optimum_is_the_best_setup_pattern_and_plans_are_graded():
    for seed in range(8):
        problem = _gen(ENV, seed, 0.5)
        meta = problem.meta
        plans = list(_every_setup_pattern(meta))
        costs = [_cost(plan, meta) for plan in plans]
        assert min(costs) == meta["best"] == _milp_optimum(meta)
        lot_for_lot = meta["demands"]
        assert _cost(lot_for_lot, meta) == meta["baseline"]
        assert _score(problem, " ".join(map(str, lot_for_lot))) == 0.0
        for plan, value in list(zip(plans, costs))[::7]:
            want = gap(value, meta["baseline"], meta["best"])
            assert _score(problem, " ".join(map(str, plan))) == want


def test_running_out_of_stock_and_wrong_lengths_score_zero():
    problem = _gen(ENV, 2, 0.5)
    demands = problem.meta["demands"]
    short = [0, *demands[1:]] if demands[0] else [*demands[:-1], 0]
    if not demands[0] and not demands[-1]:
        short = [sum(demands) - 1] + [0] * (len(demands) - 1)
    assert _score(problem, " ".join(map(str, short))) == 0.0
    assert _score(problem, " ".join(map(str, demands[:-1]))) == 0.0
    assert _score(problem, problem.answer + " 0") == 0.0
    assert _score(problem, problem.answer.replace(" ", " -", 1)) == 0.0


def test_a_line_of_the_prompt_is_not_an_answer():
    for seed in range(5):
        problem = _gen(ENV, seed, 0.5)
        for line in problem.prompt.splitlines():
            if line.startswith("Period"):
                assert _score(problem, line) == 0.0


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), plan=st.lists(st.integers(0, 400), min_size=3, max_size=12))
def test_any_plan_scores_by_its_cost(seed, plan):
    problem = _gen(ENV, seed, 0.3)
    meta = problem.meta
    plan = (plan * 4)[: len(meta["demands"])]
    value = _cost(plan, meta)
    want = 0.0 if value is None else gap(value, meta["baseline"], meta["best"])
    assert _score(problem, " ".join(map(str, plan))) == want
