"""``rlvr/AcidBasePh-v0``: the pH recomputed from the prompt's values with mpmath at 30
digits (Henderson-Hasselbalch for buffers, the excess ion for mixtures), and the rounding
window of the check."""

from __future__ import annotations

import re

import mpmath
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.science.helpers import _gen, _score, check_rounded

mpmath.mp.dps = 30
HYDROXIDES = {"NaOH": 1, "KOH": 1, "LiOH": 1, "Ba(OH)2": 2}


def exact_ph(text: str) -> mpmath.mpf:
    num = r"(\d+(?:\.\d+)?)"
    if m := re.search(rf"buffer that is {num} mol/L in .+\(pKa = {num}\) and {num} mol/L in", text):
        acid, pka, base = (mpmath.mpf(g) for g in m.groups())
        return pka + mpmath.log10(base / acid)
    if m := re.search(
        rf"mixing {num} mL of {num} mol/L (\S+) with {num} mL of {num} mol/L (\S+)\?", text
    ):
        va, ca, _, vb, cb, base = m.groups()
        h = mpmath.mpf(va) * mpmath.mpf(ca)
        oh = mpmath.mpf(vb) * mpmath.mpf(cb) * HYDROXIDES[base]
        left = abs(h - oh) / (mpmath.mpf(va) + mpmath.mpf(vb))
        return -mpmath.log10(left) if h > oh else 14 + mpmath.log10(left)
    c, what = re.search(rf"a {num} mol/L aqueous solution of (\S+)\?", text).groups()
    if what in HYDROXIDES:
        return 14 + mpmath.log10(mpmath.mpf(c) * HYDROXIDES[what])
    return -mpmath.log10(mpmath.mpf(c))


def test_the_ph_is_the_rounded_exact_value():
    for seed in range(40):
        problem = _gen("rlvr/AcidBasePh-v0", seed, seed / 39)
        ph = exact_ph(problem.prompt)
        value = ph if "what is the pH" in problem.prompt else 14 - ph
        check_rounded(problem, mpmath.nstr(value, 25), 2)
        assert re.fullmatch(r"\d+\.\d\d", problem.answer)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1), offset=st.integers(-20, 20))
def test_the_check_accepts_exactly_the_rounding_window(seed, difficulty, offset):
    problem = _gen("rlvr/AcidBasePh-v0", seed, difficulty)
    gold = float(problem.answer)
    guess = f"{gold + offset / 1000:.3f}"
    assert _score(problem, guess) == float(abs(offset) <= 5)
