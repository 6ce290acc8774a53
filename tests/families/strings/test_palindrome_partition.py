"""What ``rlvr/PalindromePartition-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools
from functools import cache

from hypothesis import given
from hypothesis import strategies as st

from tests.families.strings.helpers import _gen, _score

ENV = "rlvr/PalindromePartition-v0"


def _all_minimum_partitions(s):
    """Every minimum partition, by memoised recursion (independent of the family's DP)."""

    @cache
    def best(i):
        if i == len(s):
            return 0, ((),)
        options = []
        for j in range(i + 1, len(s) + 1):
            piece = s[i:j]
            if piece == piece[::-1]:
                size, rests = best(j)
                options.append((size + 1, tuple((piece, *r) for r in rests)))
        fewest = min(size for size, _ in options)
        return fewest, tuple(p for size, ps in options if size == fewest for p in ps)

    return best(0)


def test_every_minimum_partition_scores_one_and_longer_ones_fail():
    several = 0
    for seed in range(25):
        problem = _gen(ENV, seed, 0.3)
        s = problem.meta["string"]
        size, partitions = _all_minimum_partitions(s)
        assert len(problem.answer.split("|")) == size
        several += len(partitions) > 1
        for partition in partitions[:5]:
            assert _score(problem, "|".join(partition)) == 1.0
            assert _score(problem, " | ".join(partition)) == 1.0
        assert _score(problem, "|".join(s)) == float(size == len(s))
        assert _score(problem, s) == 0.0  # never a palindrome itself
    assert several >= 5


@given(seed=st.integers(0, 10**6), cuts=st.sets(st.integers(1, 40), max_size=12))
def test_a_partition_scores_one_exactly_when_valid_and_minimum(seed, cuts):
    problem = _gen(ENV, seed, 0.5)
    s = problem.meta["string"]
    bounds = [0, *sorted(c for c in cuts if c < len(s)), len(s)]
    pieces = [s[a:b] for a, b in itertools.pairwise(bounds)]
    valid = all(p == p[::-1] for p in pieces) and len(pieces) == problem.meta["pieces"]
    assert _score(problem, "|".join(pieces)) == float(valid)
