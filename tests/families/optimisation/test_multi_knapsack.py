"""What ``rlvr/MultiKnapsack-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools

import numpy as np
from scipy.optimize import Bounds, LinearConstraint, milp

from tests.families.optimisation.helpers import _gen, _score, gap

ENV = "rlvr/MultiKnapsack-v0"


def _milp_best(values, weights, limits):
    """The optimum by scipy's MILP solver (HiGHS), independent of the family's enumeration."""
    w = np.array(weights).T
    res = milp(-np.array(values), constraints=LinearConstraint(w, ub=limits),
               integrality=np.ones(len(values)), bounds=Bounds(0, 1))  # fmt: skip
    return round(-res.fun)


def test_the_optimum_matches_a_milp_solver_and_every_selection_is_graded():
    for seed in range(12):
        problem = _gen(ENV, seed, 0.4)
        meta = problem.meta
        assert meta["best"] == _milp_best(meta["values"], meta["weights"], meta["limits"])
        n = len(meta["values"])
        for size in (1, 2, 3):
            for chosen in itertools.islice(itertools.combinations(range(n), size), 15):
                fits = all(sum(meta["weights"][i][d] for i in chosen) <= c
                           for d, c in enumerate(meta["limits"]))  # fmt: skip
                value = sum(meta["values"][i] for i in chosen)
                want = gap(value, meta["baseline"], meta["best"]) if fits else 0.0
                assert _score(problem, " ".join(str(i + 1) for i in chosen)) == want


def test_repeats_and_unknown_items_are_refused():
    problem = _gen(ENV, 1, 0.5)
    first = problem.answer.split()[0]
    assert _score(problem, f"{problem.answer} {first}") == 0.0
    assert _score(problem, f"{problem.answer} 99") == 0.0
    assert _score(problem, "") == 0.0
