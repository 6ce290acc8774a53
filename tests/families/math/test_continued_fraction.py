"""What ``rlvr/ContinuedFraction-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from tests.families.math.helpers import _gen, _score

ENV = "rlvr/ContinuedFraction-v0"


def _text(terms):
    return f"[{terms[0]}; " + ", ".join(str(t) for t in terms[1:]) + "]"


@settings(max_examples=40)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_reference_answer_matches_sympy(seed, difficulty):
    problem = rlvr_envs.make_task(ENV).generate(seed=seed, difficulty=difficulty)
    meta = problem.meta
    if meta["question"] == "sqrt":
        head, period = sympy.continued_fraction_periodic(0, 1, meta["n"])
        assert problem.answer == f"[{head}; (" + ", ".join(map(str, period)) + ")]"
        doubled = f"[{head}; (" + ", ".join(map(str, period * 2)) + ")]"
        assert _score(problem, doubled).reward == 0.0
        return
    terms = meta["terms"]
    value = sympy.continued_fraction_reduce(terms)
    assert f"{terms[0]}" in problem.prompt or f"{value.p}/{value.q}" in problem.prompt
    if meta["question"] == "evaluate":
        assert problem.answer == f"{value.p}/{value.q}"
        assert _score(problem, f"\\frac{{{value.p}}}{{{value.q}}}").reward == 1.0
        assert _score(problem, f"{2 * value.p}/{2 * value.q}").reward == 0.0
        assert _score(problem, f"{value.p + 1}/{value.q}").reward == 0.0
    else:
        assert sympy.continued_fraction(value) == terms
        assert problem.answer == _text(terms)
        longer = [*terms[:-1], terms[-1] - 1, 1]  # the same value, not the canonical form
        assert _score(problem, _text(longer)).reward == 0.0
        assert _score(problem, f"{value.p}/{value.q}").reward == 0.0


def _problem(question, **knobs):
    return _gen(ENV, 3, question=question, **knobs)


def test_expand_forms():
    problem = _problem("expand", terms=4)
    terms = problem.meta["terms"]
    spaced = "[ " + "; ".join([str(terms[0]), ", ".join(map(str, terms[1:]))]) + " ]"
    commas = "[" + ",".join(map(str, terms)) + "]"
    for good in (problem.answer, spaced, commas, f"\\left{problem.answer}\\right"):
        assert _score(problem, good).reward == 1.0, good
    bad_lists = [terms[::-1], terms[:-1], [*terms, 2], [terms[0] + 1, *terms[1:]]]
    for bad in [_text(t) for t in bad_lists if t != terms]:
        assert _score(problem, bad).reward == 0.0, bad
    for bad in ("4, 4, 3", "[4; 4, -3]", "[4; 4, 3.0]", "[4; 0, 3]", "(4; 4, 3)", "[]"):
        verdict = _score(problem, bad)
        assert verdict.reward == 0.0 and verdict.reason == "unparsable", bad


def test_sqrt_forms():
    problem = _problem("sqrt", terms=4, size=9)
    head, period = problem.meta["head"], problem.meta["period"]
    inner = ", ".join(map(str, period))
    for good in (f"[{head}; ({inner})]", f"[{head}; \\overline{{{inner}}}]", f"[{head},({inner})]"):
        assert _score(problem, good).reward == 1.0, good
    for bad in (f"[{head}; {inner}]", f"[{head}; ({inner}), {inner}]", f"({head}; ({inner}))"):
        assert _score(problem, bad).reason == "unparsable", bad
    for bad in (f"[{head + 1}; ({inner})]", f"[{head}; ({inner}, {inner})]",
                f"[{head}; ({', '.join(map(str, period[::-1]))}, 1)]"):  # fmt: skip
        assert _score(problem, bad).reward == 0.0, bad


def test_sqrt_period_lengths_follow_the_terms_knob():
    lengths = [len(_gen(ENV, s, question="sqrt", terms=8, size=30).meta["period"])
               for s in range(30)]  # fmt: skip
    assert sum(6 <= n <= 10 for n in lengths) >= 20


def test_evaluate_refuses_decimals_and_the_question():
    problem = _problem("evaluate", terms=3)
    value = sympy.continued_fraction_reduce(problem.meta["terms"])
    for bad in (str(float(value)), _text(problem.meta["terms"]), f"{value.p}/{value.q} + 0"):
        assert _score(problem, bad).reward == 0.0, bad


def test_math_delimiters_and_a_final_period_score_one():
    """Review fix: ``$[a0; a1, ...]$`` and a final period were refused."""
    problem = _problem("expand", terms=4)
    terms = problem.meta["terms"]
    text = _text(terms)
    for good in (f"${text}$", f"{text}.", f"\\({text}\\)", f"$\\left{text}\\right$"):
        assert _score(problem, good).reward == 1.0, good
    assert _score(problem, f"${_text([*terms, 2])}$").reward == 0.0
    problem = _problem("sqrt", terms=4, size=9)
    head, period = problem.meta["head"], problem.meta["period"]
    block = ", ".join(map(str, period))
    for good in (
        f"$[{head}; ({block})]$",
        f"[{head}; \\overline{{{block}}}].",
    ):
        assert _score(problem, good).reward == 1.0, good
    assert _score(problem, f"$[{head}; ({block}, {block})]$").reward == 0.0


def test_evaluate_refuses_a_repeating_decimal():
    """Review fix: the shared rational form accepts ``0.\\overline{10}`` for 10/99."""
    problem = _gen(ENV, 3, question="evaluate")
    terms = problem.meta["terms"]
    assert sympy.continued_fraction_reduce(terms) == sympy.Rational(10, 99)
    assert _score(problem, "10/99").reward == 1.0
    for bad in ("0.\\overline{10}", "$0.\\overline{10}$", "0.\\dot{1}\\dot{0}", "0.(10)"):
        assert _score(problem, bad).reward == 0.0, bad
