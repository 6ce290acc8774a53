"""ImplementKnapsack: write a function that solves the 0/1 knapsack problem, tested on
instances drawn by ``rlvr/Knapsack-v0``.

The task: ``knapsack(weights, values, capacity)`` returns the 0-based indices, in
increasing order, of one set of items of maximum total value whose total weight does not
exceed ``capacity`` (each item packed at most once; ``[]`` when nothing fits). Any optimal
set is right: each output is checked against its instance (a list of ints, indices in range
and strictly increasing, total weight within the capacity, total value equal to the
reference's). Reference: the source family's dynamic programme over capacities (Bellman
1957), O(n * capacity); trying every subset passes the small tests and is hopeless on the
large one (50 x ``scale`` items of weight at most 30, capacity up to 900 x
``scale``).

Answer syntax: the whole solution as the last fenced Python block (stdlib only).

Knobs: those of :mod:`rlvr_envs.families.code.implementations` (``instances``, ``scale``).
"""

from __future__ import annotations

import itertools
import random
from typing import Any

from rlvr_envs.families.algorithms.knapsack import Knapsack, solve
from rlvr_envs.families.code.implementations import Implementation

LARGE = 50  # items per unit of scale in the large test
HEAVY = 30  # largest item weight in the large test
HEAVIEST = 60  # largest weight the source family draws (at difficulty 1)
SMALL_ITEMS = 25  # the source family draws at most this many items at difficulty 1
SMALL_CAPACITY = 1_000

SOLUTION = """\
def knapsack(weights, values, capacity):
    best = [0] * (capacity + 1)  # best[c]: largest value of the items so far within weight c
    took = []  # took[i][c]: item i improves best[c] when it is considered
    for w, v in zip(weights, values):
        row = bytearray(capacity + 1)
        for c in range(capacity, w - 1, -1):
            candidate = best[c - w] + v
            if candidate > best[c]:
                best[c] = candidate
                row[c] = 1
        took.append(row)
    chosen = []
    c = capacity
    for i in range(len(weights) - 1, -1, -1):
        if took[i][c]:
            chosen.append(i)
            c -= weights[i]
    return chosen[::-1]
"""


class ImplementKnapsack(Implementation):
    """Write ``knapsack(weights, values, capacity)``: the indices of an optimal 0/1 packing."""

    source = Knapsack
    function = "knapsack"
    signature = "knapsack(weights, values, capacity)"
    solution = SOLUTION
    judges_outputs = True

    def statement(self, knobs: dict[str, Any]) -> str:
        scale = int(knobs["scale"])
        items = max(SMALL_ITEMS, LARGE * scale)
        capacity = max(SMALL_CAPACITY, HEAVY * LARGE * scale * 6 // 10)
        return (
            "0/1 knapsack. `weights` and `values` are lists of integers of the same length "
            "n; item i has weight `weights[i]` and value `values[i]`. `capacity` is an "
            "integer. Choose a set of items, each used at most once, whose total weight is "
            "at most `capacity` and whose total value is as large as possible. Return a list "
            "with the 0-based indices of the chosen items in increasing order (`[]` when no "
            "item fits or there are no items). When several sets reach the largest value, "
            f"any one of them is accepted. Limits: 0 <= n <= {items}; every weight is "
            f"between 1 and {HEAVIEST}; every value is between 1 and 200; capacity is "
            f"between 0 and {capacity:,}."
        )

    def arguments(self, meta: dict[str, Any]) -> list[Any]:
        return [list(meta["weights"]), list(meta["values"]), int(meta["capacity"])]

    def reference(self, weights: list[int], values: list[int], capacity: int) -> list[int]:
        return solve(weights, values, capacity)[1]

    def edge_arguments(self, rng: random.Random) -> list[list[Any]]:
        w = rng.randint(2, 30)
        v = rng.randint(1, 50)
        same = rng.randint(2, 9)  # identical items: many optimal sets
        return [
            [[], [], rng.randint(0, 50)],  # no items
            [[w], [v], w],  # one item that fits exactly
            [[w], [v], w - 1],  # one item one unit too heavy
            [[w, w + 1, w + 2], [v, v + 1, v + 2], 0],  # capacity 0
            [[same] * 6, [3 * same] * 6, same * 3 + same // 2],  # ties
            # greedy by value per weight takes the light item and misses the pair
            [[1, w, w], [2, 2 * w - 1, 2 * w - 1], 2 * w],
        ]

    def limit_arguments(self, rng: random.Random) -> list[Any]:
        """The limits stated without a large input: 25 items (2^25 subsets: trying them
        all takes tens of seconds), a capacity of about half their weight (at most 1,000:
        25,000 steps of the dynamic programme)."""
        weights = [rng.randint(1, HEAVIEST) for _ in range(SMALL_ITEMS)]
        values = [min(200, w + rng.randint(1, 20)) for w in weights]
        return [weights, values, min(SMALL_CAPACITY, sum(weights) // 2)]

    def large_arguments(self, rng: random.Random, scale: int) -> list[Any]:
        n = LARGE * scale
        weights = [rng.randint(1, HEAVY) for _ in range(n)]
        values = [w + rng.randint(1, HEAVY // 3) for w in weights]
        capacity = int(sum(weights) * rng.uniform(0.35, 0.6))
        return [weights, values, capacity]

    def accepts(self, test: dict[str, Any], output: Any) -> bool:
        weights, values, capacity = test["args"]
        if not isinstance(output, list):
            return False
        n = len(weights)
        if any(type(i) is not int or not 0 <= i < n for i in output):
            return False
        if any(a >= b for a, b in itertools.pairwise(output)):
            return False
        if sum(weights[i] for i in output) > capacity:
            return False
        best = sum(values[i] for i in test["expected"])
        return sum(values[i] for i in output) == best
