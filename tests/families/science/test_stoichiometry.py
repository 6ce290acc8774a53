"""``rlvr/Stoichiometry-v0``: the equation re-balanced by counting atoms, molar masses from a
formula reader written here, and the mass or moles asked recomputed with sympy."""

from __future__ import annotations

import re
from collections import Counter
from fractions import Fraction

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.science.helpers import _gen, _score, check_value


def atoms(formula: str) -> Counter:
    """Element counts, by expanding each parenthesised group before counting."""
    while "(" in formula:
        formula = re.sub(
            r"\(([A-Za-z0-9]+)\)(\d*)",
            lambda m: m.group(1) * int(m.group(2) or 1),
            formula,
        )
    counts: Counter = Counter()
    for element, n in re.findall(r"([A-Z][a-z]?)(\d*)", formula):
        counts[element] += int(n or 1)
    return counts


def side(text: str) -> list[tuple[int, str]]:
    terms = []
    for term in text.split(" + "):
        parts = term.split()
        terms.append((int(parts[0]), parts[1]) if len(parts) == 2 else (1, parts[0]))
    return terms


def test_the_amount_follows_from_the_balanced_equation():
    for seed in range(40):
        problem = _gen("rlvr/Stoichiometry-v0", seed, seed / 39)
        text = problem.prompt
        masses = {
            e: sympy.Rational(m) for e, m in re.findall(r"^([A-Z][a-z]?): ([\d.]+)$", text, re.M)
        }
        left, right = re.search(r"The reaction (.+?) -> (.+?) runs", text).groups()
        reactants, products = side(left), side(right)
        total = Counter()
        for k, f in reactants:
            total.update({e: k * n for e, n in atoms(f).items()})
        for k, f in products:
            total.subtract({e: k * n for e, n in atoms(f).items()})
        assert not +total and not -total  # balanced

        def molar(formula: str, masses: dict = masses) -> sympy.Rational:
            return sum(masses[e] * n for e, n in atoms(formula).items())

        grams, given = re.search(r"from ([\d.]+) g of (\S+) and", text).groups()
        coefficient = dict((f, k) for k, f in reactants + products)
        extent = sympy.Rational(grams) / molar(given) / coefficient[given]
        target = re.search(r"How many (?:moles|grams) of (\S+) (?:form|react)", text).group(1)
        moles = extent * coefficient[target]
        expected = moles if "How many moles" in text else moles * molar(target)
        check_value(problem, Fraction(int(expected.p), int(expected.q)))
        assert _score(problem, str(sympy.Float(expected, 30)).rstrip("0")) == 1.0
        assert _score(problem, f"{problem.answer} g") == 0.0  # units


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1), shift=st.integers(1, 10**4))
def test_only_the_exact_value_scores(seed, difficulty, shift):
    problem = _gen("rlvr/Stoichiometry-v0", seed, difficulty)
    value = Fraction(problem.answer)
    assert _score(problem, problem.answer) == 1.0
    off = value + Fraction(shift, 10**4) * (-1) ** shift
    assert _score(problem, str(float(off))) == 0.0
