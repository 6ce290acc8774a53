"""Assignment: give each worker a different task so that the total cost is least.

An ``n x n`` table of costs, each greater than ``n`` (so no row of the table reads as an
assignment). The least total is found at generation by a dynamic programme over the sets of
tasks already taken (``O(n 2^n)``); instances where greedy is already
optimal are redrawn. The check reads a permutation, adds up its costs and grades the total
against the baseline of the greedy assignment (workers 1, 2, ... in turn each take their
cheapest task still free, the lowest number on ties; :mod:`.scoring`).

Answer syntax: the task numbers of workers 1..n in order (``3 1 2``: worker 1 does task 3).

Knobs: ``size`` (workers and tasks, 3 -> 8) and ``cost`` (the largest cost, 20 -> 99).
Difficulty raises both.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.optimisation.scoring import (
    AnswerError,
    GradedFamily,
    judge_value,
    read_permutation,
    reward_sentence,
)


def least_cost(costs: list[list[int]]) -> tuple[int, list[int]]:
    """The least total cost of an assignment and one assignment reaching it (worker -> task),
    by a dynamic programme over the set of tasks taken by the first workers."""
    n = len(costs)
    best = {0: (0, ())}
    for worker in range(n):
        layer: dict[int, tuple[int, tuple[int, ...]]] = {}
        for taken, (total, tasks) in best.items():
            for task in range(n):
                if taken >> task & 1:
                    continue
                key, value = taken | 1 << task, total + costs[worker][task]
                if key not in layer or value < layer[key][0]:
                    layer[key] = (value, (*tasks, task))
        best = layer
    total, tasks = best[(1 << n) - 1]
    return total, list(tasks)


def greedy_cost(costs: list[list[int]]) -> int:
    """Workers in turn take their cheapest free task (lowest number on ties)."""
    free, total = set(range(len(costs))), 0
    for row in costs:
        task = min(free, key=lambda t: (row[t], t))
        free.remove(task)
        total += row[task]
    return total


class Assignment(GradedFamily):
    """A least-cost assignment of workers to tasks, graded against the diagonal."""

    knobs: ClassVar[dict[str, Knob]] = {
        "size": Knob("int", 2, 9, default=5, easy=3, hard=8, doc="workers and tasks"),
        "cost": Knob("int", 15, 120, default=50, easy=20, hard=99, doc="largest cost"),
    }
    answer_syntax = "the task numbers of workers 1, 2, ... in order (e.g. 3 1 2)"
    answer_form = "a permutation of task numbers"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, top = int(knobs["size"]), int(knobs["cost"])
        while True:
            costs = [[rng.randint(n + 1, top) for _ in range(n)] for _ in range(n)]
            baseline = greedy_cost(costs)
            best, tasks = least_cost(costs)
            if best < baseline:
                break
        header = "         " + " ".join(f"T{t:<3}" for t in range(1, n + 1))
        rows = "\n".join(
            f"Worker {w}: " + " ".join(f"{c:<4}" for c in row) for w, row in enumerate(costs, 1)
        )
        question = (
            f"{n} workers and {n} tasks; the table gives the cost of worker w doing task T. "
            f"Give each worker a different task so that the total cost is as small as "
            f"possible.\n\n{header}\n{rows}\n\n"
            + reward_sentence(
                "greedy (workers 1, 2, ... in turn each take their cheapest free task, the "
                "lowest-numbered on ties)",
                "a lower total cost is better",
            )
        )
        meta = {"costs": costs, "best": best, "baseline": baseline}
        return Draft(question, " ".join(str(t + 1) for t in tasks), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        costs = problem.meta["costs"]
        try:
            tasks = read_permutation(answer, len(costs), "task")
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        total = sum(costs[w][t] for w, t in enumerate(tasks))
        return judge_value(total, problem.meta["baseline"], problem.meta["best"], "cost")

    def complexity(self, problem: Problem) -> float:
        """Workers, with the digits of the costs to add."""
        return len(problem.meta["costs"]) + problem.meta["best"] / 1000
