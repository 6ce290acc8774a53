"""What ``rlvr/PolynomialExtrema-v0`` must do (sympy solves f' = 0 as the oracle)."""

from __future__ import annotations

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from tests.families.math.helpers import _score

ID = "rlvr/PolynomialExtrema-v0"
X = sympy.Symbol("x")


def _oracle(problem):
    """(x, f(x)) of the asked extremum, found independently with sympy."""
    meta = problem.meta
    f = sum(sympy.Rational(c) * X**i for i, c in enumerate(meta["polynomial"]))
    fp = sympy.diff(f, X)
    critical = sorted(sympy.solve(fp, X))
    prompt = problem.prompt
    maximum = "maximum" in prompt.split("Find", 1)[1]
    if "interval" in meta:
        lo, hi = (sympy.Rational(t) for t in meta["interval"])
        candidates = [lo, hi, *[c for c in critical if lo <= c <= hi]]
    elif "all real numbers" in prompt:
        candidates = critical
    else:  # the one local max (min): f' changes sign from + to - (- to +)
        eps = sympy.Rational(1, 1000)
        candidates = [
            c
            for c in critical
            if (fp.subs(X, c - eps) > 0 > fp.subs(X, c + eps)) == maximum
            and fp.subs(X, c - eps) * fp.subs(X, c + eps) < 0
        ]
        assert len(candidates) == 1
    best = (max if maximum else min)(candidates, key=lambda t: f.subs(X, t))
    return best, f.subs(X, best)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_reference_matches_sympy(seed, difficulty):
    problem = rlvr_envs.make_task(ID).generate(seed=seed, difficulty=difficulty)
    x, y = _oracle(problem)
    target = problem.meta["target"]
    if target == "value":
        assert sympy.Rational(problem.answer) == y
        assert _score(problem, str(y + 1)).reward == 0.0
        assert _score(problem, str(x)).reward == 0.0 or x == y
    elif target == "x":
        assert sympy.Rational(problem.answer) == x
        assert _score(problem, f"x = {x}").reward == 1.0
        assert _score(problem, f"y = {x}").reward == 0.0
        assert _score(problem, str(y)).reward == 0.0 or x == y
    else:
        assert problem.answer == f"({x}, {y})"
        assert _score(problem, f"{x}, {y}").reward == 1.0
        assert _score(problem, f"({y}, {x})").reward == 0.0 or x == y
        assert _score(problem, f"({x})").reward == 0.0
        assert _score(problem, f"({x}, {y}, 0)").reward == 0.0


def test_fractions_in_latex_and_decimals():
    task = rlvr_envs.make_task(ID)
    seen = 0
    for seed in range(80):
        problem = task.generate(
            seed=seed, knobs={"degree": 4, "ask": "interval", "roots": "rational"}
        )
        if problem.meta["target"] == "point":
            continue
        value = sympy.Rational(problem.answer)
        if value.q == 1:
            continue
        seen += 1
        assert _score(problem, f"\\frac{{{value.p}}}{{{value.q}}}").reward == 1.0
        assert _score(problem, str(sympy.N(value, 25))).reward == 0.0
    assert seen > 5


def test_hard_instances_have_a_stationary_point_that_is_no_extremum():
    task = rlvr_envs.make_task(ID)
    for seed in range(10):
        problem = task.generate(seed=seed, difficulty=1.0)
        coefficients = [sympy.Rational(c) for c in problem.meta["polynomial"]]
        f = sum(c * X**i for i, c in enumerate(coefficients))
        roots = sympy.roots(sympy.Poly(sympy.diff(f, X), X))
        assert len(coefficients) == 6 and 2 in roots.values()
