"""What ``rlvr/LinearProgram-v0`` must do beyond the generic family contract."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.optimize import linprog

from tests.families.optimisation.helpers import _gen, _score, _verdict, gap

ENV = "rlvr/LinearProgram-v0"


def _objective(meta, x):
    return sum(Fraction(c) * v for c, v in zip(meta["c"], x))


def _fits(meta, x):
    return all(v >= 0 for v in x) and all(
        sum(k * v for k, v in zip(row, x)) <= lim for row, lim in zip(meta["a"], meta["b"])
    )


def test_the_optimum_matches_scipy_linprog_and_the_reference_is_exactly_feasible():
    for seed in range(12):
        problem = _gen(ENV, seed, seed / 11)
        meta = problem.meta
        res = linprog([-c for c in meta["c"]], A_ub=meta["a"], b_ub=meta["b"], bounds=(0, None))
        assert abs(-res.fun - float(Fraction(meta["best"]))) < 1e-7
        x = [Fraction(v) for v in problem.answer.strip("()").split(",")]
        assert _fits(meta, x) and _objective(meta, x) == Fraction(meta["best"])
        axis = max(c * min(Fraction(lim, row[j]) for row, lim in zip(meta["a"], meta["b"]))
                   for j, c in enumerate(meta["c"]))  # fmt: skip
        assert Fraction(meta["baseline"]) == axis


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), nums=st.lists(st.integers(0, 40), min_size=3, max_size=3),
       den=st.integers(1, 7))  # fmt: skip
def test_any_point_is_scored_by_feasibility_and_its_objective(seed, nums, den):
    problem = _gen(ENV, seed, 0.0)
    x = [Fraction(v, den) for v in nums[: len(problem.meta["c"])]]
    want = 0.0
    if _fits(problem.meta, x):
        want = gap(_objective(problem.meta, x), Fraction(problem.meta["baseline"]),
                   Fraction(problem.meta["best"]))  # fmt: skip
    assert _score(problem, "(" + ", ".join(str(v) for v in x) + ")") == want


def test_labels_and_decimals_are_read_and_rounded_points_are_not_optimal():
    problem = _gen(ENV, 4, 0.0)
    x = [Fraction(v) for v in problem.answer.strip("()").split(",")]
    labelled = ", ".join(f"{n} = {v}" for n, v in zip("xyz", x))
    assert _score(problem, labelled) == 1.0
    cut = [str(float(v))[:5] for v in x]  # truncated decimals: smaller, so still feasible
    verdict = _verdict(problem, ", ".join(cut))
    truncated = [Fraction(v) for v in cut]
    value = _objective(problem.meta, truncated)
    assert verdict.correct == (value == Fraction(problem.meta["best"]))
    assert verdict.reward == gap(value, Fraction(problem.meta["baseline"]),
                                 Fraction(problem.meta["best"]))  # fmt: skip
    assert _score(problem, "(1, 2, 3, 4, 5)") == 0.0
    assert _score(problem, ", ".join(f"{n} = 1" for n in "zyx"[-len(x) :])) == 0.0
