"""``rlvr/MolarMass-v0``: the mass is recomputed from the masses the prompt states and the
formula expanded textually."""

from __future__ import annotations

import re
from fractions import Fraction

from tests.families.science.helpers import _gen, _score
from tests.families.science.test_balance_equation import atoms


def test_the_mass_is_the_stated_masses_summed():
    for seed in range(30):
        problem = _gen("rlvr/MolarMass-v0", seed, seed / 29)
        table = {e: Fraction(m) for e, m in re.findall(r"^([A-Z][a-z]?): ([\d.]+)$",
                                                       problem.prompt, re.M)}  # fmt: skip
        moles = Fraction(problem.meta["moles"])
        formula = problem.meta["formula"]
        assert set(atoms(formula)) == set(table)
        mass = moles * sum(table[e] * n for e, n in atoms(formula).items())
        assert Fraction(problem.answer) == mass
        assert _score(problem, problem.answer + "0") == 1.0  # a trailing zero is the same
        assert _score(problem, str(float(mass) + 0.01)) == 0.0
        assert _score(problem, f"{problem.answer} g") == 0.0
        assert _score(problem, str(round(mass))) == (1.0 if mass.denominator == 1 else 0.0)


def test_water():
    for seed in range(200):
        problem = _gen("rlvr/MolarMass-v0", seed, level=1, amount="one")
        if problem.meta["formula"] == "NaCl":
            assert problem.answer == "58.44"
            return
    raise AssertionError("NaCl never drawn")
