"""WeightedTardiness: the order of jobs on one machine with the least weighted lateness.

``jobs`` jobs run one at a time on one machine without breaks, each with a processing time
(1 to ``max_time``), a due time and a weight; a job that finishes after its due time costs
its weight times the hours it is late. The least total is found at generation by the
classic dynamic programme over sets of jobs (the last job of a set finishes when the set's
times add up; numpy, layer by layer; the tests use itertools over every order). The check
reads an order and grades its total against the baseline of the earliest-due-date order
(ties by lowest number) after one pass of adjacent swaps, each kept when it lowers the total
(:mod:`.scoring`); instances where that is already optimal are redrawn.

Answer syntax: the job numbers in the order they run (``3 1 2``).

Knobs: ``jobs`` (5 -> 9) and ``max_time`` (longest processing time, 5 -> 12). Difficulty
raises both.
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
    read_permutation,
    reward_sentence,
)


@cache
def _layers(n: int) -> tuple[np.ndarray, list[np.ndarray]]:
    """Every set of ``n`` jobs as rows of bits, and the masks grouped by their size."""
    masks = np.arange(1 << n, dtype=np.int64)
    bits = (masks[:, None] >> np.arange(n)) & 1
    sizes = bits.sum(axis=1)
    return bits, [masks[sizes == s] for s in range(n + 1)]


def total_tardiness(jobs: list[list[int]], order: list[int]) -> int:
    """The weighted lateness of running ``order``; a job is ``[time, due, weight]``."""
    clock = total = 0
    for j in order:
        time, due, weight = jobs[j]
        clock += time
        total += weight * max(0, clock - due)
    return total


def least_tardiness(jobs: list[list[int]]) -> tuple[int, list[int]]:
    """The least weighted lateness over every order, and an order reaching it."""
    n = len(jobs)
    time, due, weight = (np.array(col, dtype=np.int64) for col in zip(*jobs))
    bits, layers = _layers(n)
    finish = bits @ time
    cost = np.zeros(1 << n, dtype=np.int64)
    for layer in layers[1:]:
        best = np.full(len(layer), np.iinfo(np.int64).max)
        for j in range(n):
            has = (layer >> j) & 1 == 1
            late = cost[layer ^ (1 << j)] + weight[j] * np.maximum(0, finish[layer] - due[j])
            best = np.where(has, np.minimum(best, late), best)
        cost[layer] = best
    order, mask = [], (1 << n) - 1
    while mask:
        for j in range(n):
            if (
                mask >> j & 1
                and cost[mask ^ (1 << j)] + weight[j] * max(0, int(finish[mask]) - int(due[j]))
                == cost[mask]
            ):
                order.append(j)
                mask ^= 1 << j
                break
    return int(cost[-1]), order[::-1]


def swapped_due_dates(jobs: list[list[int]]) -> int:
    """The total of the earliest-due-date order (ties by lowest number) after one pass of
    adjacent swaps: for positions 1, 2, ... in turn, swap the job there with the next one
    when that lowers the total."""
    order = sorted(range(len(jobs)), key=lambda j: (jobs[j][1], j))
    total = total_tardiness(jobs, order)
    for i in range(len(order) - 1):
        trial = [*order[:i], order[i + 1], order[i], *order[i + 2 :]]
        value = total_tardiness(jobs, trial)
        if value < total:
            order, total = trial, value
    return total


class WeightedTardiness(GradedFamily):
    """Single-machine total weighted tardiness, graded against earliest due date first."""

    knobs: ClassVar[dict[str, Knob]] = {
        "jobs": Knob("int", 4, 10, default=7, easy=5, hard=9, doc="jobs"),
        "max_time": Knob("int", 3, 15, default=8, easy=5, hard=12, doc="longest job time"),
    }
    answer_syntax = "the job numbers in the order they run (e.g. 3 1 2)"
    answer_form = "a permutation of job numbers"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, top = int(knobs["jobs"]), int(knobs["max_time"])
        while True:
            times = [rng.randint(1, top) for _ in range(n)]
            span = sum(times)
            jobs = [[t, rng.randint(t, max(t, span * 2 // 3)), rng.randint(1, 5)] for t in times]
            baseline = swapped_due_dates(jobs)
            best, order = least_tardiness(jobs)
            if best < baseline:
                break
        rows = "\n".join(
            f"Job {j}: takes {t} h, due at hour {d}, weight {w}"
            for j, (t, d, w) in enumerate(jobs, 1)
        )
        question = (
            f"One machine runs {n} jobs one at a time, without breaks, starting at hour 0:\n"
            f"{rows}\n\nA job that finishes after its due hour costs its weight times the "
            "hours it is late; a job on time costs nothing. Choose the order that makes the "
            "total cost as small as possible.\n\n"
            + reward_sentence(
                "the earliest-due-date order (ties by lowest job number) after one pass of "
                "swaps: for positions 1, 2, ... in turn, the job there swaps with the next "
                "one when that lowers the total",
                "a lower total cost is better",
            )
        )
        meta = {"jobs": jobs, "best": best, "baseline": baseline}
        return Draft(question, " ".join(str(j + 1) for j in order), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        jobs = problem.meta["jobs"]
        try:
            order = read_permutation(answer, len(jobs), "job")
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        total = total_tardiness(jobs, order)
        return judge_value(total, problem.meta["baseline"], problem.meta["best"], "total cost")

    def complexity(self, problem: Problem) -> float:
        """Jobs, and the hours they take."""
        return len(problem.meta["jobs"]) * 10 + sum(j[0] for j in problem.meta["jobs"]) / 10
