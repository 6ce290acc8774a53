"""What ``rlvr/Antiderivative-v0`` must do: any antiderivative scores, nothing else does."""

from __future__ import annotations

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from rlvr_envs.mathcheck.parse import parse
from rlvr_envs.mathcheck.symbolic import to_sympy
from tests.families.math.helpers import _score

ID = "rlvr/Antiderivative-v0"
X = sympy.Symbol("x")
METHODS = ["basic", "substitution", "parts", "repeated"]


def _sp(text: str):
    return to_sympy(parse(text))


def _text(expr) -> str:
    return str(expr).replace("**", "^")


def _problem(seed: int, **knobs):
    return rlvr_envs.make_task(ID).generate(seed=seed, knobs=knobs)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_reference_differentiates_to_the_integrand(seed, difficulty):
    problem = rlvr_envs.make_task(ID).generate(seed=seed, difficulty=difficulty)
    reference = _sp(problem.answer).subs(sympy.Symbol("C"), 0)
    integrand = _sp(problem.meta["integrand"])
    assert sympy.simplify(sympy.diff(reference, X) - integrand) == 0
    assert _score(problem, problem.answer).reward == 1.0
    assert _score(problem, f"{problem.answer} + x").reward == 0.0  # perturbed: wrong


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), method=st.sampled_from(METHODS))
def test_sympys_antiderivative_and_other_constants_score(seed, method):
    problem = _problem(seed, method=method, coefficient=4, degree=2)
    integrand = _sp(problem.meta["integrand"])
    antiderivative = sympy.integrate(integrand, X)
    assert _score(problem, _text(antiderivative)).reward == 1.0
    assert _score(problem, _text(antiderivative) + " + 17").reward == 1.0
    assert _score(problem, _text(antiderivative) + " + C").reward == 1.0
    assert _score(problem, _text(2 * antiderivative)).reward == 0.0


@settings(max_examples=16, deadline=None)
@given(seed=st.integers(0, 10**6), method=st.sampled_from(METHODS))
def test_echoes_derivatives_and_integral_signs_fail(seed, method):
    problem = _problem(seed, method=method, coefficient=4, degree=2)
    integrand = problem.meta["integrand"]
    assert _score(problem, integrand).reward == 0.0
    assert _score(problem, integrand + " + C").reward == 0.0
    assert _score(problem, f"\\int {integrand} dx").reward == 0.0
    assert _score(problem, f"\\int_0^x {integrand} dt").reward == 0.0
    derivative = sympy.diff(_sp(integrand), X)
    assert _score(problem, _text(derivative)).reward == 0.0
    reference = problem.answer.removesuffix(" + C")
    assert _score(problem, f"{reference} + K").reward == 0.0  # another name for the constant
    assert _score(problem, f"2({reference})").reward == 0.0


def test_logarithms_may_carry_absolute_values():
    problem = next(
        p
        for p in (_problem(s, method="basic", coefficient=4, degree=1) for s in range(200))
        if "\\ln" in p.answer
    )
    # one ln in basic answers: rewrite it with |...|
    inner = problem.answer.split("\\ln(", 1)[1].split(")", 1)[0]
    with_abs = problem.answer.replace(f"\\ln({inner})", f"\\ln|{inner}|")
    assert _score(problem, with_abs).reward == 1.0


def test_malformed_answers_are_unparsable_not_errors():
    problem = _problem(1, method="parts", coefficient=3, degree=1)
    for bad in ["", "x +", "\\frac{x}{", "import os", "x == 2"]:
        verdict = _score(problem, bad)
        assert verdict.reward == 0.0 and verdict.reason in ("unparsable", "wrong", "no_answer")


def test_review_fixes():
    """Review fixes: a decimal approximation of a coefficient failed to fail (the tolerance was
    1e-20); ``F(x) = ...`` (as the prompt names F) was refused; the check sampled the same
    five points in every problem, so an answer that differs from an antiderivative by a
    term whose derivative vanishes there scored."""
    problem = _problem(3, method="parts")
    body = problem.answer.replace(" + C", "")
    assert _score(problem, f"F(x) = {problem.answer}").reward == 1.0
    assert _score(problem, f"{body} + 0.0000000000000000000000001x").reward == 0.0
    assert _score(problem, f"{body} + 0.0000000000000000000000001").reward == 1.0  # a constant
    old = "(x - \\frac{1}{3})(x - \\frac{3}{4})(x - \\frac{5}{4})(x - 2)(x - \\frac{5}{2})"
    assert _score(problem, f"{body} + ({old})^{{2}}").reward == 0.0
    points = {tuple(_problem(seed).meta["points"]) for seed in range(10)}
    assert len(points) == 10
