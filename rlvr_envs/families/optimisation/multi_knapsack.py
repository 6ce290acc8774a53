"""MultiKnapsack: choose items of the greatest total value within several capacity limits.

Each item has a value and a weight in each of ``dimensions`` resources (weight, volume,
cost); each resource has a limit near half of its total. The optimum is found at generation
by evaluating every subset at once (a 0/1 matrix of all ``2^n`` subsets times the weights,
with numpy). The check adds up the chosen items, refuses a selection over any limit, and
grades its value against the baseline of the greedy selection (the items by decreasing
value, ties by number, each taken if it still fits; :mod:`.scoring`), so a selection no
better than greedy earns 0. Instances where greedy is already optimal are redrawn.

Answer syntax: the chosen item numbers (``1 3 4``).

Knobs: ``items`` (6 -> 14) and ``dimensions`` (resources limited, 1 -> 3). Difficulty raises
both.
"""

from __future__ import annotations

import random
from functools import cache
from typing import ClassVar

import numpy as np

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.optimisation.scoring import (
    AnswerError,
    GradedFamily,
    judge_value,
    read_indices,
    reward_sentence,
)

RESOURCES = ("weight", "volume", "cost", "labour")


@cache
def subsets(n: int) -> np.ndarray:
    """Every subset of ``n`` items as a row of 0/1 (``2^n`` rows)."""
    masks = np.arange(1 << n, dtype=np.int64)
    return ((masks[:, None] >> np.arange(n)) & 1).astype(np.int64)


def best_selection(values: list[int], weights: list[list[int]], limits: list[int]) -> list[int]:
    """A subset of the greatest total value within every limit (exhaustive, vectorised)."""
    rows = subsets(len(values))
    fits = np.all(rows @ np.array(weights, dtype=np.int64) <= np.array(limits), axis=1)
    totals = np.where(fits, rows @ np.array(values, dtype=np.int64), -1)
    row = rows[int(np.argmax(totals))]
    return [i for i in range(len(values)) if row[i]]


def greedy_value(values: list[int], weights: list[list[int]], limits: list[int]) -> int:
    """The value of taking items by decreasing value (ties by number) while they fit."""
    used, total = [0] * len(limits), 0
    for i in sorted(range(len(values)), key=lambda i: (-values[i], i)):
        if all(u + w <= c for u, w, c in zip(used, weights[i], limits)):
            used = [u + w for u, w in zip(used, weights[i])]
            total += values[i]
    return total


class MultiKnapsack(GradedFamily):
    """A 0/1 knapsack with one to three resource limits, graded against one item alone."""

    knobs: ClassVar[dict[str, Knob]] = {
        "items": Knob("int", 4, 15, default=9, easy=6, hard=14, doc="items to choose from"),
        "dimensions": Knob("int", 1, 4, default=2, easy=1, hard=3, doc="resources limited"),
    }
    answer_syntax = "the numbers of the items you choose (e.g. 1 3 4)"
    answer_form = "item numbers"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, dims = int(knobs["items"]), int(knobs["dimensions"])
        while True:
            values = [rng.randint(5, 60) for _ in range(n)]
            weights = [[rng.randint(2, 30) for _ in range(dims)] for _ in range(n)]
            limits = [sum(w[d] for w in weights) * rng.randint(35, 55) // 100 for d in range(dims)]
            baseline = greedy_value(values, weights, limits)
            chosen = best_selection(values, weights, limits)
            best = sum(values[i] for i in chosen)
            if best > baseline:
                break
        names = RESOURCES[:dims]
        items = "\n".join(
            f"Item {k}: value {v}, " + ", ".join(f"{r} {x}" for r, x in zip(names, w))
            for k, (v, w) in enumerate(zip(values, weights), 1)
        )
        caps = ", ".join(f"total {r} at most {c}" for r, c in zip(names, limits))
        question = (
            f"Choose some of these items to make the total value as large as possible, with "
            f"{caps}.\n\n{items}\n\n"
            + reward_sentence(
                "greedy (the items by decreasing value, the lowest-numbered first on ties, each "
                "taken if it still fits)",
                "a higher total value is better",
            )
        )
        meta = {"values": values, "weights": weights, "limits": limits, "best": best,
                "baseline": baseline}  # fmt: skip
        return Draft(question, " ".join(str(i + 1) for i in chosen), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        try:
            chosen = read_indices(answer, len(meta["values"]), "item")
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        for d, limit in enumerate(meta["limits"]):
            if sum(meta["weights"][i][d] for i in chosen) > limit:
                return Judgement.wrong(why="over a limit")
        value = sum(meta["values"][i] for i in chosen)
        return judge_value(value, meta["baseline"], meta["best"], "value")

    def complexity(self, problem: Problem) -> float:
        """Subsets times resources: the search an exhaustive solver makes."""
        return len(problem.meta["values"]) * len(problem.meta["limits"])
