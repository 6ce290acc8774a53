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


def test_an_absolute_value_outside_a_logarithm_is_not_read_as_its_argument():
    # |F - 10^6| equals 10^6 - F wherever the check samples: its derivative is -f, so it is
    # no antiderivative (reading |u| as u, as ln|u| is read, accepted it)
    problem = _problem(5, method="basic", coefficient=4, degree=1)
    body = problem.answer.removesuffix(" + C")
    assert _score(problem, f"{body} - 1000000 + C").reward == 1.0
    assert _score(problem, f"|{body} - 1000000| + C").reward == 0.0
    assert _score(problem, f"-|{body} - 1000000| + C").reward == 0.0
    assert _score(problem, f"{body} + |x| - |x| + C").reward == 1.0  # sympy cancels them


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


# -- issue 26: terms that vanish only where the check looks, and C times a function -------
# Each hack is F plus something whose derivative is not 0: it vanishes at fractions with
# small denominators (sin^2(N pi x) with N = lcm(1..17)), below some x (an absolute value),
# or only when C = 0 (C times a function of x is not a constant of integration).
HACKS = [
    " + Cx",
    " + Ce^{x}",
    " + C\\sin(x)",
    " + Cx^{2}",
    " + (\\sin(360360\\pi x))^{2}",
    " + (\\sin(12252240\\pi x))^{2}",
    " + \\sin(12252240\\pi x)^{2}\\cdot 1000",
    " + |x - 10| + x",
    " + |x - 1000000| + x",
    " + \\sqrt{(x - 50)^{2}} + x",
]


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    method=st.sampled_from(METHODS),
    hack=st.sampled_from(HACKS),
)
def test_terms_that_vanish_only_where_the_check_looks_earn_nothing(seed, method, hack):
    problem = _problem(seed, method=method, coefficient=4, degree=2)
    reference = problem.answer.removesuffix(" + C")
    assert _score(problem, reference + hack).reward == 0.0
    assert _score(problem, problem.answer + hack).reward == 0.0


@settings(max_examples=10, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    method=st.sampled_from(METHODS),
    constant=st.sampled_from(["", " + C", " - C", " + 2C", " + 17", " - \\frac{3}{7}", " + \\pi"]),
    rewrite=st.sampled_from(["expand", "factor", "expand_log"]),
)
def test_any_antiderivative_plus_a_constant_scores(seed, method, constant, rewrite):
    # the reference rewritten by sympy (sympy's own antiderivative: the test above)
    problem = _problem(seed, method=method, coefficient=4, degree=2)
    reference = _sp(problem.answer).subs(sympy.Symbol("C"), 0)
    form = getattr(sympy, rewrite)(reference)
    text = _text(form).replace("E", "e")  # sympy prints Euler's number as E
    assert _score(problem, f"{text}{constant}").reward == 1.0


def test_check_points_follow_the_answer_and_avoid_small_denominators():
    from rlvr_envs.families.math.antiderivative import check_points
    from rlvr_envs.mathcheck.sampling import LOW_PRIME

    points, constants = check_points("x^{2}", "\\frac{x^{3}}{3}")
    assert (points, constants) == check_points("x^{2}", "\\frac{x^{3}}{3}")  # deterministic
    assert points != check_points("x^{2}", "\\frac{x^{3}}{3} + C")[0]
    for text in points:
        value = sympy.Rational(text)
        assert 0 < value <= 16 and value.q >= LOW_PRIME
    assert all(sympy.Rational(c) != 0 for c in constants)
