"""LongestIncreasingSubsequence: the longest (or heaviest) monotone subsequence of a sequence.

A sequence of positive integers is shown with its 1-based positions. The task asks for a
longest strictly increasing subsequence, or, by ``variant``, a longest strictly decreasing
one, a longest non-decreasing one (equal neighbours allowed; the values are then drawn from a
small range so that repeats matter), or a strictly increasing subsequence of the largest sum
(the maximum-sum increasing subsequence). Reference: patience sorting with predecessor links
(Fredman 1975, O(n log n)) for the three length variants, the O(n^2) dynamic programme over
"best chain ending here" for the sum.

Answer syntax: ``length L; indices i1, i2, ..., iL`` (``sum S; indices ...`` for the
maximum-sum variant): the value, a semicolon, and the 1-based positions of the chosen
elements in increasing order (commas and/or spaces, brackets allowed). Any optimal witness is
right; the verifier checks that the positions are in range and strictly increasing, that the
values they pick follow the asked order, that the head equals the witness's length (or sum),
and that it is optimal. A valid but shorter (lighter) witness is wrong with partial credit
``score = value / best``.

Knobs: ``length`` (elements, 8 -> 40), ``max_value`` (largest element, 30 -> 200) and
``variant`` (increasing, decreasing, non-decreasing, max-sum; easiest first). Difficulty
raises all three; at difficulty 1 forty three-digit numbers with a sum to maximise.
"""

from __future__ import annotations

import bisect
import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.algorithms.sequences import (
    AnswerError,
    check_positions,
    read_head,
    read_indices,
)

VARIANTS = ("increasing", "decreasing", "non-decreasing", "max-sum")
_ORDER = {
    "increasing": "strictly increasing",
    "decreasing": "strictly decreasing",
    "non-decreasing": "non-decreasing (each element at least the one before it)",
    "max-sum": "strictly increasing",
}


def follows(variant: str, a: int, b: int) -> bool:
    """Whether b may come right after a in a witness of ``variant``."""
    if variant == "decreasing":
        return b < a
    if variant == "non-decreasing":
        return b >= a
    return b > a


def longest(values: list[int], variant: str) -> list[int]:
    """0-based positions of one longest subsequence of ``variant`` (patience sorting)."""
    keys = [-v for v in values] if variant == "decreasing" else values
    place = bisect.bisect_right if variant == "non-decreasing" else bisect.bisect_left
    tops: list[int] = []  # smallest tail key of a chain of each length
    ends: list[int] = []  # the position holding that tail
    back = [-1] * len(keys)
    for i, key in enumerate(keys):
        k = place(tops, key)
        back[i] = ends[k - 1] if k else -1
        if k == len(tops):
            tops.append(key)
            ends.append(i)
        else:
            tops[k] = key
            ends[k] = i
    chain, i = [], ends[-1]
    while i != -1:
        chain.append(i)
        i = back[i]
    return chain[::-1]


def heaviest(values: list[int]) -> list[int]:
    """0-based positions of one strictly increasing subsequence of the largest sum."""
    best = list(values)
    back = [-1] * len(values)
    for i, v in enumerate(values):
        for j in range(i):
            if values[j] < v and best[j] + v > best[i]:
                best[i], back[i] = best[j] + v, j
    i = max(range(len(values)), key=best.__getitem__)
    chain = []
    while i != -1:
        chain.append(i)
        i = back[i]
    return chain[::-1]


EXAMPLE = "length 4; indices 2, 5, 6, 9"


def _example_wins(values: list[int], variant: str, best: int) -> bool:
    """Whether the syntax example of the prompt happens to be a right answer."""
    return judge({"values": values, "variant": variant, "best": best}, EXAMPLE).correct


class LongestIncreasingSubsequence(Family):
    """A longest monotone (or heaviest increasing) subsequence: the value and its positions."""

    knobs: ClassVar[dict[str, Knob]] = {
        "length": Knob("int", 5, 80, default=12, easy=8, hard=40, doc="elements in the sequence"),
        "max_value": Knob(
            "int", 9, 999, default=50, easy=30, hard=200, doc="largest element value"
        ),
        "variant": Knob(
            "categorical",
            choices=VARIANTS,
            default="increasing",
            doc="which subsequence: longest increasing, decreasing, non-decreasing, or the "
            "increasing one of largest sum",
        ),
    }
    answer_syntax = (
        f"the value, a semicolon and the 1-based positions of the chosen elements (e.g. {EXAMPLE})"
    )
    answer_form = "length and indices"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, top, variant = int(knobs["length"]), int(knobs["max_value"]), knobs["variant"]
        if variant == "non-decreasing":
            top = max(4, min(top, n // 3))
        while True:
            values = [rng.randint(1, top) for _ in range(n)]
            chain = heaviest(values) if variant == "max-sum" else longest(values, variant)
            value = sum(values[i] for i in chain) if variant == "max-sum" else len(chain)
            if 1 < len(chain) < n and not _example_wins(values, variant, value):
                break
        label = "sum" if variant == "max-sum" else "length"
        shown = ", ".join(f"{i}: {v}" for i, v in enumerate(values, 1))
        if variant == "max-sum":
            goal = (
                "Find a strictly increasing subsequence (not necessarily contiguous) whose "
                "elements have the largest possible sum."
            )
        else:
            goal = f"Find a longest {_ORDER[variant]} subsequence (not necessarily contiguous)."
        question = (
            f"Here is a sequence of {n} numbers, each written as position: value "
            f"(positions start at 1):\n{shown}\n\n{goal} Answer with the {label}, a "
            f"semicolon, and the positions of the chosen elements in increasing order, in "
            f"the form: {label} N; indices i1, i2, ..."
        )
        answer = f"{label} {value}; indices " + ", ".join(str(i + 1) for i in chain)
        meta = {"values": values, "variant": variant, "best": value, "size": len(chain)}
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        return judge(problem.meta, answer)

    def complexity(self, problem: Problem) -> float:
        """Elements plus the chosen elements (sums also weigh the dynamic programme)."""
        meta = problem.meta
        extra = 10 if meta["variant"] == "max-sum" else 0
        return len(meta["values"]) + meta["size"] + extra


def judge(meta: dict, answer: str) -> Judgement:
    values, variant, best = meta["values"], meta["variant"], meta["best"]
    label = "sum" if variant == "max-sum" else "length"
    try:
        claimed, rest = read_head(answer, (label,))
        indices = read_indices(rest)
    except AnswerError as exc:
        return Judgement.unparsable(str(exc))
    why = check_positions(indices, len(values))
    if why:
        return Judgement.wrong(why=why)
    picked = [values[i - 1] for i in indices]
    for (i, a), (j, b) in zip(zip(indices, picked), zip(indices[1:], picked[1:])):
        if not follows(variant, a, b):
            return Judgement.wrong(why=f"positions {i} ({a}) and {j} ({b}) break the order")
    value = sum(picked) if variant == "max-sum" else len(picked)
    if claimed != value:
        return Judgement.wrong(why=f"the {label} claimed is {claimed}, the witness has {value}")
    if value < best:
        return Judgement.wrong(score=value / best, why=f"the best {label} is larger")
    if value > best:  # cannot happen with a correct reference
        return Judgement.wrong(why="the witness beats the reference")
    return Judgement.right()
