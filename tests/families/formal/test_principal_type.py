"""``rlvr/PrincipalType-v0``: the principal type computed here (constraints solved by the
Martelli-Montanari rules) matches the reference up to renaming; every renaming scores 1, a
proper instance and "untypable" score 0 on typable terms, and only "untypable" scores on
untypable ones."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.formal.helpers_terms import (
    _gen,
    _score,
    _verdict,
    principal_type,
    read_type,
    same_up_to_renaming,
    term_in,
    write_type,
)

ENV = "rlvr/PrincipalType-v0"
AFTER = "closed lambda term:"


def rename(ty, names: dict):
    if isinstance(ty, str):
        return names.setdefault(ty, f"t{len(names)}'")
    return ("->", rename(ty[1], names), rename(ty[2], names))


def instance(ty):
    """``ty`` with its first variable replaced by an arrow between two new ones."""
    first = write_type(ty).replace("(", " ").split()[0]

    def put(t):
        if isinstance(t, str):
            return ("->", "p", "q") if t == first else t
        return ("->", put(t[1]), put(t[2]))

    return put(ty)


def test_the_reference_is_the_principal_type_and_only_renamings_score():
    untypable = 0
    for seed in range(60):
        problem = _gen(ENV, seed, (seed % 20) / 19)
        expected = principal_type(term_in(problem.prompt, AFTER))
        if expected is None:
            untypable += 1
            assert problem.answer == "untypable"
            assert _score(problem, "untypable") == 1.0
            assert _score(problem, "a -> a") == 0.0
            continue
        assert same_up_to_renaming(expected, read_type(problem.answer)), problem.answer
        assert _score(problem, write_type(expected)) == 1.0
        assert _score(problem, write_type(rename(expected, {})).replace("->", "→")) == 1.0
        verdict = _verdict(problem, write_type(instance(expected)))
        assert verdict.reward == 0.0 and "most general" in verdict.details["why"]
        assert _score(problem, "untypable") == 0.0
        assert _score(problem, write_type(("->", expected, "a"))) == 0.0
    assert untypable <= 6


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1), shuffle=st.integers(0, 99))
def test_a_type_scores_exactly_when_it_is_a_renaming_of_the_principal_one(
    seed, difficulty, shuffle
):
    problem = _gen(ENV, seed, difficulty)
    expected = principal_type(term_in(problem.prompt, AFTER))
    if expected is None:
        return
    names = sorted(set(write_type(expected).replace("(", " ").replace(")", " ").split()) - {"->"})
    target = names[:]
    random.Random(shuffle).shuffle(target)
    mapping = dict(zip(names, target, strict=True))

    def swap(t):
        return mapping[t] if isinstance(t, str) else ("->", swap(t[1]), swap(t[2]))

    assert _score(problem, write_type(swap(expected))) == 1.0  # a permutation renames
    if len(names) > 1:  # merging two variables gives a proper instance
        mapping = {n: names[0] if n == names[1] else n for n in names}
        assert _score(problem, write_type(swap(expected))) == 0.0
