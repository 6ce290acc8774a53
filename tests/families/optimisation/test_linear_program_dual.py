"""What ``rlvr/LinearProgramDual-v0`` must do beyond the generic family contract."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.optimize import linprog

from tests.families.optimisation.helpers import _gen, _score, gap

ENV = "rlvr/LinearProgramDual-v0"


def _answer(bound, y):
    return f"{bound}; " + ", ".join(str(v) for v in y)


def _covers(meta, y):
    return all(v >= 0 for v in y) and all(
        sum(v * row[j] for v, row in zip(y, meta["a"])) >= c for j, c in enumerate(meta["c"])
    )


def test_the_value_is_the_primal_optimum_of_scipy_and_the_reference_certifies_it():
    for seed in range(12):
        problem = _gen(ENV, seed, seed / 11)
        meta = problem.meta
        res = linprog([-c for c in meta["c"]], A_ub=meta["a"], b_ub=meta["b"], bounds=(0, None))
        assert abs(-res.fun - float(Fraction(meta["best"]))) < 1e-7
        value, ys = problem.answer.split(";")
        y = [Fraction(v) for v in ys.split(",")]
        assert _covers(meta, y) and sum(v * b for v, b in zip(y, meta["b"])) == Fraction(value)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), nums=st.lists(st.integers(0, 12), min_size=4, max_size=4),
       den=st.integers(1, 5))  # fmt: skip
def test_any_multipliers_are_scored_by_the_bound_they_prove(seed, nums, den):
    problem = _gen(ENV, seed, 0.0)
    meta = problem.meta
    y = [Fraction(v, den) for v in nums[: len(meta["b"])]]
    bound = sum(v * b for v, b in zip(y, meta["b"]))
    want = 0.0
    if _covers(meta, y):
        want = gap(bound, Fraction(meta["baseline"]), Fraction(meta["best"]))
    assert _score(problem, _answer(bound, y)) == want


def test_a_value_the_multipliers_do_not_prove_earns_nothing():
    problem = _gen(ENV, 2, 0.5)
    value, ys = problem.answer.split(";")
    y = [Fraction(v) for v in ys.split(",")]
    assert _score(problem, _answer(Fraction(value) + 1, y)) == 0.0  # claims more than proved
    assert _score(problem, value) == 0.0  # the value alone, without a certificate
    big = [v + 1 for v in y]  # still covers, proves a weaker bound than the optimum
    bound = sum(v * b for v, b in zip(big, problem.meta["b"]))
    assert _score(problem, _answer(bound, big)) < 1.0
    assert _score(problem, _answer(-1, [-1] * len(y))) == 0.0
