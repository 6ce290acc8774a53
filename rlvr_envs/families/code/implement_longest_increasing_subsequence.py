"""ImplementLongestIncreasingSubsequence: write a function that finds a longest strictly
increasing subsequence, tested on sequences drawn by ``rlvr/LongestIncreasingSubsequence-v0``.

The task: ``longest_increasing_subsequence(nums)`` returns the 0-based positions, in
increasing order, of one longest strictly increasing subsequence of the integer list
``nums`` (not necessarily contiguous; ``[]`` for an empty list). Any longest one is right:
each output is checked against its sequence (a list of ints, positions in range and
increasing, values strictly increasing, as long as the reference's). Reference: patience
sorting with predecessor links (Fredman 1975), O(n log n); the O(n^2) dynamic programme
passes the small tests and runs past the limit on the large one (20,000 x ``scale``
elements). The large input is a rising trend with noise, so that its longest increasing
subsequence holds about two thirds of the elements: on uniformly random values it would
be only about 2 sqrt(n) long, and patience sorting with a linear scan of the piles
(O(n * length), quadratic on sorted input) would pass as if it were O(n log n).

Answer syntax: the whole solution as the last fenced Python block (stdlib only).

Knobs: those of :mod:`rlvr_envs.families.code.implementations` (``instances``, ``scale``).
"""

from __future__ import annotations

import itertools
import random
from typing import Any

from rlvr_envs.families.algorithms.longest_increasing_subsequence import (
    LongestIncreasingSubsequence,
    longest,
)
from rlvr_envs.families.code.implementations import Implementation

LARGE = 20_000
SMALL = 100  # the longest list the prompt allows without a large input
SPREAD = 4  # the large input: element i lies around position i + [0, SPREAD] of a rising line

SOLUTION = """\
import bisect


def longest_increasing_subsequence(nums):
    tails = []  # tails[k]: smallest last value of an increasing run of length k + 1
    ends = []  # ends[k]: the position holding tails[k]
    previous = [-1] * len(nums)
    for i, x in enumerate(nums):
        k = bisect.bisect_left(tails, x)
        previous[i] = ends[k - 1] if k else -1
        if k == len(tails):
            tails.append(x)
            ends.append(i)
        else:
            tails[k] = x
            ends[k] = i
    chain = []
    i = ends[-1] if ends else -1
    while i != -1:
        chain.append(i)
        i = previous[i]
    return chain[::-1]
"""


class ImplementLongestIncreasingSubsequence(Implementation):
    """Write ``longest_increasing_subsequence(nums)``: the positions of a longest strictly
    increasing subsequence."""

    source = LongestIncreasingSubsequence
    function = "longest_increasing_subsequence"
    signature = "longest_increasing_subsequence(nums)"
    solution = SOLUTION
    judges_outputs = True

    def statement(self, knobs: dict[str, Any]) -> str:
        largest = f"{LARGE * knobs['scale']:,}" if knobs["scale"] else f"{SMALL}"
        return (
            "`nums` is a list of integers. Return a list with the 0-based positions, in "
            "increasing order, of one longest strictly increasing subsequence of `nums` (its "
            "elements need not be next to each other; each is larger than the one before "
            f"it). Return `[]` for an empty list. `nums` has at most {largest} elements, each "
            "between -10**9 and 10**9."
        )

    def arguments(self, meta: dict[str, Any]) -> list[Any]:
        return [list(meta["values"])]

    def reference(self, nums: list[int]) -> list[int]:
        return longest(nums, "increasing") if nums else []

    def edge_arguments(self, rng: random.Random) -> list[list[Any]]:
        value = rng.randint(-50, 50)
        run = sorted(rng.sample(range(-100, 100), rng.randint(3, 8)))
        return [[[]], [[value]], [[value] * 4], [run[::-1]], [run]]

    def limit_arguments(self, rng: random.Random) -> list[Any]:
        """The limit stated without a large input, 100 elements, on the large input's rising
        trend: about 2^60 increasing subsequences for an include/exclude search, 10^4 steps
        for the quadratic programme."""
        return self.large_arguments(rng, 0, SMALL)

    def large_arguments(self, rng: random.Random, scale: int, n: int = 0) -> list[Any]:
        n = n or LARGE * scale
        step = 2 * 10**9 // (n + SPREAD + 2)
        return [
            [-(10**9) + (i + rng.randint(0, SPREAD)) * step + rng.randrange(step) for i in range(n)]
        ]

    def accepts(self, test: dict[str, Any], output: Any) -> bool:
        (nums,) = test["args"]
        if not isinstance(output, list) or len(output) != len(test["expected"]):
            return False
        if any(type(i) is not int or not 0 <= i < len(nums) for i in output):
            return False
        return all(i < j and nums[i] < nums[j] for i, j in itertools.pairwise(output))
