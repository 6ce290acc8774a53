"""Knapsack: the 0/1 knapsack problem, answered with the best value and an optimal item set.

Items numbered from 1 have whole-number weights and values; each can be packed at most once
and the packed weight must not exceed the capacity. Values are correlated with weights
(value = weight plus a random bonus), the instances on which the value-per-weight greedy
rule misleads most often. The reference is the dynamic programme over capacities (Bellman
1957; the textbook O(n * capacity) table), with the item set read back from the table.

Answer syntax: the maximum total value, a colon, then the numbers of the packed items
separated by commas (``27: 1, 4, 5``); spaces instead of commas, brackets around the list
and a label (``value = 27: [1, 4, 5]``) are accepted. Any optimal set is right: the
verifier checks the items exist, are distinct, fit the capacity, add up to the stated value
and that the value is the optimum. A valid set that is not optimal is wrong with partial
credit ``score = its value / optimum``; an over-capacity set, a stated value that is not the
set's value, unknown or repeated items score 0.

Knobs: ``items`` (number of items, 5 -> 25), ``max_weight`` (largest item weight, 10 -> 60;
capacities are 35-60% of the total weight) and ``greedy_fails`` (redraw until taking items
by value per weight, largest ratio first, misses the optimum; False -> True). Difficulty
raises all three: at difficulty 1, 25 items and a capacity of a few hundred.
"""

from __future__ import annotations

import math
import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.algorithms.optimisation import (
    AnswerError,
    drop_label,
    head_value,
    int_list,
)

_TRIES = 60


def solve(weights: list[int], values: list[int], capacity: int) -> tuple[int, list[int]]:
    """The optimum and one optimal item set (0-based, ascending) by the capacity DP."""
    rows = [[0] * (capacity + 1)]
    for w, v in zip(weights, values, strict=True):
        prev = rows[-1]
        if w > capacity:
            rows.append(prev)
            continue
        rows.append(
            prev[:w] + [b + v if b + v > a else a for a, b in zip(prev[w:], prev, strict=False)]
        )
    chosen, c = [], capacity
    for i in range(len(weights), 0, -1):
        if rows[i][c] != rows[i - 1][c]:
            chosen.append(i - 1)
            c -= weights[i - 1]
    return rows[-1][capacity], sorted(chosen)


def greedy(weights: list[int], values: list[int], capacity: int) -> int:
    """The value of packing by value per weight, largest first, while items fit."""
    order = sorted(range(len(weights)), key=lambda i: (-values[i] / weights[i], i))
    room, total = capacity, 0
    for i in order:
        if weights[i] <= room:
            room -= weights[i]
            total += values[i]
    return total


def dantzig(weights: list[int], values: list[int], capacity: int) -> int:
    """Dantzig's bound: the floor of the best fractional packing's value."""
    order = sorted(range(len(weights)), key=lambda i: (-values[i] / weights[i], i))
    room, total = capacity, 0
    for i in order:
        if weights[i] <= room:
            room -= weights[i]
            total += values[i]
        else:
            return total + values[i] * room // weights[i]
    return total


class Knapsack(Family):
    """0/1 knapsack: the best value and an optimal set of items (any optimal set is right)."""

    knobs: ClassVar[dict[str, Knob]] = {
        "items": Knob("int", 3, 40, default=10, easy=5, hard=25, doc="number of items"),
        "max_weight": Knob(
            "int", 5, 200, default=20, easy=10, hard=60, doc="largest item weight"
        ),
        "greedy_fails": Knob(
            "bool", default=False, easy=False, hard=True,
            doc="redraw until the value-per-weight greedy rule misses the optimum",
        ),
    }  # fmt: skip
    answer_syntax = (
        "the maximum total value, a colon, then the numbers of the packed items separated "
        "by commas (e.g. 27: 1, 4, 5)"
    )
    answer_form = "value and item numbers"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, top = int(knobs["items"]), int(knobs["max_weight"])
        want_trap = bool(knobs["greedy_fails"])
        for attempt in range(_TRIES):
            weights = [rng.randint(1, top) for _ in range(n)]
            bonus = max(2, top // 3)
            values = [w + rng.randint(1, bonus) for w in weights]
            total = sum(weights)
            capacity = max(max(weights), int(total * rng.uniform(0.35, 0.6)))
            capacity = min(capacity, total - 1)  # never room for every item
            quick = greedy(weights, values, capacity)
            last = attempt == _TRIES - 1
            if want_trap and not last and quick >= dantzig(weights, values, capacity):
                continue  # greedy meets the fractional bound: it is optimal
            best, chosen = solve(weights, values, capacity)
            trap = quick < best
            if trap or not want_trap:
                break
        lines = "\n".join(
            f"item {i + 1}: weight {w}, value {v}"
            for i, (w, v) in enumerate(zip(weights, values, strict=True))
        )
        question = (
            f"A knapsack holds a total weight of at most {capacity}. Each item below can be "
            "packed at most once. Choose items of the largest possible total value whose "
            "total weight does not exceed the capacity; give that value and the item "
            f"numbers.\n\n{lines}"
        )
        meta = {
            "weights": weights,
            "values": values,
            "capacity": capacity,
            "optimum": best,
            "greedy": greedy(weights, values, capacity),
        }
        answer = f"{best}: " + ", ".join(str(i + 1) for i in chosen)
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        try:
            stated, rest = head_value(answer)
            items = int_list(drop_label(rest), "item numbers")
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        weights, values = meta["weights"], meta["values"]
        n = len(weights)
        if any(not 1 <= i <= n for i in items):
            return Judgement.wrong(why=f"items are numbered 1 to {n}")
        if len(set(items)) != len(items):
            return Judgement.wrong(why="an item is packed twice")
        weight = sum(weights[i - 1] for i in items)
        value = sum(values[i - 1] for i in items)
        if weight > meta["capacity"]:
            return Judgement.wrong(why=f"the items weigh {weight} > {meta['capacity']}")
        if value != stated:
            return Judgement.wrong(why=f"the items are worth {value}, not {stated}")
        best = meta["optimum"]
        if value < best:
            return Judgement.wrong(score=value / best, why="a more valuable set fits")
        return Judgement.right(value=value)

    def complexity(self, problem: Problem) -> float:
        """Items times the bits of the capacity (the DP table's size, on a log scale)."""
        meta = problem.meta
        return len(meta["weights"]) * math.log2(meta["capacity"] + 1)
