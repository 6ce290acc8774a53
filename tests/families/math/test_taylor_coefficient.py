"""What ``rlvr/TaylorCoefficient-v0`` must do (sympy.series is the oracle)."""

from __future__ import annotations

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from rlvr_envs.mathcheck.parse import parse
from rlvr_envs.mathcheck.symbolic import to_sympy
from tests.families.math.helpers import _score

ID = "rlvr/TaylorCoefficient-v0"
X = sympy.Symbol("x")


def _oracle(problem):
    f = to_sympy(parse(problem.meta["function"]))
    k = problem.meta["power"]
    return sympy.series(f, X, 0, k + 1).removeO().coeff(X, k)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_reference_is_sympys_series_coefficient(seed, difficulty):
    problem = rlvr_envs.make_task(ID).generate(seed=seed, difficulty=difficulty)
    value = _oracle(problem)
    assert value == sympy.Rational(problem.answer)
    p, q = value.p, value.q
    if q > 1:
        assert _score(problem, f"\\frac{{{p}}}{{{q}}}").reward == 1.0
        assert _score(problem, f"{5 * p}/{5 * q}").reward == 0.0  # not in lowest terms
        assert _score(problem, str(sympy.N(value, 30))).reward == 0.0  # a decimal
    assert _score(problem, str(value + 1)).reward == 0.0
    assert _score(problem, str(-value)).reward == 0.0


@settings(max_examples=20, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    shape=st.sampled_from(["product", "rational", "trig", "log", "composition"]),
)
def test_every_shape_matches_sympy_and_the_function_echo_fails(seed, shape):
    knobs = {"shape": shape, "order": 6, "coefficient": 4}
    problem = rlvr_envs.make_task(ID).generate(seed=seed, knobs=knobs)
    assert _oracle(problem) == sympy.Rational(problem.answer)
    assert _score(problem, problem.meta["function"]).reward == 0.0
    k = problem.meta["power"]
    assert (
        _score(problem, f"{problem.answer}x^{{{k}}}").reward == 0.0
    )  # the term, not the coefficient


def test_hard_instances_ask_high_orders():
    task = rlvr_envs.make_task(ID)
    problems = [task.generate(seed=s, difficulty=1.0) for s in range(20)]
    assert all(p.meta["power"] >= 7 for p in problems)
    assert all(p.knobs["shape"] == "composition" for p in problems)
