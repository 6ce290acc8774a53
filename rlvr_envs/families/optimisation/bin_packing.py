"""BinPacking: pack items into as few bins of a fixed capacity as possible.

The instance is planted: ``bins`` bins of capacity ``C`` are each cut into two or more item
sizes that fill it exactly, and the items are shuffled. The total size is then ``bins * C``,
so no packing uses fewer than ``bins`` bins (the volume bound) and the planted one proves
that bound reached: the optimum is known without a search. The check packs the answer's
groups: every item exactly once, no bin over capacity; the number of bins is graded against
the baseline of first fit (each item in listed order into the first bin it fits;
:mod:`.scoring`), and instances that first fit already packs optimally are redrawn.

Answer syntax: the bins separated by ``|``, each the item numbers it holds (``1 4 | 2 3 5``).

Knobs: ``bins`` (2 -> 6, the optimum), ``pieces`` (most items one bin is cut into, 2 -> 5)
and ``capacity`` (10 -> 40). Difficulty raises all three.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.optimisation.scoring import (
    AnswerError,
    GradedFamily,
    judge_value,
    read_groups,
    reward_sentence,
)


def first_fit(sizes: list[int], capacity: int) -> int:
    """The bins first fit uses: each item, in order, into the first bin with room."""
    loads: list[int] = []
    for size in sizes:
        for k, load in enumerate(loads):
            if load + size <= capacity:
                loads[k] += size
                break
        else:
            loads.append(size)
    return len(loads)


class BinPacking(GradedFamily):
    """A packing of planted items into the fewest bins, checked as a witness and graded."""

    knobs: ClassVar[dict[str, Knob]] = {
        "bins": Knob("int", 2, 8, default=3, easy=2, hard=6, doc="bins the optimum uses"),
        "pieces": Knob("int", 2, 6, default=3, easy=2, hard=5, doc="most items cut from a bin"),
        "capacity": Knob("int", 8, 60, default=20, easy=10, hard=40, doc="bin capacity"),
    }
    answer_syntax = "the bins separated by |, each listing its item numbers (e.g. 1 4 | 2 3 5)"
    answer_form = "groups of item numbers separated by |"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        bins, most, capacity = int(knobs["bins"]), int(knobs["pieces"]), int(knobs["capacity"])
        while True:
            planted: list[list[int]] = []
            for _ in range(bins):
                count = rng.randint(2, min(most, capacity))
                cuts = sorted(rng.sample(range(1, capacity), count - 1))
                planted.append([b - a for a, b in zip([0, *cuts], [*cuts, capacity])])
            sizes = [s for group in planted for s in group]
            order = list(range(len(sizes)))
            rng.shuffle(order)  # order[k]: the planted position shown as item k + 1
            shown = [sizes[p] for p in order]
            baseline = first_fit(shown, capacity)
            if baseline > bins:
                break
        where = {p: k for k, p in enumerate(order)}
        groups, start = [], 0
        for group in planted:
            groups.append(sorted(where[start + j] + 1 for j in range(len(group))))
            start += len(group)
        items = "\n".join(f"Item {k}: size {s}" for k, s in enumerate(shown, 1))
        question = (
            f"Bins have capacity {capacity}. Pack these {len(shown)} items into as few bins as "
            f"possible; the sizes in a bin may add up to at most {capacity}, and every item goes "
            f"in exactly one bin.\n\n{items}\n\n"
            + reward_sentence(
                "first fit (each item in the order listed into the first bin with room)",
                "fewer bins are better",
            )
        )
        answer = " | ".join(" ".join(map(str, g)) for g in sorted(groups))
        return Draft(question, answer, {"sizes": shown, "capacity": capacity, "bins": bins,
                                        "baseline": baseline})  # fmt: skip

    def check(self, problem: Problem, answer: str) -> Judgement:
        sizes, capacity = problem.meta["sizes"], problem.meta["capacity"]
        try:
            groups = read_groups(answer, len(sizes), "item")
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if sum(len(g) for g in groups) != len(sizes):
            return Judgement.wrong(why="not every item is packed")
        if any(sum(sizes[i] for i in g) > capacity for g in groups):
            return Judgement.wrong(why="a bin is over capacity")
        return judge_value(len(groups), problem.meta["baseline"], problem.meta["bins"], "bins")

    def complexity(self, problem: Problem) -> float:
        """Items, with the capacity's digits: the assignments to weigh."""
        return len(problem.meta["sizes"]) + problem.meta["capacity"] / 10
