"""What ``rlvr/BalanceEquation-v0`` must do beyond the generic family contract: the
coefficients are the lowest integer null vector of the element matrix (sympy), multiples
and wrong balances score 0."""

from __future__ import annotations

import re
from math import gcd, lcm

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.science.helpers import _gen, _score


def atoms(formula: str) -> dict[str, int]:
    """Element counts by expanding parentheses textually (not the family's parser)."""
    while "(" in formula:
        formula = re.sub(
            r"\(([A-Za-z0-9]+)\)(\d*)", lambda m: m.group(1) * int(m.group(2) or 1), formula
        )
    counts: dict[str, int] = {}
    for element, n in re.findall(r"([A-Z][a-z]?)(\d*)", formula):
        counts[element] = counts.get(element, 0) + int(n or 1)
    return counts


def lowest(reactants, products) -> list[int]:
    species = [atoms(f) for f in reactants + products]
    elements = sorted({e for s in species for e in s})
    sign = [1] * len(reactants) + [-1] * len(products)
    matrix = sympy.Matrix(
        [[sign[j] * s.get(e, 0) for j, s in enumerate(species)] for e in elements]
    )
    (vector,) = matrix.nullspace()
    scale = lcm(*(sympy.fraction(x)[1] for x in vector))
    ints = [int(x * scale) for x in vector]
    if ints[0] < 0:
        ints = [-x for x in ints]
    divisor = gcd(*ints)
    return [x // divisor for x in ints]


def test_the_coefficients_are_the_lowest_null_vector():
    for seed in range(30):
        problem = _gen("rlvr/BalanceEquation-v0", seed, seed / 29)
        r, p = problem.meta["reactants"], problem.meta["products"]
        expected = lowest(r, p)
        assert problem.answer == " ".join(map(str, expected)), problem.prompt
        assert all(f in problem.prompt for f in r + p)
        assert _score(problem, ", ".join(map(str, expected))) == 1.0
        assert _score(problem, " ".join(str(2 * x) for x in expected)) == 0.0  # a multiple
        wrong = [*expected[:-1], expected[-1] + 1]
        assert _score(problem, " ".join(map(str, wrong))) == 0.0
        assert _score(problem, " ".join(map(str, expected[:-1]))) == 0.0  # one too few
        assert _score(problem, " ".join(["0"] * len(expected))) == 0.0


def test_a_known_combustion():
    known = {"C3H8": 1, "O2": 5, "CO2": 3, "H2O": 4}
    for seed in range(200):
        problem = _gen("rlvr/BalanceEquation-v0", seed, kind="combustion", carbons=3)
        species = problem.meta["reactants"] + problem.meta["products"]
        if set(species) == set(known):
            assert problem.answer == " ".join(str(known[s]) for s in species)
            return
    raise AssertionError("propane was never drawn")


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10**6), coefficients=st.lists(st.integers(1, 12), min_size=2, max_size=5)
)
def test_any_coefficients_score_exactly_when_they_balance_at_lowest_terms(seed, coefficients):
    problem = _gen("rlvr/BalanceEquation-v0", seed, 0.5)
    species = problem.meta["reactants"] + problem.meta["products"]
    coefficients = (coefficients * 3)[: len(species)]
    sides = [dict(), dict()]
    for index, (k, formula) in enumerate(zip(coefficients, species, strict=True)):
        side = sides[index >= len(problem.meta["reactants"])]
        for element, n in atoms(formula).items():
            side[element] = side.get(element, 0) + k * n
    right = sides[0] == sides[1] and gcd(*coefficients) == 1
    assert _score(problem, " ".join(map(str, coefficients))) == float(right)
