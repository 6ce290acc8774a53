"""KMedian: choose k of the points as centres so that the points lie as close as possible.

``points`` distinct points on a grid (coordinates 0 to 20); distance is the Manhattan
distance. Each point is served by its nearest chosen centre, and the cost is the sum of
those distances. The least cost is found at generation by evaluating every choice of
``k`` centres at once (numpy; the tests use itertools and scipy's distance matrix). The
check reads ``k`` distinct point numbers and grades their cost against the baseline of
greedy choice (the best single centre, then the centre that lowers the cost most, until
``k`` are chosen, lowest number on ties; :mod:`.scoring`); instances where greedy is already
optimal are redrawn.

Answer syntax: the numbers of the ``k`` chosen points (``2 7``).

Knobs: ``points`` (6 -> 14) and ``k`` (2 -> 4). Difficulty raises both.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

import numpy as np

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.optimisation.enumeration import k_subsets
from rlvr_envs.families.optimisation.scoring import (
    AnswerError,
    GradedFamily,
    judge_value,
    read_indices,
    reward_sentence,
)

_LABEL = re.compile(r"\bP(?=\d)")


def distances(points: list[list[int]]) -> np.ndarray:
    """The Manhattan distance between every two points."""
    p = np.array(points, dtype=np.int64)
    return np.abs(p[:, None, :] - p[None, :, :]).sum(axis=2)


def cost(points: list[list[int]], centres: list[int]) -> int:
    """The sum over points of the distance to the nearest centre."""
    return sum(
        min(abs(x - points[c][0]) + abs(y - points[c][1]) for c in centres) for x, y in points
    )


def greedy_cost(d: np.ndarray, k: int) -> int:
    """The cost of adding centres one at a time, each the one that lowers the cost most."""
    nearest = np.full(len(d), np.iinfo(np.int64).max // 4)
    chosen: list[int] = []
    for _ in range(k):
        trials = np.minimum(nearest[None, :], d).sum(axis=1)
        trials[chosen] = np.iinfo(np.int64).max
        centre = int(np.argmin(trials))
        chosen.append(centre)
        nearest = np.minimum(nearest, d[centre])
    return int(nearest.sum())


class KMedian(GradedFamily):
    """The k-median of points on a grid, graded against greedy choice."""

    knobs: ClassVar[dict[str, Knob]] = {
        "points": Knob("int", 5, 15, default=9, easy=6, hard=14, doc="points"),
        "k": Knob("int", 2, 4, default=3, easy=2, hard=4, doc="centres to choose"),
    }
    answer_syntax = "the numbers of the chosen points (e.g. 2 7)"
    answer_form = "point numbers"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, k = int(knobs["points"]), int(knobs["k"])
        k = min(k, n - 2)
        grid = [[x, y] for x in range(21) for y in range(21)]
        while True:
            points = rng.sample(grid, n)
            d = distances(points)
            choices = k_subsets(n, k)
            costs = d[choices].min(axis=1).sum(axis=1)
            row = int(np.argmin(costs))
            best, baseline = int(costs[row]), greedy_cost(d, k)
            if best < baseline:
                break
        shown = ", ".join(f"P{i} ({x}, {y})" for i, (x, y) in enumerate(points, 1))
        question = (
            f"Points on a grid: {shown}.\n\nThe distance between two points is "
            "|x1 - x2| + |y1 - y2|. Choose exactly "
            f"{k} of the points as centres; each point is served by its nearest centre (a "
            "centre serves itself at distance 0). Make the sum of every point's distance to "
            "its nearest centre as small as possible, and give the numbers of the "
            f"{k} centres.\n\n"
            + reward_sentence(
                f"greedy choice (first the single best centre, then, until there are {k}, the "
                "centre that lowers the sum most; lowest number on ties)",
                "a smaller sum is better",
            )
        )
        meta = {"points": points, "k": k, "best": best, "baseline": baseline}
        return Draft(question, " ".join(str(c + 1) for c in choices[row]), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        try:
            centres = read_indices(_LABEL.sub("", answer), len(meta["points"]), "point")
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if len(centres) != meta["k"]:
            return Judgement.unparsable(f"expected exactly {meta['k']} centres")
        total = cost(meta["points"], centres)
        return judge_value(total, meta["baseline"], meta["best"], "sum of distances")

    def complexity(self, problem: Problem) -> float:
        """Points times centres."""
        return len(problem.meta["points"]) * problem.meta["k"]
