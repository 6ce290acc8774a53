"""SetCover: choose as few of the given sets as possible whose union is every element.

Elements ``1..elements`` and ``sets`` subsets of them, drawn so that all of them together
cover everything and no single set does. The fewest sets are found at generation by
evaluating every choice at once (the union of each of the ``2^k`` choices as a bitmask, with
numpy). The check forms the union of the chosen sets, refuses a choice that misses an
element, and grades the count against the baseline of the greedy cover (repeatedly the set
holding the most elements not yet covered, the lowest number on ties; :mod:`.scoring`);
instances that greedy already covers optimally are redrawn.

Answer syntax: the numbers of the chosen sets (``S2 S5`` or ``2 5``).

Knobs: ``elements`` (6 -> 16) and ``sets`` (5 -> 13). Difficulty raises both.
"""

from __future__ import annotations

import random
import re
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

_LABEL = re.compile(r"\bS(?=\d)", re.IGNORECASE)


@cache
def _choices(k: int) -> np.ndarray:
    masks = np.arange(1 << k, dtype=np.int64)
    return ((masks[:, None] >> np.arange(k)) & 1).astype(bool)


def fewest_sets(masks: list[int], everything: int) -> list[int]:
    """One smallest choice of ``masks`` (element bitmasks) whose union is ``everything``."""
    choices = _choices(len(masks))
    union = np.zeros(len(choices), dtype=np.int64)
    for k, mask in enumerate(masks):
        union |= np.where(choices[:, k], mask, 0)
    sizes = np.where(union == everything, choices.sum(axis=1), len(masks) + 1)
    row = choices[int(np.argmin(sizes))]
    return [k for k in range(len(masks)) if row[k]]


def greedy_cover(masks: list[int], everything: int) -> int:
    """The sets the greedy cover takes: the most new elements each time, lowest number on ties."""
    covered, taken = 0, 0
    while covered != everything:
        gain = [(m & ~covered).bit_count() for m in masks]
        covered |= masks[gain.index(max(gain))]
        taken += 1
    return taken


class SetCover(GradedFamily):
    """A minimum set cover, graded against taking every set."""

    knobs: ClassVar[dict[str, Knob]] = {
        "elements": Knob("int", 6, 18, default=10, easy=6, hard=16, doc="elements to cover"),
        "sets": Knob("int", 5, 14, default=8, easy=5, hard=13, doc="sets offered"),
    }
    answer_syntax = "the numbers of the sets you choose (e.g. 2 5)"
    answer_form = "set numbers"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        u, k = int(knobs["elements"]), int(knobs["sets"])
        everything = (1 << u) - 1
        while True:
            sets = [sorted(rng.sample(range(u), rng.randint(2, max(2, u // 2)))) for _ in range(k)]
            masks = [sum(1 << e for e in s) for s in sets]
            union = 0
            for mask in masks:
                union |= mask
            if union != everything or len(set(masks)) < k:
                continue
            chosen = fewest_sets(masks, everything)
            baseline = greedy_cover(masks, everything)
            if 1 < len(chosen) < baseline:
                break
        lines = "\n".join(
            f"S{j}: " + " ".join(str(e + 1) for e in s) for j, s in enumerate(sets, 1)
        )
        question = (
            f"Choose as few of these sets as possible so that together they contain every "
            f"number from 1 to {u}.\n\n{lines}\n\n"
            + reward_sentence(
                "the greedy cover (each time the set with the most numbers not yet covered, the "
                "lowest-numbered on ties)",
                "fewer sets are better",
            )
        )
        meta = {"elements": u, "sets": sets, "best": len(chosen), "baseline": baseline}
        return Draft(question, " ".join(f"S{j + 1}" for j in chosen), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        sets = problem.meta["sets"]
        try:
            chosen = read_indices(_LABEL.sub("", answer), len(sets), "set")
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        covered = {e for j in chosen for e in sets[j]}
        if len(covered) != problem.meta["elements"]:
            return Judgement.wrong(why="an element is not covered")
        return judge_value(len(chosen), problem.meta["baseline"], problem.meta["best"], "sets")

    def complexity(self, problem: Problem) -> float:
        """Sets offered, and elements to cover."""
        return len(problem.meta["sets"]) + problem.meta["elements"] / 2
