"""What ``rlvr/Combinatorics-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools
import math
import re

from rlvr_envs.families.math.combinatorics import _LEVELS
from tests.families.math.helpers import _gen


# -- combinatorics: closed forms against brute force -----------------------------------------
def _numbers(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", text)]


def _brute_force(template: str, question: str) -> int | None:
    nums = _numbers(question)
    if template == "word":
        word = re.search(r"letters of ([A-Z]+)", question).group(1)
        return len(set(itertools.permutations(word))) if len(word) <= 8 else None
    if template == "derangement":
        n = nums[0]
        return sum(all(p[i] != i for i in range(n)) for p in itertools.permutations(range(n)))
    if template == "at_most":
        total, boxes, cap = nums
        return sum(sum(t) == total for t in itertools.product(range(cap + 1), repeat=boxes))
    if template == "divisible":
        _one, limit, *divisors = nums  # "from 1 to N"
        hits = sum(any(k % d == 0 for d in divisors) for k in range(1, limit + 1))
        return limit - hits if "neither" in question else hits
    if template == "committee":
        men, women, size, *exact = nums
        people = ["m"] * men + ["w"] * women
        picks = list(itertools.combinations(range(men + women), size))
        if exact:
            return sum(sum(people[i] == "w" for i in p) == exact[0] for p in picks)
        return sum(any(people[i] == "w" for i in p) for p in picks)
    if template == "together":
        n = nums[0]
        adjacent = sum(abs(p.index(0) - p.index(1)) == 1 for p in itertools.permutations(range(n)))
        return adjacent if "must stand" in question else math.factorial(n) - adjacent
    if template == "minimum_each":
        coins, children, least = nums
        return sum(
            sum(t) == coins for t in itertools.product(range(least, coins + 1), repeat=children)
        )
    if template == "stars_bars":
        balls, boxes = nums
        return sum(sum(t) == balls for t in itertools.product(range(balls + 1), repeat=boxes))
    if template == "round_table":
        n = nums[0]
        seatings = {min(p[i:] + p[:i] for i in range(n)) for p in itertools.permutations(range(n))}
        return len(seatings)
    return None


def test_combinatorics_closed_forms_match_brute_force():
    checked = set()
    for level in _LEVELS:
        for seed in range(40):
            problem = _gen("rlvr/Combinatorics-v0", seed, level=level, n=6)
            template = problem.meta["template"]
            expected = _brute_force(template, problem.meta["question"])
            if expected is not None:
                assert int(problem.answer) == expected, (template, problem.prompt)
                checked.add(template)
    assert {"word", "derangement", "at_most", "divisible", "committee", "together"} <= checked
