"""What ``rlvr/Limit-v0`` must do beyond the generic family contract (sympy.limit is the oracle)."""

from __future__ import annotations

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from rlvr_envs.mathcheck.parse import parse
from rlvr_envs.mathcheck.symbolic import to_sympy
from tests.families.math.helpers import _score

ID = "rlvr/Limit-v0"
X = sympy.Symbol("x")
KINDS = ["infinity", "trig", "exponential", "rational", "lhospital"]


def _sp(text: str):
    return to_sympy(parse(text))


def _oracle(problem):
    meta = problem.meta
    point = sympy.oo if meta["point"] == "\\infty" else _sp(meta["point"])
    return sympy.limit(_sp(meta["expression"]), X, point)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_reference_is_sympys_limit(seed, difficulty):
    problem = rlvr_envs.make_task(ID).generate(seed=seed, difficulty=difficulty)
    assert sympy.simplify(_oracle(problem) - _sp(problem.answer)) == 0


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), kind=st.sampled_from(KINDS))
def test_other_forms_score_and_wrong_answers_fail(seed, kind):
    problem = rlvr_envs.make_task(ID).generate(
        seed=seed, knobs={"kind": kind, "order": 2, "coefficient": 5}
    )
    value = _oracle(problem)
    if value.is_Rational:
        assert _score(problem, f"{value.p}/{value.q}" if value.q > 1 else str(value.p)).reward == 1
        if value.q > 1:
            assert _score(problem, f"\\frac{{{value.p}}}{{{value.q}}}").reward == 1.0
            assert _score(problem, f"{2 * value.p}/{2 * value.q}").reward == 0.0
            assert _score(problem, str(sympy.N(value, 12))).reward == 0.0
    else:  # e^k
        k = sympy.log(value)
        assert _score(problem, f"e^{{{k}}}").reward == 1.0
        assert _score(problem, f"e^{{{k + 1}}}").reward == 0.0
        assert _score(problem, f"\\exp({k})").reward == 1.0  # e^{k} spelt exp (issue 26)
        assert _score(problem, f"\\exp({k + 1})").reward == 0.0
    assert _score(problem, "\\infty").reward == 0.0
    assert _score(problem, "does not exist").reward == 0.0
    assert _score(problem, problem.meta["expression"]).reward == 0.0


def test_hard_instances_need_several_lhospital_steps():
    task = rlvr_envs.make_task(ID)
    for seed in range(15):
        problem = task.generate(seed=seed, difficulty=1.0)
        assert problem.knobs["kind"] == "lhospital"
        expr = _sp(problem.meta["expression"])
        _, bottom = sympy.fraction(sympy.together(expr))
        # numerator and denominator vanish to order >= 3 at 0: L'Hospital three times
        assert sympy.series(bottom, X, 0, 3).removeO() == 0
