"""``rlvr/DeBruijnIndices-v0``: the indices computed here (each occurrence looked up in the
list of enclosing binder names) are the reference; the named term, an index off by one and an
index past every lambda score 0."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.formal.helpers_terms import _gen, _score, _verdict, read, term_in

ENV = "rlvr/DeBruijnIndices-v0"
AFTER = "de Bruijn notation:"


def indices(t, names=()) -> str:
    """``t`` in de Bruijn notation, every application and abstraction in parentheses."""
    if t[0] == "var":
        bound = [i for i, n in enumerate(reversed(names)) if n == t[1]]
        return str(bound[0]) if bound else t[1]
    if t[0] == "lam":
        return f"(λ. {indices(t[2], (*names, t[1]))})"
    return f"({indices(t[1], names)} {indices(t[2], names)})"


def test_the_reference_is_the_terms_de_bruijn_form():
    for seed in range(40):
        problem = _gen(ENV, seed, seed / 39)
        term = term_in(problem.prompt, AFTER)
        expected = indices(term)
        assert _score(problem, expected) == 1.0, (problem.prompt, expected, problem.answer)
        assert _score(problem, expected.replace("λ.", "\\")) == 1.0
        assert _score(problem, problem.meta["term"]) == 0.0
        digits = [m.start() for m in re.finditer(r"\d", expected)]
        if digits:
            i = digits[0]
            bumped = expected[:i] + str(int(expected[i]) + 1) + expected[i + 1 :]
            assert _score(problem, bumped) == 0.0  # wrong binder, or past every lambda
        assert _verdict(problem, "\\ 5").reason == "unparsable"


def test_shadowing_shows_at_the_hard_end():
    shadowed = 0
    for seed in range(20):
        problem = _gen(ENV, seed, 1.0)
        binders = re.findall(r"\\(\w+)\.", problem.meta["term"])
        shadowed += len(binders) - len(set(binders))
    assert shadowed > 0


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_the_independent_indices_score_one_at_any_difficulty(seed, difficulty):
    problem = _gen(ENV, seed, difficulty)
    assert _score(problem, indices(read(problem.meta["term"]))) == 1.0
