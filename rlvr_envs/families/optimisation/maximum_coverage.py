"""MaximumCoverage: choose k of the given sets so that the elements they cover weigh most.

Elements ``1..elements``, each with a weight (1 to 9), and ``sets`` subsets of them labelled
by letters. Choose exactly ``k`` sets; an element counts once, with its weight, if any chosen
set holds it. The heaviest coverage is found at generation by evaluating every choice of
``k`` sets at once (the union of each choice as a bitmask, with numpy). The check reads ``k``
distinct letters, adds up the weight they cover and grades it against the baseline of greedy
choice (each time the set adding the most weight not yet covered, the earliest letter on
ties; :mod:`.scoring`); instances that greedy already covers optimally are redrawn.

Answer syntax: the letters of the ``k`` chosen sets (``B E``).

Knobs: ``elements`` (8 -> 20), ``sets`` (5 -> 12) and ``k`` (2 -> 4). Difficulty raises all
three.
"""

from __future__ import annotations

import random
from typing import ClassVar

import numpy as np

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.optimisation.enumeration import k_subsets
from rlvr_envs.families.optimisation.labels import letter, read_letters
from rlvr_envs.families.optimisation.scoring import (
    AnswerError,
    GradedFamily,
    judge_value,
    reward_sentence,
)


def covered_weight(sets: list[list[int]], weights: list[int], chosen: list[int]) -> int:
    """The total weight of the elements that at least one chosen set holds."""
    return sum(weights[e] for e in {e for j in chosen for e in sets[j]})


def heaviest_cover(bits: np.ndarray, weights: np.ndarray, k: int) -> tuple[int, list[int]]:
    """The most weight ``k`` of the sets (rows of the 0/1 matrix ``bits``, one column per
    element) cover, and one choice covering it."""
    choices = k_subsets(len(bits), k)
    totals = bits[choices].max(axis=1) @ weights
    row = int(np.argmax(totals))
    return int(totals[row]), [int(j) for j in choices[row]]


def greedy_weight(bits: np.ndarray, weights: np.ndarray, k: int) -> int:
    """The weight greedy choice covers: each time the set adding the most, earliest on ties."""
    left = weights.copy()
    for _ in range(k):
        j = int(np.argmax(bits @ left))  # a set already taken adds 0, and some set adds more
        left = np.where(bits[j] == 1, 0, left)
    return int(weights.sum() - left.sum())


def _draw_sets(rng: random.Random, u: int, m: int, k: int) -> list[int]:
    """``m`` sets as bitmasks: ``k`` disjoint blocks over about three quarters of the
    elements, a decoy holding just over half of each block (greedy's first pick where its
    weight is largest), and random sets (each element in one of four), shuffled."""
    elements = rng.sample(range(u), u)
    size = max(2, min(3 * u // 4 // k, u // k))
    blocks = [elements[i * size : (i + 1) * size] for i in range(k)]
    decoy = [e for block in blocks for e in block[: size // 2 + 1 if size > 2 else 1]]
    masks = [sum(1 << e for e in group) for group in [*blocks, decoy]]
    while len(masks) < m:
        mask = rng.getrandbits(u) & rng.getrandbits(u)
        if mask.bit_count() >= 2:
            masks.append(mask)
    rng.shuffle(masks)
    return masks


class MaximumCoverage(GradedFamily):
    """A heaviest coverage by k sets, graded against greedy choice."""

    knobs: ClassVar[dict[str, Knob]] = {
        "elements": Knob("int", 6, 24, default=12, easy=8, hard=20, doc="elements"),
        "sets": Knob("int", 4, 14, default=8, easy=5, hard=12, doc="sets offered"),
        "k": Knob("int", 2, 5, default=3, easy=2, hard=4, doc="sets to choose"),
    }
    answer_syntax = "the letters of the chosen sets (e.g. B E)"
    answer_form = "set letters"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        u, m = int(knobs["elements"]), int(knobs["sets"])
        k = min(int(knobs["k"]), m - 2, u // 2)
        while True:
            weights = [rng.randint(1, 9) for _ in range(u)]
            masks = _draw_sets(rng, u, m, k)
            bits = (np.array(masks, dtype=np.int64)[:, None] >> np.arange(u)) & 1
            w = np.array(weights, dtype=np.int64)
            best, chosen = heaviest_cover(bits, w, k)
            baseline = greedy_weight(bits, w, k)
            if baseline < best:
                break
        sets = [[e for e in range(u) if mask >> e & 1] for mask in masks]
        elements = ", ".join(f"{e}: {w}" for e, w in enumerate(weights, 1))
        lines = "\n".join(
            f"Set {letter(j)}: " + " ".join(str(e + 1) for e in s) for j, s in enumerate(sets)
        )
        question = (
            f"Elements 1 to {u} have these weights (element: weight): {elements}.\n\n"
            f"Sets:\n{lines}\n\nChoose exactly {k} of the sets so that the total weight of the "
            "elements they cover is as large as possible (an element in several chosen sets "
            "counts once), and give their letters.\n\n"
            + reward_sentence(
                "greedy choice (each time the set that adds the most weight not yet covered, "
                "the earliest letter on ties)",
                "a larger covered weight is better",
            )
        )
        meta = {"weights": weights, "sets": sets, "k": k, "best": best, "baseline": baseline}
        return Draft(question, " ".join(letter(j) for j in chosen), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        try:
            chosen = read_letters(answer, len(meta["sets"]), "set")
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if len(chosen) != meta["k"]:
            return Judgement.unparsable(f"expected exactly {meta['k']} sets")
        total = covered_weight(meta["sets"], meta["weights"], chosen)
        return judge_value(total, meta["baseline"], meta["best"], "covered weight")

    def complexity(self, problem: Problem) -> float:
        """Choices of k sets, on a log scale, with the elements to weigh."""
        m, k = len(problem.meta["sets"]), problem.meta["k"]
        return float(np.log2(len(k_subsets(m, k)))) + len(problem.meta["weights"]) / 4
