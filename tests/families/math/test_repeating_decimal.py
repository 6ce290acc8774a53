"""What ``rlvr/RepeatingDecimal-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import re
from fractions import Fraction

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from tests.families.math.helpers import _gen, _score

ENV = "rlvr/RepeatingDecimal-v0"


def _expansion(p, q):
    """(pre-period digits, period digits) of p/q by long division, remainders remembered."""
    seen, digits, r = {}, [], p % q
    while r and r not in seen:
        seen[r] = len(digits)
        r *= 10
        digits.append(r // q)
        r %= q
    if not r:
        return digits, []
    return digits[: seen[r]], digits[seen[r] :]


def _digit(p, q, j):
    pre, block = _expansion(p, q)
    if j <= len(pre):
        return pre[j - 1]
    return block[(j - len(pre) - 1) % len(block)] if block else 0


@settings(max_examples=40)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_reference_answer_matches_an_independent_computation(seed, difficulty):
    problem = rlvr_envs.make_task(ENV).generate(seed=seed, difficulty=difficulty)
    question, given_ = problem.meta["question"], problem.meta["given"]
    if question == "to_fraction":
        whole, pre, rep = re.fullmatch(r"(\d+)\.(\d*)\((\d+)\)", given_).groups()
        # x * 10^(p + r) - x * 10^p is an integer: (WPR - WP) / (10^p (10^r - 1))
        value = sympy.Rational(int(whole + pre + rep) - int(whole + pre),
                               10 ** len(pre) * (10 ** len(rep) - 1))  # fmt: skip
        assert problem.answer == (str(value) if value.q != 1 else str(value.p))
        assert f"{given_}" in problem.prompt
        wrong = f"{value.p + 1}/{value.q}"
        assert _score(problem, wrong).reward == 0.0
    elif question == "digits":
        fraction, k = given_.split()
        p, q = (int(t) for t in fraction.split("/"))
        expected = "".join(str(_digit(p, q, j)) for j in range(int(k), int(k) + 5))
        assert problem.answer == expected
    else:
        p, q = (int(t) for t in given_.split("/"))
        pre, block = _expansion(p, q)
        assert problem.answer == f"({len(pre)}, {len(block)})"
        assert _score(problem, f"({len(block)}, {len(pre)})").reward == float(
            len(pre) == len(block)
        )


def _first(question, **knobs):
    return _gen(ENV, 5, question=question, **knobs)


def test_to_fraction_forms():
    problem = _first("to_fraction", digits=2)
    value = Fraction(problem.answer)
    assert value.denominator > 1
    for good in (problem.answer, f"\\frac{{{value.numerator}}}{{{value.denominator}}}"):
        assert _score(problem, good).reward == 1.0, good
    given_ = problem.meta["given"]
    decimal = given_.replace("(", "").replace(")", "")
    for bad in (f"{3 * value.numerator}/{3 * value.denominator}", decimal, given_,
                str(float(value)), f"{value.numerator}/{value.denominator + 1}"):  # fmt: skip
        assert _score(problem, bad).reward == 0.0, bad


def test_digit_window_syntax():
    problem = _first("digits", digits=3)
    window = problem.answer
    assert len(window) == 5 and window.isdigit()
    assert _score(problem, f"  {window} ").reward == 1.0
    for bad in (
        " ".join(window),
        window[:4],
        window + "0",
        f"0.{window}",
        f"{window[:2]},{window[2:]}",
    ):
        verdict = _score(problem, bad)
        assert verdict.reward == 0.0 and verdict.reason == "unparsable", bad
    shifted = window[1:] + window[0]
    if shifted != window:
        assert _score(problem, shifted).reason == "wrong"


def test_period_forms():
    problem = _first("period", digits=3)
    s, r = (int(t) for t in problem.answer.strip("()").split(","))  # (p, r) in the prompt
    for good in (f"({s}, {r})", f"p = {s}, r = {r}", f"r = {r}, p = {s}"):
        assert _score(problem, good).reward == 1.0, good
    for bad in (
        f"({s}, {r + 1})",
        f"{r}",
        f"({s}, {r}, 0)",
        f"({s}, {2 * r}/2)",
        f"r = {s}, p = {r}" if r != s else "(0, 0)",
    ):
        assert _score(problem, bad).reward == 0.0, bad


def test_denominators_known_by_theory():
    # 1/7 has period 6; 1/12 = 0.08(3); 1/81 has period 9.
    for q, expected in ((7, ([], 6)), (12, (2, 1)), (81, ([], 9))):
        pre, block = _expansion(1, q)
        if isinstance(expected[0], int):
            assert (len(pre), len(block)) == expected
        else:
            assert len(block) == expected[1]


def test_digit_windows_in_latex_wrappers_score_one():
    """Review fix: ``$03571$``, ``\\text{03571}`` and ``03571.`` were refused."""
    problem = _first("digits", digits=3)
    window = problem.answer
    for good in (f"${window}$", f"\\text{{{window}}}", f"{window}.", f"\\({window}\\)"):
        assert _score(problem, good).reward == 1.0, good
    shifted = window[1:] + window[0]
    if shifted != window:
        assert _score(problem, f"${shifted}$").reward == 0.0
    assert _score(problem, f"${window[:4]}$").reward == 0.0


def test_the_question_in_overline_notation_earns_nothing():
    """Review fix: ``3.\\overline{929}`` (the prompt's 3.(929) rewritten) scored 1 where p/q
    in lowest terms is asked, because the shared rational form accepts a repeating decimal."""
    for seed in range(10):
        problem = _gen(ENV, seed, question="to_fraction")
        whole, rest = problem.meta["given"].split(".")
        pre, block = rest.rstrip(")").split("(")
        scale = 10 ** len(pre) * (10 ** len(block) - 1)
        value = Fraction(int(whole + pre + block) - int(whole + pre), scale)
        assert Fraction(problem.answer) == value
        for bad in (f"{whole}.{pre}\\overline{{{block}}}", f"${whole}.{pre}\\overline{{{block}}}$",
                    f"{whole}.{pre}\\dot{{{block}}}", problem.meta["given"]):  # fmt: skip
            assert _score(problem, bad).reward == 0.0, bad
        if value.denominator > 1:
            latex = f"\\frac{{{value.numerator}}}{{{value.denominator}}}"
            assert _score(problem, latex).reward == 1.0
