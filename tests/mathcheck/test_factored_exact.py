"""Exact values in factored form and vectors in brackets (issue 26, item 1): right values in
the asked form that the form checks refused."""

from __future__ import annotations

import math
from fractions import Fraction

from hypothesis import assume, given
from hypothesis import strategies as st

from rlvr_envs.core import Problem
from rlvr_envs.families.shared.math_answers import judge_value
from rlvr_envs.mathcheck.compare import compare_answers
from rlvr_envs.mathcheck.forms import check_form

_ATOMS = ["\\pi", "e", "\\sqrt{2}", "\\sqrt{3}", "\\ln 2", "\\ln(5)", "e^{2}"]


def _problem(answer: str, form: str) -> Problem:
    return Problem("rlvr/Test-v0", "Test", 0, 0, {}, None, "", answer, "tags", {})


def test_the_issues_factored_values_have_the_exact_form():
    for text in ("(12\\pi - 1)e", "\\frac{2}{3}(\\ln 17 - \\ln 8)",
                 "\\frac{11\\pi(22+\\sqrt{185})}{9}", "e^{1}", "\\exp(19)", "-(12\\pi - 1)e",
                 "2e(3\\pi - 1)", "-\\frac{(12\\pi - 1)e}{5}"):  # fmt: skip
        assert check_form(text, "exact").ok, text


def test_factored_values_with_arithmetic_left_undone_are_refused():
    for text in ("2(3 + 4)", "(1 + 2)\\pi", "3(2\\pi + 2)", "\\frac{4}{2}(\\pi + 1)",
                 "(\\pi + 1)(\\pi - 1)", "2(\\pi + 1) + 1", "(\\frac{1}{2} + \\pi)e",
                 "(\\pi + \\pi)e", "e^{0}", "\\exp(x)", "\\exp(0)", "(\\pi)(2 + 3)"):  # fmt: skip
        assert not check_form(text, "exact").ok, text


@given(
    outside=st.integers(1, 12),
    denominator=st.integers(1, 12),
    a=st.integers(-9, 9).filter(bool),
    b=st.integers(-9, 9).filter(bool),
    atom=st.sampled_from(_ATOMS),
    factor=st.sampled_from(["", "\\pi", "e"]),
)
def test_a_term_times_a_primitive_sum_is_the_expanded_value(
    outside, denominator, a, b, atom, factor
):
    assume(math.gcd(a, b) == 1 and math.gcd(outside, denominator) == 1)
    assume(not (factor and factor in atom))
    lead = {1: "", -1: "-"}.get(a, str(a))  # 1e would read as a number in e-notation
    inner = f"{lead}{atom} {'+' if b > 0 else '-'} {abs(b)}"
    head = f"{outside if outside > 1 else ''}{factor}" or "1"
    factored = f"{head}({inner})"
    if denominator > 1:
        factored = f"\\frac{{{factored}}}{{{denominator}}}"
    assert check_form(factored, "exact").ok, factored
    # the same value written out, built here term by term, not by the checker
    c = Fraction(outside, denominator)
    expanded = f"({c * a}) {factor} {atom} + ({c * b}) {factor}".replace("  ", " ")
    assert compare_answers(expanded, factored, 10.0).equal, (expanded, factored)
    # a common factor left inside the sum is not simplified
    doubled = f"{head}({2 * a}{atom} {'+' if b > 0 else '-'} {2 * abs(b)})"
    assert not check_form(doubled, "exact").ok, doubled


def test_a_vector_in_brackets_is_the_asked_tuple():
    gold = _problem("(49, -16, -2)", "tuple")
    for text in ("[49, -16, -2]", "(49, -16, -2)", "[ 49 , -16 , -2 ]"):
        assert judge_value(gold, text, "tuple", element="integer").correct, text
    for text in ("[49, -16, 2]", "[[49, -16, -2]]", "[49, -16] + [0, 0, -2]", "[49, -16, -2)"):
        assert not judge_value(gold, text, "tuple", element="integer").correct, text


def test_exact_values_in_factored_form_score_through_judge_value():
    gold = _problem("12\\pi e - e", "exact")
    assert judge_value(gold, "(12\\pi - 1)e", "exact").correct
    assert not judge_value(gold, "(12\\pi + 1)e", "exact").correct
    assert judge_value(_problem("e^{19}", "exact"), "\\exp(19)", "exact").correct
    assert judge_value(_problem("e", "exact"), "e^{1}", "exact").correct
