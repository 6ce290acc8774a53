"""ImplementRangeQueries: write a function that answers range sum / min / max queries
interleaved with point updates, tested on instances drawn by ``rlvr/RangeQueries-v0``.

The task: ``range_queries(values, ops)`` carries out the operations ``ops`` in order on the
array ``values`` (positions numbered from 1) and returns the answers of the queries, in
order, as a list of ints. An operation is a list ``[name, x, y]``: ``["sum", l, r]``,
``["min", l, r]`` and ``["max", l, r]`` ask for the sum, least and greatest of
``a[l..r]`` (both ends included, ``1 <= l <= r <= n``); ``["set", i, v]`` makes ``a[i]``
equal to ``v`` and ``["add", i, v]`` adds ``v`` to ``a[i]``; updates answer nothing. The
answer is unique. Reference: the source's own solvers (an iterative segment tree per
operator); the oracle program keeps a Fenwick tree for sums and two bottom-up segment
trees for the minimum and maximum, O(log n) per operation. The prompt says not to modify
the given lists, and every test checks it (the arguments come back from the sandbox as the
call left them). Slicing the array for every query (O(n) per query) passes the small tests
and runs past the limit on the large one (``80,000`` entries and 5,000 to 10,000
operations over long ranges as the scale rises).

Answer syntax: the whole solution as the last fenced Python block (stdlib only).

Knobs: those of :mod:`rlvr_envs.families.code.implementations` (``instances``, ``scale``).
"""

from __future__ import annotations

import random
from typing import Any

from rlvr_envs.core import Problem
from rlvr_envs.families.algorithms.range_queries import RangeQueries, dynamic_answers
from rlvr_envs.families.code.implementations import Implementation

LARGE_N = 80_000
LARGE_Q = 5_000
BOUND = 10**9


def operations(scale: int) -> int:
    """Operations of the large test: 5,000, 7,500 and 10,000 at scales 1, 2 and 3."""
    return LARGE_Q * (scale + 1) // 2


SOLUTION = """\
def range_queries(values, ops):
    n = len(values)
    a = list(values)
    fen = [0] * (n + 1)  # Fenwick tree of the sums, 1-based
    for i, v in enumerate(a, 1):
        fen[i] += v
        j = i + (i & -i)
        if j <= n:
            fen[j] += fen[i]
    lo_tree = [0] * n + a  # bottom-up segment trees: leaves at n .. 2n - 1
    hi_tree = list(lo_tree)
    for i in range(n - 1, 0, -1):
        x, y = lo_tree[2 * i], lo_tree[2 * i + 1]
        lo_tree[i] = x if x < y else y
        x, y = hi_tree[2 * i], hi_tree[2 * i + 1]
        hi_tree[i] = x if x > y else y

    def prefix(i):
        total = 0
        while i > 0:
            total += fen[i]
            i -= i & -i
        return total

    answers = []
    for name, x, y in ops:
        if name == "sum":
            answers.append(prefix(y) - prefix(x - 1))
        elif name == "min" or name == "max":
            tree = lo_tree if name == "min" else hi_tree
            left, right = x - 1 + n, y + n  # half-open [left, right)
            best = tree[left]
            while left < right:
                if left & 1:
                    v = tree[left]
                    if (v < best) if name == "min" else (v > best):
                        best = v
                    left += 1
                if right & 1:
                    right -= 1
                    v = tree[right]
                    if (v < best) if name == "min" else (v > best):
                        best = v
                left >>= 1
                right >>= 1
            answers.append(best)
        else:
            new = y if name == "set" else a[x - 1] + y
            delta = new - a[x - 1]
            a[x - 1] = new
            i = x
            while i <= n:
                fen[i] += delta
                i += i & -i
            i = x - 1 + n
            lo_tree[i] = hi_tree[i] = new
            i >>= 1
            while i:
                u, w = lo_tree[2 * i], lo_tree[2 * i + 1]
                lo_tree[i] = u if u < w else w
                u, w = hi_tree[2 * i], hi_tree[2 * i + 1]
                hi_tree[i] = u if u > w else w
                i >>= 1
    return answers
"""


class ImplementRangeQueries(Implementation):
    """Write ``range_queries(values, ops)``: answer range sum / min / max queries with
    point updates, in order."""

    source = RangeQueries
    function = "range_queries"
    signature = "range_queries(values, ops)"
    solution = SOLUTION

    def statement(self, knobs: dict[str, Any]) -> str:
        n = f"{LARGE_N:,}" if knobs["scale"] else "100"
        q = f"{operations(knobs['scale']):,}" if knobs["scale"] else "100"
        return (
            "`values` is a list of n integers a[1], ..., a[n] (positions are numbered from "
            "1, so a[i] is `values[i - 1]`). `ops` is a list of operations, each a list "
            "`[name, x, y]` of a string and two integers, to carry out in order:\n"
            '- `["sum", l, r]` asks for a[l] + a[l+1] + ... + a[r];\n'
            '- `["min", l, r]` asks for the smallest of a[l], ..., a[r];\n'
            '- `["max", l, r]` asks for the largest of a[l], ..., a[r];\n'
            '- `["set", i, v]` replaces a[i] by v;\n'
            '- `["add", i, v]` adds v to a[i].\n'
            "Ranges include both ends and satisfy 1 <= l <= r <= n; 1 <= i <= n. Updates "
            "(`set`, `add`) answer nothing but change the array for the operations after "
            "them. Return the list of the answers of the queries (`sum`, `min`, `max`), one "
            "int each, in the order of the queries (`[]` when there are none). Do not modify "
            f"the lists you are given. 1 <= n <= {n}, `ops` has at most {q} operations, and "
            "every entry of the array stays between -10**9 and 10**9 at all times."
        )

    def hidden_tests(self, problem: Problem) -> list[dict[str, Any]]:
        """Every test also checks the rule the prompt states, "do not modify the lists you
        are given": the sandbox sends the arguments back as the call left them and they
        are compared on the host with the inputs (``args_unchanged``)."""
        return [dict(test, args_unchanged=True) for test in super().hidden_tests(problem)]

    def arguments(self, meta: dict[str, Any]) -> list[Any]:
        return [list(meta["values"]), [list(op) for op in meta["ops"]]]

    def reference(self, values: list[int], ops: list[list[Any]]) -> list[int]:
        return dynamic_answers(values, ops)

    def coverage_arguments(self, rng: random.Random) -> list[Any]:
        """Every operation, each changing the answers after it: distinct values, a set that
        moves the maximum and the minimum, an add that makes a new maximum. (The source
        draws only sums at low difficulty: without this a prefix-sum program scored 1.)"""
        values = rng.sample(range(-90, 90), 8)
        top = values.index(max(values)) + 1
        low = values.index(min(values)) + 1
        ops = [
            ["sum", 2, 7],
            ["min", 1, 8],
            ["max", 1, 8],
            ["set", top, -500],
            ["max", 1, 8],
            ["min", 1, 8],
            ["add", low, 700],
            ["max", 1, 8],
            ["sum", 1, 8],
            ["min", low, low],
            ["set", 3, rng.randint(100, 200)],
            ["sum", 3, 3],
            ["max", 2, 4],
        ]
        return [values, ops]

    def edge_arguments(self, rng: random.Random) -> list[list[Any]]:
        v = rng.randint(-50, 50)
        w = rng.randint(-50, 50)
        same = [v] * rng.randint(3, 6)
        n = len(same)
        run = sorted(rng.sample(range(-100, 100), 6))
        return [
            [[v], [["sum", 1, 1], ["min", 1, 1], ["set", 1, w], ["max", 1, 1], ["sum", 1, 1]]],
            [[v, w], []],
            [[v, w], [["add", 2, 5], ["set", 1, 7]]],
            [same, [["min", 1, n], ["max", 2, n], ["add", n, -3], ["min", 1, n], ["max", 1, n]]],
            [
                run,
                [
                    ["max", 1, 6],
                    ["min", 1, 6],
                    ["set", 6, -200],
                    ["max", 1, 6],
                    ["min", 3, 6],
                    ["add", 1, 1000],
                    ["max", 1, 1],
                    ["sum", 1, 6],
                    ["sum", 4, 4],
                ],
            ],
        ]

    def large_arguments(self, rng: random.Random, scale: int) -> list[Any]:
        n, q = LARGE_N, operations(scale)
        top = 10**6
        values = [rng.randint(-top, top) for _ in range(n)]
        current = list(values)
        ops: list[list[Any]] = []
        edge = max(1, n // 50)
        for _ in range(q):
            kind = rng.random()
            if kind < 0.2:
                i = rng.randint(1, n)
                if kind < 0.1:
                    new = rng.randint(-top, top)
                    ops.append(["set", i, new])
                else:
                    step = rng.randint(-top, top)
                    new = current[i - 1] + step
                    if abs(new) > BOUND:
                        step, new = -step, current[i - 1] - step
                    ops.append(["add", i, step])
                current[i - 1] = new
            else:
                ops.append(
                    [
                        rng.choice(("sum", "min", "max")),
                        rng.randint(1, edge),
                        rng.randint(n - edge + 1, n),
                    ]
                )
        return [values, ops]
