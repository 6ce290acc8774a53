"""What ``rlvr/Derivative-v0`` must do beyond the generic family contract (sympy is the oracle)."""

from __future__ import annotations

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from rlvr_envs.mathcheck.parse import parse
from rlvr_envs.mathcheck.symbolic import to_sympy
from tests.families.math.helpers import _score

ID = "rlvr/Derivative-v0"
X = sympy.Symbol("x")


def _sp(text: str):
    """Our own generated text as sympy (through the whitelist parser)."""
    return to_sympy(parse(text))


def _text(expr) -> str:
    return str(expr).replace("**", "^")


def _same(a, b) -> bool:
    if sympy.simplify(a - b) == 0:
        return True
    points = [sympy.Rational(p, 7) for p in (3, 5, 11, 13)]
    return all(abs(sympy.N((a - b).subs(X, p), 30)) < 1e-20 for p in points)


def _problem(seed: int, difficulty: float = 0.5, **knobs):
    task = rlvr_envs.make_task(ID)
    if knobs:
        return task.generate(seed=seed, knobs=knobs)
    return task.generate(seed=seed, difficulty=difficulty)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_reference_is_sympys_derivative(seed, difficulty):
    problem = _problem(seed, difficulty)
    derivative = sympy.diff(_sp(problem.meta["function"]), X)
    if problem.meta["form"] == "expression":
        assert _same(_sp(problem.answer), derivative), problem.answer
    else:
        point = _sp(problem.meta["point"])
        value = derivative.subs(X, point)
        assert abs(sympy.N(value - _sp(problem.answer), 40)) < 1e-30
        assert _score(problem, f"{problem.answer} + 1").reward == 0.0


@settings(max_examples=20, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    rule=st.sampled_from(["basic", "product", "chain", "quotient", "nested"]),
)
def test_sympys_own_form_scores_and_echoes_fail(seed, rule):
    problem = _problem(seed, rule=rule, coefficient=5, ask="expression")
    function = problem.meta["function"]
    derivative = sympy.diff(_sp(function), X)
    assert _score(problem, _text(derivative)).reward == 1.0
    assert _score(problem, _text(sympy.expand(derivative))).reward == 1.0
    assert _score(problem, function).reward == 0.0  # the function itself
    assert _score(problem, f"d/dx({function})").reward == 0.0
    assert _score(problem, f"{problem.answer} + x").reward == 0.0
    assert _score(problem, _text(2 * derivative)).reward == 0.0


def test_value_answers_in_other_forms_and_decimals():
    found = 0
    for seed in range(200):
        problem = _problem(seed, rule="product", coefficient=4, ask="mixed")
        if problem.meta["form"] != "exact":
            continue
        found += 1
        value = _sp(problem.answer)
        assert _score(problem, _text(value)).reward in (0.0, 1.0)
        assert _score(problem, str(sympy.N(value, 15))).reward == 0.0 or value.is_Integer
        if value.is_Rational and not value.is_Integer:
            p, q = value.p, value.q
            assert _score(problem, f"\\frac{{{p}}}{{{q}}}").reward == 1.0
            assert _score(problem, f"{2 * p}/{2 * q}").reward == 0.0  # not in lowest terms
    assert found > 20


def test_hard_instances_need_nested_rules():
    for seed in range(20):
        problem = _problem(seed, 1.0)
        assert problem.knobs["rule"] == "nested"
        assert problem.meta["steps"] >= 8  # a chain inside a chain inside a product/quotient


# -- issue 26: a term that vanishes at every sample point --------------------------------
# sin(N pi x) is 0 at every fraction whose denominator divides N; 360360 = lcm(1..15) covered
# every point the comparison drew before.
@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    rule=st.sampled_from(["basic", "product", "chain", "quotient", "nested"]),
    hack=st.sampled_from(
        [
            " + \\sin(360360\\pi x)",
            " + \\sin(12252240\\pi x)",
            " + 5\\sin(720720\\pi x)",
            " - \\sin(360360\\pi x)^{3}",
        ]
    ),
)
def test_a_term_vanishing_at_small_denominators_earns_nothing(seed, rule, hack):
    problem = _problem(seed, rule=rule, coefficient=4, ask="expression")
    assert _score(problem, problem.answer + hack).reward == 0.0
    derivative = sympy.diff(_sp(problem.meta["function"]), X)  # independent of ours
    for form in (derivative, sympy.expand(derivative), sympy.factor(derivative)):
        assert _score(problem, _text(form)).reward == 1.0


def test_a_kink_placed_beyond_the_sampled_range_earns_nothing():
    # |x - 100| + x - 100 and its square-root spelling vanish for every x below 100
    problems = [p for p in (_problem(s, 0.3) for s in range(12)) if "e^" not in p.answer][:4]
    assert problems
    for problem in problems:
        assert _score(problem, problem.answer).reward == 1.0
        for hack in (" + |x - 100| + x - 100", " + \\sqrt{x^{2} - 200x + 10000} + x - 100"):
            assert _score(problem, problem.answer + hack).reward == 0.0, hack
