"""What ``rlvr/ShortestCommonSupersequence-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.optimisation.helpers import _gen, _score, gap

ENV = "rlvr/ShortestCommonSupersequence-v0"


def _holds(big, small):
    position = 0
    for c in small:
        position = big.find(c, position) + 1
        if position == 0:
            return False
    return True


def _lcs(a, b):
    @cache
    def go(i, j):
        if i == len(a) or j == len(b):
            return 0
        if a[i] == b[j]:
            return 1 + go(i + 1, j + 1)
        return max(go(i + 1, j), go(i, j + 1))

    return go(0, 0)


def test_two_strings_need_their_lengths_less_their_longest_common_subsequence():
    for seed in range(20):
        problem = _gen(ENV, seed, 0.0)
        a, b = problem.meta["words"]
        assert problem.meta["best"] == len(a) + len(b) - _lcs(a, b)
        assert _score(problem, a + b) == 0.0  # the baseline
        assert _score(problem, a) == 0.0 and _score(problem, b) == 0.0


@settings(max_examples=20)
@given(seed=st.integers(0, 10**6), picks=st.lists(st.integers(0, 2), max_size=40))
def test_any_interleaving_is_graded_by_its_length(seed, picks):
    """Merging the strings by a random schedule, sharing a letter when all fronts agree."""
    problem = _gen(ENV, seed, 1.0)
    words = problem.meta["words"]
    at, out = [0] * len(words), []
    for pick in itertools.chain(picks, itertools.repeat(0)):
        live = [k for k, w in enumerate(words) if at[k] < len(w)]
        if not live:
            break
        c = words[live[pick % len(live)]][at[live[pick % len(live)]]]
        out.append(c)
        for k in live:
            if words[k][at[k]] == c:
                at[k] += 1
    text = "".join(out)
    assert all(_holds(text, w) for w in words)
    want = gap(len(text), sum(map(len, words)), problem.meta["best"])
    assert _score(problem, text) == want
    assert _score(problem, text[1:]) in (0.0, gap(len(text) - 1, sum(map(len, words)),
                                                  problem.meta["best"]))  # fmt: skip
