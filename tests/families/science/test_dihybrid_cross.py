"""``rlvr/DihybridCross-v0``: the offspring counted over every pair of gametes, each
phenotype read from the rule in the prompt by a classifier written here, and the ratio
reduced with sympy's gcd."""

from __future__ import annotations

import itertools
import re

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.science.helpers import _gen, _score


def classify(text: str, doses: list[int]) -> str:
    a, b = doses[0], doses[1]
    if "incomplete dominance" in text:
        colour = ["white", "pink", "red"][a] + " flowers"
        traits = re.search(r"another trait \(([^,]+), B, dominant over ([^,]+), b\)", text).groups()
        name = f"{colour}, {traits[0] if b else traits[1]}"
    elif "Gene A/a controls one trait" in text:
        one = re.search(r"one trait \(([^,]+), A, dominant over ([^,]+), a\)", text).groups()
        two = re.search(r"another \(([^,]+), B, dominant over ([^,]+), b\)", text).groups()
        name = f"{one[0] if a else one[1]}, {two[0] if b else two[1]}"
    elif "purple only" in text:
        name = "purple flowers" if a and b else "white flowers"
    elif "duplicate genes" in text:
        name = "triangular seed capsules" if a + b else "ovoid seed capsules"
    elif "recessive epistasis" in text:
        name = "yellow coat" if not a else ("black coat" if b else "brown coat")
    else:
        name = "white fruit" if a else ("yellow fruit" if b else "green fruit")
    if len(doses) == 3:
        third = re.search(r"third trait \(([^,]+), C, dominant over ([^,]+), c\)", text).groups()
        name += f", {third[0] if doses[2] else third[1]}"
    return name


def test_the_ratio_counts_the_punnett_square():
    for seed in range(40):
        problem = _gen("rlvr/DihybridCross-v0", seed, seed / 39)
        text = problem.prompt
        mother, father = re.search(r"Two parents (\w+) and (\w+) are crossed", text).groups()
        classes = re.findall(r"^- (.+)$", text, re.M)
        genes = len(mother) // 2
        counts = dict.fromkeys(classes, 0)
        for one in itertools.product(*(mother[2 * i : 2 * i + 2] for i in range(genes))):
            for two in itertools.product(*(father[2 * i : 2 * i + 2] for i in range(genes))):
                doses = [x.isupper() + y.isupper() for x, y in zip(one, two)]
                counts[classify(text, doses)] += 1
        numbers = [counts[c] for c in classes]
        divisor = sympy.gcd(numbers)
        ratio = [n // divisor for n in numbers]
        assert problem.answer == ":".join(map(str, ratio)), text
        assert _score(problem, " : ".join(map(str, ratio))) == 1.0
        assert _score(problem, ":".join(str(2 * n) for n in ratio)) == 0.0  # not lowest terms
        assert _score(problem, ":".join(map(str, ratio[:-1]))) == 0.0
        if len(set(ratio)) > 1:
            assert _score(problem, ":".join(map(str, ratio[::-1]))) == 0.0 or ratio == ratio[::-1]
        assert _score(problem, "/".join(map(str, ratio))) == 0.0


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1), data=st.data())
def test_a_ratio_scores_exactly_when_it_is_the_reduced_count(seed, difficulty, data):
    problem = _gen("rlvr/DihybridCross-v0", seed, difficulty)
    size = problem.answer.count(":") + 1
    guess = data.draw(st.lists(st.integers(0, 12), min_size=size, max_size=size))
    assert _score(problem, ":".join(map(str, guess))) == float(
        ":".join(map(str, guess)) == problem.answer
    )
