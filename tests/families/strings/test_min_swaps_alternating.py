"""What ``rlvr/MinSwapsAlternating-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools
import random

from tests.families.strings.helpers import _gen, _score

ENV = "rlvr/MinSwapsAlternating-v0"


def _fewest_by_search(s):
    """Fewest swaps by breadth-first search over strings (small strings only)."""
    frontier, seen, depth = {s}, {s}, 0
    while True:
        if any(all(a != b for a, b in itertools.pairwise(x)) for x in frontier):
            return depth
        nxt = set()
        for x in frontier:
            for i, j in itertools.combinations(range(len(x)), 2):
                if x[i] != x[j]:
                    y = x[:i] + x[j] + x[i + 1 : j] + x[i] + x[j + 1 :]
                    if y not in seen:
                        seen.add(y)
                        nxt.add(y)
        frontier, depth = nxt, depth + 1


def _greedy_swaps(s, target):
    """Other minimum swaps: mismatches paired in a random order."""
    zeros = [i for i in range(len(s)) if s[i] == "0" and target[i] == "1"]
    ones = [i for i in range(len(s)) if s[i] == "1" and target[i] == "0"]
    random.Random(len(s)).shuffle(ones)
    return " ".join(f"{j + 1}-{i + 1}" for i, j in zip(zeros, ones))


def test_the_minimum_matches_a_search_and_other_minimum_swaps_score_one():
    for seed in range(20):
        problem = _gen(ENV, seed, length=8, disorder=3)
        s = problem.meta["string"]
        assert problem.meta["swaps"] == _fewest_by_search(s)
        for first in "01":
            target = "".join(first if i % 2 == 0 else "10"[int(first)] for i in range(len(s)))
            cost = sum(a != b for a, b in zip(s, target)) // 2
            if sorted(target) == sorted(s) and cost == problem.meta["swaps"]:
                assert _score(problem, _greedy_swaps(s, target)) == 1.0
        assert _score(problem, problem.answer + " 1-2 1-2") == 0.0  # valid, not fewest
        one = s[1] + s[0] + s[2:]
        valid = problem.meta["swaps"] == 1 and all(a != b for a, b in itertools.pairwise(one))
        assert _score(problem, "1-2") == float(valid)
        assert _score(problem, "1-1") == 0.0 and _score(problem, "0-99") == 0.0
