"""What ``rlvr/SeriesSum-v0`` must do beyond the generic family contract.

The reference is recomputed by sympy's ``summation`` on the sum the prompt writes.
"""

from __future__ import annotations

import re
from fractions import Fraction

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from tests.families.math.helpers import _gen, _score
from tests.families.math.test_logarithm_equation import latex_to_sympy

ENV = "rlvr/SeriesSum-v0"
K = sympy.Symbol("k", integer=True)


def _sympy_sum(problem) -> Fraction:
    line = problem.prompt.split("\n")[0]
    if problem.meta["kind"] == "arithmetic":
        pattern = r"from \$([^$]*)\$ to \$([^$]*)\$ with common difference \$([^$]*)\$"
        first, last, difference = (latex_to_sympy(t) for t in re.findall(pattern, line)[0])
        count = (last - first) / difference + 1
        total = sum(first + k * difference for k in range(int(count)))
    else:
        low, high, body = re.findall(r"\\sum_\{k=(\d+)\}\^\{([^}]*)\} (.*)\$\.", line)[0]
        term = latex_to_sympy(body.replace("\\left(", "(").replace("\\right)", ")"))
        term = term.subs(sympy.Symbol("k"), K)
        if "infty" in high:
            total = sympy.nsimplify(sympy.simplify(sympy.summation(term, (K, int(low), sympy.oo))))
        else:  # term by term, exactly
            total = sum(term.subs(K, k) for k in range(int(low), int(high) + 1))
    total = sympy.Rational(total)  # exact already: nsimplify is not needed (nor safe)
    return Fraction(int(total.p), int(total.q))


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_the_reference_is_sympys_sum(seed, difficulty):
    problem = rlvr_envs.make_task(ENV).generate(seed=seed, difficulty=difficulty)
    assert Fraction(problem.answer) == _sympy_sum(problem), problem.prompt
    assert _score(problem, str(Fraction(problem.answer) * 2)).reward == 0.0


def test_every_kind_appears():
    kinds = {_gen(ENV, s, level=lv).meta["kind"] for s in range(20) for lv in range(1, 7)}
    assert len(kinds) == 6


def test_other_forms_score_one_and_wrong_forms_fail():
    problem = next(p for s in range(200) if "/" in (p := _gen(ENV, s, level=5)).answer)
    value = Fraction(problem.answer)
    assert _score(problem, f"\\frac{{{value.numerator}}}{{{value.denominator}}}").reward == 1.0
    assert _score(problem, f"{2 * value.numerator}/{2 * value.denominator}").reward == 0.0
    assert _score(problem, f"{float(value):.12f}").reward == 0.0
    body = problem.prompt.split("$")[1]
    assert _score(problem, body).reward == 0.0  # the sum echoed
    assert _score(problem, f"{value.numerator} / {value.denominator} + 0").reward == 0.0


def test_an_arithmetic_series_shows_an_ellipsis_only_where_terms_are_left_out():
    """Three or four terms are all written (``2, 4, 6, \\ldots, 6`` was drawn for three); the
    written terms agree with the first and last term and the difference stated."""
    seen = set()
    for seed in range(200):
        problem = _gen(ENV, seed, level=1, terms=4)
        line = problem.prompt.split("\n")[0]
        shown = [t.strip() for t in line.split("$")[1].split(",")]
        first, last, difference = (latex_to_sympy(t) for t in line.split("$")[3:8:2])
        count = int((last - first) / difference) + 1
        seen.add(count)
        if count <= 4:
            assert [latex_to_sympy(t) for t in shown] == [
                first + k * difference for k in range(count)
            ], line
        else:
            assert shown[3] == "\\ldots" and latex_to_sympy(shown[4]) == last, line
    assert {3, 4} <= seen
