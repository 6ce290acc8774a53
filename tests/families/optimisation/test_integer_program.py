"""What ``rlvr/IntegerProgram-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.optimize import Bounds, LinearConstraint, milp

from tests.families.optimisation.helpers import _gen, _score, gap

ENV = "rlvr/IntegerProgram-v0"


def _fits(meta, x):
    return all(0 <= v <= meta["bound"] for v in x) and all(
        sum(k * v for k, v in zip(row, x)) <= lim for row, lim in zip(meta["a"], meta["b"])
    )


def _greedy(meta):
    """Raise the variables in turn, largest objective coefficient first, as far as they go."""
    x = [0] * len(meta["c"])
    for j in sorted(range(len(x)), key=lambda j: (-meta["c"][j], j)):
        while x[j] < meta["bound"] and _fits(meta, [*x[:j], x[j] + 1, *x[j + 1 :]]):
            x[j] += 1
    return sum(c * v for c, v in zip(meta["c"], x))


def test_the_optimum_matches_a_milp_solver_and_the_baseline_is_greedy():
    for seed in range(12):
        problem = _gen(ENV, seed, seed / 11)
        meta = problem.meta
        rows = LinearConstraint(meta["a"], ub=meta["b"])
        whole = np.ones(len(meta["c"]))
        res = milp(-np.array(meta["c"]), constraints=rows, integrality=whole,
                   bounds=Bounds(0, meta["bound"]))  # fmt: skip
        assert round(-res.fun) == meta["best"]
        assert _greedy(meta) == meta["baseline"]
        assert _score(problem, problem.answer) == 1.0
        solver_point = ", ".join(str(round(v)) for v in res.x)
        assert _score(problem, solver_point) == 1.0  # another optimum, where there are ties


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), x=st.lists(st.integers(0, 9), min_size=4, max_size=4))
def test_any_whole_point_is_scored_by_feasibility_and_its_objective(seed, x):
    problem = _gen(ENV, seed, 1.0)
    meta = problem.meta
    x = x[: len(meta["c"])]
    value = sum(c * v for c, v in zip(meta["c"], x))
    want = gap(value, meta["baseline"], meta["best"]) if _fits(meta, x) else 0.0
    assert _score(problem, "(" + ", ".join(map(str, x)) + ")") == want


def test_fractions_and_wrong_lengths_are_refused():
    problem = _gen(ENV, 0, 0.5)
    n = len(problem.meta["c"])
    assert _score(problem, ", ".join(["1/2"] * n)) == 0.0
    assert _score(problem, ", ".join(["1"] * (n + 1))) == 0.0
