"""``rlvr/ProgramCounterexample-v0``: the two functions in the prompt are valid Python; run
here as Python (the generator's own text, never model output), they differ on the reference
input and on few inputs of the range; every differing input scores 1, every other input 0,
and inputs out of range or malformed answers score 0."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.formal.helpers_proofs import gen, score, verdict

ID = "rlvr/ProgramCounterexample-v0"


def functions(problem):
    sources = re.findall(r"^def [fg]\(x, y\):\n(?:    .*\n?)+", problem.prompt, re.M)
    assert len(sources) == 2
    namespace: dict = {}
    for source in sources:
        # a, b and c start at 0, as the prompt says
        source = source.replace("(x, y):\n", "(x, y):\n    a = b = c = 0\n", 1)
        exec(compile(source, "<prompt>", "exec"), namespace)  # the generator's text
    bound = int(re.search(r"-(\d+) <= x <= (\d+)", problem.prompt).group(1))
    return namespace["f"], namespace["g"], bound


def differing(problem):
    f, g, bound = functions(problem)
    span = range(-bound, bound + 1)
    return {(x, y) for x in span for y in span if f(x, y) != g(x, y)}, bound


@pytest.mark.parametrize("difficulty", [0.0, 0.5, 1.0])
def test_every_differing_input_scores_and_no_other(difficulty):
    for seed in range(4):
        problem = gen(ID, seed, difficulty)
        found, bound = differing(problem)
        x, y = map(int, re.fullmatch(r"x = (-?\d+), y = (-?\d+)", problem.answer).groups())
        assert (x, y) in found
        assert 1 <= len(found) <= max(2, 0.02 * (2 * bound + 1) ** 2)
        assert (0, 0) not in found
        for a, b in sorted(found)[:5]:
            assert score(problem, f"x = {a}, y = {b}") == 1.0
            assert score(problem, f"({a}, {b})") == 1.0
        assert score(problem, "x = 0, y = 0") == 0.0
        assert score(problem, f"x = {bound + 1}, y = 0") == 0.0


def test_malformed_answers():
    problem = gen(ID, 1, 0.5)
    assert verdict(problem, "x = 1").reason == "unparsable"
    assert verdict(problem, "x = 1, y = 2, x = 3, y = 4").reason == "unparsable"
    assert verdict(problem, "x = " + "9" * 40 + ", y = 0").reason == "unparsable"
    assert verdict(problem, "f(x, y) != g(x, y)").reason == "unparsable"


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), x=st.integers(-12, 12), y=st.integers(-12, 12))
def test_an_input_scores_exactly_when_the_programs_differ_there(seed, x, y):
    problem = gen(ID, seed, 0.2)
    f, g, bound = functions(problem)
    inside = abs(x) <= bound and abs(y) <= bound
    assert score(problem, f"x = {x}, y = {y}") == float(inside and f(x, y) != g(x, y))
