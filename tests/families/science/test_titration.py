"""``rlvr/Titration-v0``: moles of H+ and OH- counted from the formulas (the acid's leading
H, the base's OH groups) and the asked quantity solved with sympy."""

from __future__ import annotations

import re
from fractions import Fraction

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.science.helpers import _gen, _score, check_value, linear_root


def ions(formula: str) -> int:
    """H+ per acid formula (its leading H's) or OH- per hydroxide formula."""
    if formula.startswith("H"):
        return int(re.match(r"H(\d*)", formula).group(1) or 1)
    groups = re.search(r"\(OH\)(\d)", formula)
    return int(groups.group(1)) if groups else 1


def test_the_equivalence_point_balances_h_and_oh():
    x = sympy.Symbol("x")
    for seed in range(40):
        problem = _gen("rlvr/Titration-v0", seed, seed / 39)
        text = problem.prompt
        volume, sample = re.search(r"A sample of ([\d.]+) mL of aqueous (\S+)", text).groups()
        conc = re.search(r"of concentration ([\d.]+) mol/L", text)
        t_conc, titrant = re.search(r"with ([\d.]+) mol/L (\S+?)[;.]", text).groups()
        used = re.search(r"after ([\d.]+) mL of it", text)
        sample_conc = sympy.Rational(conc.group(1)) if conc else x
        titre = sympy.Rational(used.group(1)) if used else x
        # moles of H+ from the acid = moles of OH- from the base
        solution = linear_root(
            sympy.Rational(volume) * sample_conc * ions(sample),
            titre * sympy.Rational(t_conc) * ions(titrant),
            x,
        )
        solution = sympy.Rational(solution.numerator, solution.denominator)
        if "How many grams" in text:
            masses = dict(
                re.findall(r"([A-Z][a-z]?) (\d+(?:\.\d+)?)", text.split("Atomic masses")[1])
            )
            counts = {e: int(n or 1) for e, n in re.findall(r"([A-Z][a-z]?)(\d*)", sample)}
            molar = sum(sympy.Rational(masses[e]) * n for e, n in counts.items())
            solution = solution * sympy.Rational(volume) / 1000 * molar
        check_value(problem, Fraction(int(solution.p), int(solution.q)))


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_a_rounded_decimal_of_a_fraction_is_refused(seed, difficulty):
    problem = _gen("rlvr/Titration-v0", seed, difficulty)
    value = Fraction(problem.answer)
    assert _score(problem, problem.answer) == 1.0
    rounded = f"{float(value):.3f}"
    assert _score(problem, rounded) == float(Fraction(rounded) == value)
