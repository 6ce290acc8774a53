"""KthSmallest: order statistics of an unsorted list with repeated values.

A list of integers with many repeated values. One problem asks one of:

* ``kth``: the k-th smallest value with equal values counted separately (the value at
  position k once the list is sorted in non-decreasing order);
* ``distinct``: the k-th smallest *distinct* value (equal values counted once);
* ``median``: the median of a list of odd length (its middle value once sorted);
* ``pair_sum``: the k-th smallest of the n(n-1)/2 sums ``a_i + a_j`` over positions
  ``i < j`` (equal sums counted separately);
* ``pair_difference``: the k-th smallest of the n(n-1)/2 distances ``|a_i - a_j|`` over
  positions ``i < j`` (equal distances counted separately).

Every answer is one integer, unique by construction. The prompt says how equal values count.

Reference: Hoare's quickselect (iterative, median-of-three pivot, three-way partition) for
``kth``, ``distinct`` (on the set of values) and ``median``; for the pairwise questions, a
binary search on the answer value, counting the pairs at most a candidate with two pointers
over the sorted list (O(n log n + n log range)). Tests recompute by sorting, and by sorting
all pairs from ``itertools.combinations``.

Answer syntax: a single integer.

Knobs: ``length`` (entries, 5..101; the pairwise questions use half as many, 5..50 entries
for 10..1225 pair values), ``max_value`` (largest absolute value, 9..99999), ``negatives``
and ``question`` (``kth`` < ``kth_or_median`` (kth, distinct, median) < ``any`` (those, or
a pairwise sum or distance, half the time)). Difficulty raises all four. At difficulty 1:
80 signed three-digit values, or the k-th of the 780 pair sums or distances of 40 values.
Where the question is pairwise, instances whose answer is written in the prompt are redrawn.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.algorithms.queries import (
    AnswerError,
    numbers_in,
    ordinal,
    read_integer,
    show_list,
)

PAIRWISE = ("pair_sum", "pair_difference")


def quickselect(values: list[int], k: int) -> int:
    """The k-th smallest (1-based) of ``values``, equal values counted separately."""
    items = list(values)
    k -= 1
    while True:
        a, b, c = items[0], items[len(items) // 2], items[-1]
        pivot = max(min(a, b), min(max(a, b), c))  # median of three
        lower = [x for x in items if x < pivot]
        if k < len(lower):
            items = lower
            continue
        equal = sum(1 for x in items if x == pivot)
        if k < len(lower) + equal:
            return pivot
        k -= len(lower) + equal
        items = [x for x in items if x > pivot]


def _pairs_at_most(ordered: list[int], bound: int, kind: str) -> int:
    """Pairs i < j of the sorted list whose sum (or distance) is at most ``bound``."""
    n = len(ordered)
    count = 0
    if kind == "pair_sum":
        lo, hi = 0, n - 1
        while lo < hi:
            if ordered[lo] + ordered[hi] <= bound:
                count += hi - lo
                lo += 1
            else:
                hi -= 1
        return count
    lo = 0
    for hi in range(n):
        while ordered[hi] - ordered[lo] > bound:
            lo += 1
        count += hi - lo
    return count


def kth_pairwise(values: list[int], k: int, kind: str) -> int:
    """The k-th smallest pair sum or pair distance, by binary search on the value."""
    ordered = sorted(values)
    if kind == "pair_sum":
        lo, hi = ordered[0] + ordered[1], ordered[-2] + ordered[-1]
    else:
        lo, hi = 0, ordered[-1] - ordered[0]
    while lo < hi:
        mid = (lo + hi) // 2
        if _pairs_at_most(ordered, mid, kind) >= k:
            hi = mid
        else:
            lo = mid + 1
    return lo


def _middle(rng: random.Random, size: int) -> int:
    """A rank away from both ends (not the minimum or maximum, and off the outer fifths
    where the list is long enough)."""
    margin = max(1, size // 5)
    return rng.randint(margin + 1, size - margin)


class KthSmallest(Family):
    """The k-th smallest value (with or without repeats), the median, or a pairwise order
    statistic of an unsorted list."""

    knobs: ClassVar[dict[str, Knob]] = {
        "length": Knob("int", 5, 101, default=21, easy=7, hard=80, doc="entries in the list"),
        "max_value": Knob(
            "int", 9, 99999, default=99, easy=50, hard=999, doc="largest absolute value"
        ),
        "negatives": Knob("bool", default=False, easy=False, hard=True, doc="negative entries"),
        "question": Knob(
            "categorical",
            choices=("kth", "kth_or_median", "any"),
            default="kth_or_median",
            doc="k-th smallest; also distinct values and the median; also pairwise sums "
            "and distances",
        ),
    }
    answer_syntax = "a single integer"
    answer_form = "integer"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        choice = knobs["question"]
        if choice == "kth":
            ask = "kth"
        elif choice == "kth_or_median":
            ask = rng.choice(("kth", "distinct", "median"))
        else:
            ask = rng.choice(("kth", "distinct", "median", *PAIRWISE, *PAIRWISE))
        for attempt in range(1000):
            draft = self._draw(rng, knobs, ask, strict=attempt < 50)
            if draft is not None:
                return draft
        raise RuntimeError("no instance found")  # pragma: no cover

    def _draw(self, rng: random.Random, knobs: dict, ask: str, strict: bool) -> Draft | None:
        n, top = int(knobs["length"]), int(knobs["max_value"])
        if ask in PAIRWISE:
            n = max(5, n // 2)
        if ask == "median" and n % 2 == 0:
            n += 1 if n < int(self.knobs["length"].high) else -1
        low = -top if knobs["negatives"] else 1
        # Repeated values: draw from a pool of about two thirds as many values as entries.
        pool = rng.sample(range(low, top + 1), min(top - low + 1, max(3, (2 * n) // 3)))
        values = [rng.choice(pool) for _ in range(n)]
        if values == sorted(values) or values == sorted(values, reverse=True):
            return None
        distinct = sorted(set(values))
        count_text = ""
        k = 0
        if ask == "kth":
            k = _middle(rng, n)
            answer = quickselect(values, k)
            asked = (
                f"What is the {ordinal(k)} smallest value in the list, counting equal values "
                f"separately (the value at position {k} once the list is sorted in "
                "non-decreasing order)?"
            )
        elif ask == "distinct":
            if len(distinct) < 3:
                return None
            k = _middle(rng, len(distinct))
            answer = quickselect(distinct, k)
            asked = (
                f"What is the {ordinal(k)} smallest distinct value in the list? Equal values "
                "count once: repeated values are one value."
            )
        elif ask == "median":
            answer = quickselect(values, n // 2 + 1)
            asked = (
                f"What is the median of the list (the middle value, at position {n // 2 + 1} "
                "once the list is sorted in non-decreasing order, equal values counted "
                "separately)?"
            )
        else:
            total = n * (n - 1) // 2
            k = _middle(rng, total)
            answer = kth_pairwise(values, k, ask)
            what = "sums a_i + a_j" if ask == "pair_sum" else "distances |a_i - a_j|"
            asked = (
                f"Consider all {total} {what} over pairs of positions i < j. What is the "
                f"{ordinal(k)} smallest of them, counting equal ones separately?"
            )
            count_text = f" a_1, ..., a_{n} (positions are numbered from 1)"
        question = f"Here is an unsorted list of {n} integers{count_text}:\n\n{show_list(values)}"
        question += f"\n\n{asked}"
        if ask in PAIRWISE:
            if strict and answer in numbers_in(question):
                return None
        elif strict and (answer in numbers_in(asked) or answer == n):
            return None
        meta = {"ask": ask, "values": values, "k": k, "value": answer}
        return Draft(question, str(answer), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            value = read_integer(answer)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if value != problem.meta["value"]:
            return Judgement.wrong(why="not that order statistic")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """The number of candidate values the answer is selected from (entries or pairs)."""
        n = len(problem.meta["values"])
        return n * (n - 1) / 2 if problem.meta["ask"] in PAIRWISE else float(n)
