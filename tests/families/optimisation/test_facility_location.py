"""What ``rlvr/FacilityLocation-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.optimize import Bounds, LinearConstraint, milp

from tests.families.optimisation.helpers import _gen, _score, gap

ENV = "rlvr/FacilityLocation-v0"


def _total(opening, serve, sites):
    return sum(opening[f] for f in sites) + sum(min(row[f] for f in sites) for row in serve)


def _milp_best(opening, serve):
    """The textbook MILP: y_f opens site f, x_cf serves c from f, x_cf <= y_f, sum_f x_cf = 1."""
    m, n = len(opening), len(serve)
    cost = np.concatenate([opening, np.array(serve).ravel()])  # y then x (customer-major)
    rows, lows, highs = [], [], []
    for c in range(n):
        row = np.zeros(m + n * m)
        row[m + c * m : m + c * m + m] = 1
        rows.append(row), lows.append(1), highs.append(1)
        for f in range(m):
            link = np.zeros(m + n * m)
            link[m + c * m + f], link[f] = 1, -1
            rows.append(link), lows.append(-np.inf), highs.append(0)
    res = milp(cost, constraints=LinearConstraint(np.array(rows), lows, highs),
               integrality=np.ones(m + n * m), bounds=Bounds(0, 1))  # fmt: skip
    return round(res.fun)


def _greedy(opening, serve):
    chosen, best = [], None
    while len(chosen) < len(opening):
        cost, site = min((_total(opening, serve, [*chosen, f]), f)
                         for f in range(len(opening)) if f not in chosen)  # fmt: skip
        if best is not None and cost >= best:
            break
        chosen, best = [*chosen, site], cost
    return best


def test_the_optimum_matches_a_milp_solver_and_the_baseline_is_greedy():
    for seed in range(8):
        problem = _gen(ENV, seed, 0.4)
        opening, serve = problem.meta["opening"], problem.meta["serve"]
        assert problem.meta["best"] == _milp_best(opening, serve)
        assert problem.meta["baseline"] == _greedy(opening, serve)
        assert _score(problem, problem.answer) == 1.0


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), sites=st.sets(st.integers(0, 8), min_size=1))
def test_any_set_of_open_sites_scores_by_its_total(seed, sites):
    problem = _gen(ENV, seed, 0.5)
    opening, serve = problem.meta["opening"], problem.meta["serve"]
    sites = sorted({s % len(opening) for s in sites})
    want = gap(_total(opening, serve, sites), problem.meta["baseline"], problem.meta["best"])
    assert _score(problem, " ".join(f"F{s + 1}" for s in sites)) == want


def test_no_site_repeated_or_unknown_sites_are_refused():
    problem = _gen(ENV, 2, 0.5)
    assert _score(problem, "") == 0.0
    assert _score(problem, f"{problem.answer} {len(problem.meta['opening']) + 1}") == 0.0
    first = problem.answer.split()[0]
    assert _score(problem, f"{problem.answer} {first}") == 0.0
