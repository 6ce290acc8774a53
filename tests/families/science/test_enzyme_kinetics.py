"""``rlvr/EnzymeKinetics-v0``: the Michaelis-Menten equation with the inhibitor's apparent
constants, solved for the unknown with sympy from the prompt's values."""

from __future__ import annotations

import re
from fractions import Fraction

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.science.helpers import _gen, _score, check_value, linear_root

NUMBER = r"(\d+(?:\.\d+)?(?:/\d+)?)"


def test_the_rate_law_holds():
    for seed in range(30):
        problem = _gen("rlvr/EnzymeKinetics-v0", seed, seed / 29)
        text = problem.prompt
        vmax, km, s, v = sympy.symbols("vmax km s v")
        known = {}
        if m := re.search(rf"Vmax is {NUMBER}|Vmax without inhibitor is {NUMBER}", text):
            known[vmax] = sympy.Rational(m.group(1) or m.group(2))
        if m := re.search(rf"Km is {NUMBER} mM", text):
            known[km] = sympy.Rational(m.group(1))
        if m := re.search(rf"\[S\] = {NUMBER} mM|substrate concentration of {NUMBER} mM", text):
            known[s] = sympy.Rational(m.group(1) or m.group(2))
        if m := re.search(rf"rate (?:is )?{NUMBER} µmol/min", text):
            known[v] = sympy.Rational(m.group(1))
        alpha = 1
        if m := re.search(
            rf"inhibitor is present at {NUMBER} µM, with inhibition constant Ki = {NUMBER}", text
        ):
            alpha = 1 + sympy.Rational(m.group(1)) / sympy.Rational(m.group(2))
        kind = re.search(r"(\w+) inhibitor is present", text)
        kind = kind.group(1) if kind else "none"
        v_app = vmax / alpha if kind in ("noncompetitive", "uncompetitive") else vmax
        k_app = {"competitive": km * alpha, "uncompetitive": km / alpha}.get(kind, km)
        (unknown,) = {vmax, km, s, v} - set(known)
        rate = (v_app * s / (k_app + s)).subs(known)
        check_value(problem, linear_root(v.subs(known), rate, unknown))


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    difficulty=st.floats(0, 1),
    num=st.integers(1, 500),
    den=st.integers(1, 50),
)
def test_a_fraction_scores_exactly_when_it_is_the_value(seed, difficulty, num, den):
    problem = _gen("rlvr/EnzymeKinetics-v0", seed, difficulty)
    guess = Fraction(num, den)
    text = (
        str(guess.numerator) if guess.denominator == 1 else f"{guess.numerator}/{guess.denominator}"
    )
    assert _score(problem, text) == float(guess == Fraction(problem.answer))
