"""IntervalScheduling: choose a largest set of pairwise non-overlapping intervals.

The prompt lists ``n`` numbered intervals ``[start, end]`` with integer endpoints and says
whether two intervals that only touch (one ends where the other starts) overlap. The task is
activity selection: a maximum number of pairwise non-overlapping intervals; with ``weighted``
each interval carries a weight and the task is a set of maximum total weight (weighted
interval scheduling). Reference: the earliest-finish greedy (Gavril 1972; Cormen et al.,
"Introduction to Algorithms", 16.1) for counts, and the dynamic programme over intervals
sorted by end with a binary search for the last compatible one (Kleinberg and Tardos,
"Algorithm Design", 6.1) for weights.

Answer syntax: the value (the number of chosen intervals, or their total weight), a colon,
then the chosen interval numbers separated by commas (``3: 1, 4, 7``). Any maximum set is
right: the verifier checks that the numbers exist, are distinct, that the chosen intervals
pairwise do not overlap under the stated rule, that the value is the witness's own count or
weight, and that it equals the optimum. A valid set that is not maximum is wrong with partial
credit ``score = value / optimum``.

Knobs: ``intervals`` (how many, 8 -> 30), ``weighted`` (False -> True) and ``closed``
(whether touching endpoints overlap, False -> True: closed intervals make a shared endpoint
a conflict, which a greedy written for half-open ones gets wrong). Difficulty raises all three.
"""

from __future__ import annotations

import bisect
import itertools
import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.algorithms.intervals import AnswerError, parse_value_and_items


def conflict(a: list[int], b: list[int], closed: bool) -> bool:
    """Whether intervals ``a`` and ``b`` overlap (sharing an endpoint counts when closed)."""
    if closed:
        return a[0] <= b[1] and b[0] <= a[1]
    return a[0] < b[1] and b[0] < a[1]


def best_selection(spans: list[list[int]], weights: list[int] | None, closed: bool) -> list[int]:
    """Indices of a maximum (weight) set of pairwise non-overlapping intervals."""
    order = sorted(range(len(spans)), key=lambda i: (spans[i][1], spans[i][0], i))
    if weights is None:
        chosen, last = [], None
        for i in order:
            start = spans[i][0]
            if last is None or (start > last if closed else start >= last):
                chosen.append(i)
                last = spans[i][1]
        return chosen
    ends = [spans[i][1] for i in order]
    best = [0] * (len(order) + 1)
    take = [False] * len(order)
    before = []
    for j, i in enumerate(order):
        start = spans[i][0]
        # how many of the sorted intervals end strictly before (closed) / at or before start
        k = (
            bisect.bisect_left(ends, start, 0, j)
            if closed
            else bisect.bisect_right(ends, start, 0, j)
        )
        before.append(k)
        with_it = weights[i] + best[k]
        take[j] = with_it > best[j]
        best[j + 1] = with_it if take[j] else best[j]
    chosen, j = [], len(order) - 1
    while j >= 0:
        if take[j]:
            chosen.append(order[j])
            j = before[j] - 1
        else:
            j -= 1
    return chosen[::-1]


class IntervalScheduling(Family):
    """Activity selection (or weighted interval scheduling): any maximum set is right."""

    knobs: ClassVar[dict[str, Knob]] = {
        "intervals": Knob("int", 4, 60, default=10, easy=8, hard=30, doc="number of intervals"),
        "weighted": Knob("bool", default=False, easy=False, hard=True, doc="maximise weight"),
        "closed": Knob(
            "bool", default=False, easy=False, hard=True, doc="touching endpoints overlap"
        ),
    }
    answer_syntax = (
        "the value, a colon, then the chosen interval numbers separated by commas (e.g. 3: 1, 4, 7)"
    )
    answer_form = "value and interval numbers"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, weighted, closed = (
            int(knobs["intervals"]),
            bool(knobs["weighted"]),
            bool(knobs["closed"]),
        )
        horizon = 2 * n + 8
        longest = max(3, horizon // 4)
        while True:
            spans = []
            for _ in range(n):
                length = rng.randint(1, longest)
                start = rng.randint(0, horizon - length)
                spans.append([start, start + length])
            weights = [rng.randint(1, 20) for _ in range(n)] if weighted else None
            chosen = best_selection(spans, weights, closed)
            if 2 <= len(chosen) < n:
                break
        value = sum(weights[i] for i in chosen) if weighted else len(chosen)
        rule = (
            "Intervals are closed: two intervals that share an endpoint (one ends at the time "
            "the other starts) DO overlap."
            if closed
            else "Two intervals that only touch (one ends at the time the other starts) do NOT "
            "overlap; any longer shared stretch is an overlap."
        )
        lines = [
            f"{i + 1}. [{a}, {b}]" + (f", weight {weights[i]}" if weighted else "")
            for i, (a, b) in enumerate(spans)
        ]
        goal = (
            "Choose pairwise non-overlapping intervals of the greatest possible total weight. "
            "Give the total weight, a colon, then the numbers of the chosen intervals."
            if weighted
            else "Choose as many pairwise non-overlapping intervals as possible. Give how many "
            "you chose, a colon, then the numbers of the chosen intervals."
        )
        question = (
            f"Here are {n} numbered intervals [start, end] on a time line:\n"
            + "\n".join(lines)
            + f"\n\n{rule} {goal}"
        )
        meta = {
            "intervals": spans,
            "weights": weights,
            "closed": closed,
            "best": value,
        }
        answer = f"{value}: " + ", ".join(str(i + 1) for i in sorted(chosen))
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            value, items = parse_value_and_items(answer)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        meta = problem.meta
        spans, weights, closed = meta["intervals"], meta["weights"], meta["closed"]
        n = len(spans)
        if len(set(items)) != len(items):
            return Judgement.wrong(why="an interval is chosen twice")
        bad = [i for i in items if not 1 <= i <= n]
        if bad:
            return Judgement.wrong(why=f"there is no interval {bad[0]}")
        picked = sorted((spans[i - 1], i) for i in items)
        for (a, i), (b, j) in itertools.pairwise(picked):
            if conflict(a, b, closed):
                return Judgement.wrong(why=f"intervals {i} and {j} overlap")
        got = sum(weights[i - 1] for i in items) if weights else len(items)
        if got != value:
            return Judgement.wrong(why=f"the chosen intervals give {got}, not {value}")
        best = meta["best"]
        if got < best:
            return Judgement.wrong(score=got / best, why="a better choice exists", value=got)
        return Judgement.right(value=got)

    def complexity(self, problem: Problem) -> float:
        """Intervals plus chosen ones, doubled when weighted."""
        meta = problem.meta
        size = len(meta["intervals"]) + len(problem.answer.split(","))
        return size * (2 if meta["weights"] else 1)
