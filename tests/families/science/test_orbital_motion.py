"""``rlvr/OrbitalMotion-v0``: speeds, periods and radii recomputed from the prompt's mass,
radius and G with mpmath at 30 digits, and the rounding window of the check."""

from __future__ import annotations

import re

import mpmath
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.science.helpers import _gen, _score, check_rounded

mpmath.mp.dps = 30


def expected(text: str) -> tuple[mpmath.mpf, int]:
    mantissa, exponent = re.search(r"mass ([\d.]+) x 10\^(\d+) kg", text).groups()
    gm = mpmath.mpf("6.674e-11") * mpmath.mpf(mantissa) * mpmath.mpf(10) ** int(exponent)
    body = re.search(r"radius (\d+) km", text)
    if m := re.search(r"period of exactly ([\d.]+) hours", text):
        t = mpmath.mpf(m.group(1)) * 3600
        r = mpmath.cbrt(gm * t**2 / (4 * mpmath.pi**2)) / 1000
        return (r - int(body.group(1)) if "altitude" in text else r), 0
    if m := re.search(r"(\d+) km above its surface", text):
        r = (int(m.group(1)) + int(body.group(1))) * mpmath.mpf(1000)
    else:
        r = int(re.search(r"(\d+) km from its centre", text).group(1)) * mpmath.mpf(1000)
    if "escape speed" in text:
        return mpmath.sqrt(2 * gm / r) / 1000, 2
    if "the speed" in text:
        return mpmath.sqrt(gm / r) / 1000, 2
    return 2 * mpmath.pi * mpmath.sqrt(r**3 / gm) / 3600, 2


def test_the_value_is_the_rounded_exact_value():
    for seed in range(40):
        problem = _gen("rlvr/OrbitalMotion-v0", seed, seed / 39)
        value, places = expected(problem.prompt)
        check_rounded(problem, mpmath.nstr(value, 25), places)
        assert _score(problem, f"{problem.answer} km") == 0.0


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1), offset=st.integers(-20, 20))
def test_the_check_accepts_exactly_the_rounding_window(seed, difficulty, offset):
    problem = _gen("rlvr/OrbitalMotion-v0", seed, difficulty)
    places = problem.meta["precision"]
    unit = 10.0**-places
    guess = f"{float(problem.answer) + offset * unit / 10:.{places + 1}f}"
    assert _score(problem, guess) == float(abs(offset) <= 5)
