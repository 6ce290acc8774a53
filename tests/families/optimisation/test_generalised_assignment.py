"""What ``rlvr/GeneralisedAssignment-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools
import string

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.optimize import Bounds, LinearConstraint, milp

from tests.families.optimisation.helpers import _gen, _score, gap

ENV = "rlvr/GeneralisedAssignment-v0"


def _cost(meta, agents):
    for a, cap in enumerate(meta["capacities"]):
        if sum(meta["weights"][i][a] for i, b in enumerate(agents) if b == a) > cap:
            return None
    return sum(meta["costs"][i][a] for i, a in enumerate(agents))


def _greedy(meta):
    room, total = list(meta["capacities"]), 0
    for cost, weight in zip(meta["costs"], meta["weights"]):
        agent = min((a for a in range(len(room)) if weight[a] <= room[a]),
                    key=lambda a: (cost[a], a))  # fmt: skip
        room[agent] -= weight[agent]
        total += cost[agent]
    return total


def _milp_optimum(meta):
    """x[i, a] binary: each job once, each agent within capacity."""
    c, w = np.array(meta["costs"]), np.array(meta["weights"])
    n, m = c.shape
    once = np.kron(np.eye(n), np.ones(m))
    load = np.hstack([np.diag(w[i]) for i in range(n)])
    res = milp(c.ravel(), integrality=np.ones(n * m), bounds=Bounds(0, 1),
               constraints=[LinearConstraint(once, 1, 1),
                            LinearConstraint(load, -np.inf, meta["capacities"])])  # fmt: skip
    return round(res.fun)


def _letters(agents):
    return " ".join(string.ascii_uppercase[a] for a in agents)


def test_the_optimum_is_the_milp_optimum_and_assignments_are_graded():
    for seed in range(8):
        problem = _gen(ENV, seed, 0.4)
        meta = problem.meta
        n, m = len(meta["costs"]), len(meta["capacities"])
        assert _milp_optimum(meta) == meta["best"]
        assert _greedy(meta) == meta["baseline"] > meta["best"]
        every = [(a, _cost(meta, a)) for a in itertools.product(range(m), repeat=n)]
        assert min(v for _, v in every if v is not None) == meta["best"]
        for agents, value in every[::37]:
            want = 0.0 if value is None else gap(value, meta["baseline"], meta["best"])
            assert _score(problem, _letters(agents)) == want


def test_wrong_lengths_and_unknown_agents_score_zero():
    problem = _gen(ENV, 3, 0.5)
    n = len(problem.meta["costs"])
    assert _score(problem, problem.answer.rsplit(" ", 1)[0]) == 0.0
    assert _score(problem, problem.answer + " A") == 0.0
    assert _score(problem, " ".join(["Z"] * n)) == 0.0
    assert _score(problem, " ".join(["1"] * n)) == 0.0
    assert _score(problem, problem.answer.lower()) == 1.0


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), agents=st.lists(st.integers(0, 3), min_size=8, max_size=8))
def test_any_assignment_scores_by_its_cost_within_capacity(seed, agents):
    problem = _gen(ENV, seed, 0.5)
    meta = problem.meta
    agents = [a % len(meta["capacities"]) for a in agents][: len(meta["costs"])]
    value = _cost(meta, agents)
    want = 0.0 if value is None else gap(value, meta["baseline"], meta["best"])
    assert _score(problem, _letters(agents)) == want
