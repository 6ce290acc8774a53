"""What ``rlvr/IsomorphicStrings-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from tests.families.strings.helpers import _gen, _score

ENV = "rlvr/IsomorphicStrings-v0"


def _isomorphic(s, t):
    """Both strings give the same pattern of first occurrences (independent of the check)."""
    return [s.index(c) for c in s] == [t.index(c) for c in t]


def test_yes_and_no_instances_with_every_witness():
    kinds = set()
    for seed in range(30):
        problem = _gen(ENV, seed, 0.5)
        s, t = problem.meta["first"], problem.meta["second"]
        kinds.add(_isomorphic(s, t))
        assert problem.meta["isomorphic"] == _isomorphic(s, t)
        if _isomorphic(s, t):
            mapping = {a: b for a, b in zip(s, t)}
            pairs = [f"{a}->{mapping[a]}" for a in reversed(sorted(mapping))]  # any order
            assert _score(problem, "yes: " + ", ".join(pairs)) == 1.0
            assert _score(problem, "yes: " + ", ".join(pairs[1:])) == 0.0
            assert _score(problem, "no: 1 2") == 0.0
        else:
            witnesses = [
                (i, j) for i, j in itertools.combinations(range(len(s)), 2)
                if (s[i] == s[j]) != (t[i] == t[j])
            ]  # fmt: skip
            for i, j in witnesses[:5]:
                assert _score(problem, f"no: {i + 1} {j + 1}") == 1.0
                assert _score(problem, f"no: {j + 1}, {i + 1}") == 1.0
            agreeing = [
                (i, j) for i, j in itertools.combinations(range(len(s)), 2)
                if (i, j) not in witnesses
            ]  # fmt: skip
            assert _score(problem, f"no: {agreeing[0][0] + 1} {agreeing[0][1] + 1}") == 0.0
            identity = ", ".join(f"{a}->{a}" for a in sorted(set(s)))
            assert _score(problem, f"yes: {identity}") == 0.0
        assert _score(problem, "yes") == 0.0 and _score(problem, "no") == 0.0
    assert kinds == {True, False}


@given(seed=st.integers(0, 10**6), i=st.integers(1, 40), j=st.integers(1, 40))
def test_a_no_witness_scores_exactly_when_it_breaks_the_pattern(seed, i, j):
    problem = _gen(ENV, seed, 0.8)
    s, t = problem.meta["first"], problem.meta["second"]
    valid = i != j and i <= len(s) and j <= len(s)
    valid = valid and (s[i - 1] == s[j - 1]) != (t[i - 1] == t[j - 1])
    assert _score(problem, f"no: {i} {j}") == float(valid)
