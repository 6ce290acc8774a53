"""What ``rlvr/PolynomialDivision-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import re

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from tests.families.math.helpers import _gen, _score
from tests.families.math.test_logarithm_equation import X, latex_to_sympy

ENV = "rlvr/PolynomialDivision-v0"


def _operands(problem):
    found = re.findall(r"\$[PD]\(x\) = ([^$]*)\$", problem.prompt)
    return sympy.Poly(latex_to_sympy(found[0]), X), sympy.Poly(latex_to_sympy(found[1]), X)


def _text(poly) -> str:
    """sympy's own rendering of a polynomial (another written form than ours)."""
    return sympy.sstr(poly.as_expr()).replace("**", "^").replace("*", "")


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_the_reference_matches_sympys_division(seed, difficulty):
    problem = rlvr_envs.make_task(ENV).generate(seed=seed, difficulty=difficulty)
    p, d = _operands(problem)
    q, r = sympy.div(p, d)
    if problem.meta["mode"] == "long":
        answer = f"quotient: {_text(q)}; remainder: {_text(r)}"
        wrong = f"quotient: {_text(q)}; remainder: {_text(r + 1)}"
    else:
        answer, wrong = f"remainder: {_text(r)}", f"remainder: {_text(r + X)}"
    assert _score(problem, answer).reward == 1.0, (problem.answer, answer)
    assert _score(problem, wrong).reward == 0.0


def test_syntax_and_form_are_enforced():
    problem = _gen(ENV, 1, degree=5, divisor_degree=2, leading=3)
    assert problem.meta["mode"] == "long"
    quotient, remainder = problem.answer.removeprefix("quotient: ").split("; remainder: ")
    assert _score(problem, f"Quotient : {quotient} ;  remainder:{remainder}").reward == 1.0
    assert _score(problem, f"quotient: {quotient}").reason == "unparsable"
    assert _score(problem, f"{quotient}; {remainder}").reason == "unparsable"
    assert _score(problem, f"remainder: {quotient}; quotient: {remainder}").reward == 0.0
    p, d = _operands(problem)
    # the quotient written as the question's own ratio, or a product, is not expanded
    echo = f"quotient: ({sympy.sstr(p.as_expr())})/({sympy.sstr(d.as_expr())})"
    assert _score(problem, f"{echo}; remainder: {remainder}".replace("**", "^")).reward == 0.0
    # a product of non-constant factors is not expanded
    q = sympy.div(p, d)[0]
    product = sympy.sstr(sympy.Mul(X + 1, q.as_expr() / (X + 1), evaluate=False))
    assert _score(problem, f"quotient: {product.replace('**', '^')}; remainder: {remainder}"
                  ).reward == 0.0  # fmt: skip
    assert _score(problem, f"quotient: {quotient}; remainder: y").reason in ("wrong", "unparsable")


def test_remainder_mode_uses_huge_sparse_dividends():
    seen = 0
    for seed in range(40):
        problem = _gen(ENV, seed, sparse_share=1.0, degree=8, divisor_degree=3)
        assert problem.meta["mode"] == "remainder"
        p, d = _operands(problem)
        assert p.degree() >= 20
        r = sympy.rem(p, d)
        assert _score(problem, f"remainder: {_text(r)}").reward == 1.0
        assert _score(problem, f"quotient: 0; remainder: {_text(r)}").reason == "unparsable"
        seen += 1
    assert seen == 40


def test_other_layouts_of_the_two_labelled_parts_score_one():
    """Reordered labels, a comma or line break between the parts, ``Q(x) =`` names and a
    ``$...$`` wrapper carry the same answer; a repeated, missing or misnamed part does not.
    The parts are sympy's own division, written by sympy."""
    problem = _gen(ENV, 3, degree=4, divisor_degree=2, leading=3)
    p, d = _operands(problem)
    q, r = (_text(part) for part in sympy.div(p, d))
    for answer in (
        f"remainder: {r}; quotient: {q}",
        f"quotient: {q}, remainder: {r}",
        f"quotient: {q}\nremainder: {r}",
        f"quotient: Q(x) = {q}; remainder: R(x) = {r}",
        f"Q(x) = {q}; R(x) = {r}",
        f"R(x) = {r}\nQ(x) = {q}",
        f"$quotient: {q}; remainder: {r}$",
        f"quotient: {q}; remainder: {r};",
    ):
        assert _score(problem, answer).reward == 1.0, answer
    for answer in (
        f"quotient: {q}; remainder: {r}; remainder: 0",
        f"quotient: {q}; quotient: {q}",
        f"remainder: {r}",
        f"quotient: R(x) = {q}; remainder: {r}",
        f"quotient: {q}; remainder: {r}; {r}",
    ):
        assert _score(problem, answer).reason == "unparsable", answer
    # the dividend echoed as the remainder, or a remainder of too high a degree
    assert _score(problem, f"quotient: 0; remainder: {_text(p)}").reward == 0.0
    too_high = _text(sympy.div(p, d)[1] + X**2)
    assert _score(problem, f"quotient: {q}; remainder: {too_high}").reward == 0.0
