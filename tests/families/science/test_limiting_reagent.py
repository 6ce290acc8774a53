"""``rlvr/LimitingReagent-v0``: the shown equation balances, and the product's moles are
recomputed from the prompt's amounts (the smaller extent)."""

from __future__ import annotations

import re
from fractions import Fraction

from tests.families.science.helpers import _gen, check_value
from tests.families.science.test_balance_equation import atoms


def test_the_product_follows_the_limiting_reactant():
    for seed in range(30):
        problem = _gen("rlvr/LimitingReagent-v0", seed, seed / 29)
        text = problem.prompt
        equation = re.search(r"The reaction (.*?) runs", text).group(1)
        sides = []
        for side in equation.split(" -> "):
            terms = []
            for term in side.split(" + "):
                k, _, formula = term.rpartition(" ")
                terms.append((int(k or 1), formula))
            sides.append(terms)
        for element in {e for _, f in sides[0] for e in atoms(f)}:
            count = [sum(k * atoms(f).get(element, 0) for k, f in side) for side in sides]
            assert count[0] == count[1], equation
        given = dict(
            (f, Fraction(m)) for m, f in re.findall(r"([\d.]+) mol of (\S+?)(?: and|\.)", text)
        )
        extent = min(given[f] / k for k, f in sides[0])
        asked = re.search(r"How many moles of (\S+) form", text).group(1)
        (k,) = [k for k, f in sides[1] if f == asked]
        check_value(problem, extent * k)
