"""TwoSum: positions of entries of a list that add up to a target, or how many pairs do.

A list ``a_1 .. a_n`` of integers (positions numbered from 1) and a target ``T``. One
problem asks one of:

* ``pair``: two positions ``i < j`` with ``a_i + a_j = T``. A pair is built into every
  instance, and a few more may exist (none under 20 entries, at most three in all): any
  valid pair is right (the witness is checked against the list, not a stored answer);
* ``triple`` (three-sum): three positions ``i < j < k`` with ``a_i + a_j + a_k = T``; any
  valid triple is right;
* ``count``: the number of pairs ``i < j`` with ``a_i + a_j = T`` (a unique integer, from 2
  to about a hundred, over a list with many close and repeated values; a count written
  anywhere in the prompt is redrawn).

Reference: one pass with a hash map of the values seen so far (complement lookup, O(n)) for
the pair and the count; for the triple, that pass for every first position (hash-based
3SUM, O(n^2)). Tests recompute all three by brute force over ``itertools.combinations``.

Answer syntax: ``pair`` and ``triple``: the positions in increasing order separated by
commas (``3, 7`` or ``2, 5, 9``); brackets, spaces instead of commas and ``i = 3, j = 7``
are accepted; positions out of order, repeated or out of range are wrong. ``count``: one
integer.

Knobs: ``length`` (entries, 6..80), ``max_value`` (largest absolute value, 9..9999),
``negatives`` (negative entries and targets) and ``question`` (``pair`` <
``pair_or_count`` < ``count_or_triple``). Difficulty raises all four. At difficulty 1: 60
entries of up to three digits with signs, and either a three-sum witness (about 34,000
triples to search) or an exact count of pairs among heavily repeated values.
"""

from __future__ import annotations

import itertools
import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.algorithms.queries import (
    AnswerError,
    numbers_in,
    read_integer,
    read_integers,
    show_list,
)

MAX_PAIRS = 3  # a pair question keeps few solutions, so a guessed pair rarely fits


def max_pairs(n: int) -> int:
    """Valid pairs a pair question may have: one on short lists (6 entries have only 15
    pairs, so three valid ones let a constant such as ``1, 3`` earn 0.14), up to
    ``MAX_PAIRS`` from 30 entries on."""
    return min(MAX_PAIRS, max(1, n // 10))


def first_pair(values: list[int], target: int) -> list[int] | None:
    """The pair (1-based) with the smallest second position, by complement lookup."""
    seen: dict[int, int] = {}
    for j, v in enumerate(values):
        i = seen.get(target - v)
        if i is not None:
            return [i + 1, j + 1]
        seen.setdefault(v, j)
    return None


def count_pairs(values: list[int], target: int) -> int:
    """Pairs i < j with values[i] + values[j] == target, in one hash-map pass."""
    seen: dict[int, int] = {}
    total = 0
    for v in values:
        total += seen.get(target - v, 0)
        seen[v] = seen.get(v, 0) + 1
    return total


def first_triple(values: list[int], target: int) -> list[int] | None:
    """A triple (1-based) i < j < k summing to target: a complement pass per first position."""
    n = len(values)
    for i in range(n - 2):
        rest = target - values[i]
        seen: dict[int, int] = {}
        for k in range(i + 1, n):
            j = seen.get(rest - values[k])
            if j is not None:
                return [i + 1, j + 1, k + 1]
            seen.setdefault(values[k], k)
    return None


class TwoSum(Family):
    """Find positions whose entries sum to a target (any valid witness), or count the pairs."""

    knobs: ClassVar[dict[str, Knob]] = {
        "length": Knob("int", 6, 80, default=14, easy=6, hard=60, doc="entries in the list"),
        "max_value": Knob(
            "int", 9, 9999, default=99, easy=20, hard=999, doc="largest absolute value"
        ),
        "negatives": Knob(
            "bool", default=False, easy=False, hard=True, doc="negative entries and targets"
        ),
        "question": Knob(
            "categorical",
            choices=("pair", "pair_or_count", "count_or_triple"),
            default="pair_or_count",
            doc="a pair; also the number of pairs; the number of pairs or a three-sum triple",
        ),
    }
    answer_syntax = (
        "the positions in increasing order separated by commas (e.g. 3, 7), or, where the "
        "question asks how many, a single integer"
    )
    answer_form = "positions or a count"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        choice = knobs["question"]
        if choice == "pair":
            ask = "pair"
        elif choice == "pair_or_count":
            ask = rng.choice(("pair", "count"))
        else:
            ask = rng.choice(("count", "triple"))
        attempt = 0
        while True:
            # After many redraws (tiny value ranges asked for explicitly), the limits on
            # extra pairs and on echoable counts are dropped rather than looping forever.
            draft = self._draw(rng, knobs, ask, strict=attempt < 200)
            if draft is not None:
                return draft
            attempt += 1

    def _draw(self, rng: random.Random, knobs: dict, ask: str, strict: bool) -> Draft | None:
        n, top = int(knobs["length"]), int(knobs["max_value"])
        low = -top if knobs["negatives"] else 1
        if ask == "count":
            # Values crowded in a narrow band around a random centre, so that many pairs of
            # different values share a sum: the count varies widely and smoothly.
            width = max(top, 99)
            spread = rng.randint(max(2, n // 8), max(3, n // 2))
            low = -width + spread if knobs["negatives"] else 1 + spread
            centre = rng.randint(low, width - spread)
            values = [centre + rng.randint(-spread, spread) for _ in range(n)]
        else:
            values = [rng.randint(low, top) for _ in range(n)]
        if len(set(values)) < 3:
            return None
        size = 3 if ask == "triple" else 2
        chosen = sorted(rng.sample(range(n), size))
        target = sum(values[p] for p in chosen)
        listing = (
            f"Here is a list of {n} integers a_1, ..., a_{n} (positions are numbered from 1):"
            f"\n\n{show_list(values)}\n\n"
        )
        meta: dict = {"ask": ask, "values": values, "target": target}
        if ask == "pair":
            if strict and count_pairs(values, target) > max_pairs(n):
                return None
            witness = first_pair(values, target)
            question = listing + (
                f"Find two positions i < j with a_i + a_j = {target}. Several pairs may work; "
                "give any one of them as the two positions, smaller first, separated by a "
                "comma (for example 3, 7)."
            )
            answer = ", ".join(map(str, witness))
        elif ask == "triple":
            witness = first_triple(values, target)
            question = listing + (
                f"Find three positions i < j < k with a_i + a_j + a_k = {target}. Several "
                "triples may work; give any one of them as the three positions in increasing "
                "order, separated by commas (for example 2, 5, 9)."
            )
            answer = ", ".join(map(str, witness))
        else:
            count = count_pairs(values, target)
            question = listing + (
                f"How many pairs of positions i < j have a_i + a_j = {target}? Pairs at "
                "different positions count separately even when their values are equal. "
                "Answer with the number of pairs."
            )
            if strict and count in numbers_in(question + self.answer_syntax):  # example too
                return None
            answer = str(count)
            meta["count"] = count
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        if meta["ask"] == "count":
            try:
                value = read_integer(answer)
            except AnswerError as exc:
                return Judgement.unparsable(str(exc))
            if value != meta["count"]:
                return Judgement.wrong(why="not the number of pairs")
            return Judgement.right()
        size = 3 if meta["ask"] == "triple" else 2
        try:
            positions = read_integers(answer, names="ijk")
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if len(positions) != size:
            return Judgement.unparsable(f"expected {size} positions, got {len(positions)}")
        values = meta["values"]
        if any(not 1 <= p <= len(values) for p in positions):
            return Judgement.wrong(why="a position is outside 1..n")
        if any(a >= b for a, b in itertools.pairwise(positions)):
            return Judgement.wrong(why="the positions must be distinct and in increasing order")
        total = sum(values[p - 1] for p in positions)
        if total != meta["target"]:
            return Judgement.wrong(why=f"those entries sum to {total}, not the target")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Entries, weighted by the search the question needs (pairs, counting, triples)."""
        weight = {"pair": 1.0, "count": 1.5, "triple": 2.5}[problem.meta["ask"]]
        return len(problem.meta["values"]) * weight
