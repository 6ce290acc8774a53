"""``rlvr/DopplerShift-v0``: the Doppler relation written here from the prompt's directions
and solved for the unknown with sympy."""

from __future__ import annotations

import re
from fractions import Fraction

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.science.helpers import _gen, _score, check_value, linear_root


def shifted(f, c, observer_speed, source_speed):
    """Heard frequency; a speed is positive toward the other body."""
    return f * (c + observer_speed) / (c - source_speed)


def signed(text: str, who: str, unknown):
    m = re.search(rf"The {who} moves at (\d+) m/s directly (toward|away from)", text)
    if m:
        return sympy.Integer(int(m.group(1))) * (1 if m.group(2) == "toward" else -1)
    m = re.search(rf"the {who} moves directly (toward|away from)", text)
    if m:
        return unknown * (1 if m.group(1) == "toward" else -1)
    return sympy.Integer(0)


def test_the_heard_frequency_follows_the_doppler_relation():
    x = sympy.Symbol("x")
    for seed in range(30):
        problem = _gen("rlvr/DopplerShift-v0", seed, seed / 29)
        text = problem.prompt
        c = sympy.Integer(int(re.search(r"travels at (\d+) m/s", text).group(1)))
        emitted = re.search(r"emit(?:s|ting) (\d+) Hz", text)
        f = sympy.Integer(int(emitted.group(1))) if emitted else x
        if "By how many Hz" in text:
            v = sympy.Integer(int(re.search(r"moving at (\d+) m/s", text).group(1)))
            expected = shifted(f, c, 0, v) - shifted(f, c, 0, -v)
        else:
            heard = re.search(r"hears (?:[\w ]+ at )?(\d+(?:/\d+)?) Hz", text)
            v_o, v_s = signed(text, "observer", x), signed(text, "source", x)
            if heard is None:
                expected = shifted(f, c, v_o, v_s)
            else:
                heard_value = sympy.Rational(heard.group(1))
                expected = linear_root(shifted(f, c, v_o, v_s), heard_value, x)
        check_value(problem, Fraction(expected))


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_the_decimal_of_a_fraction_is_refused(seed, difficulty):
    problem = _gen("rlvr/DopplerShift-v0", seed, difficulty)
    value = Fraction(problem.answer)
    assert _score(problem, problem.answer) == 1.0
    if value.denominator > 1:
        assert _score(problem, f"{float(value):.4f}") == 0.0
        assert _score(problem, f"{value.numerator}/{value.denominator} Hz") == 0.0
