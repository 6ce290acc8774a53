"""FlowShop: the order of jobs through a line of machines that finishes soonest.

Every job passes machines 1, 2, ..., m in turn, each machine works on one job at a time,
and all machines take the jobs in the same order (a permutation flow shop). The makespan of
an order follows from the recurrence ``C[j][k] = max(C[j-1][k], C[j][k-1]) + t[j][k]``; the
least one is found at generation by evaluating every order at once (all ``n!`` orders, with
numpy; the tests compare with itertools). The check reads an
order and grades its makespan against the baseline of the top tenth of all orders (the
makespan that one order in ten reaches or beats: a random order earns nothing nine times in
ten; :mod:`.scoring`); instances where that is already the optimum are redrawn. Heuristics
(NEH, Nawaz, Enscore and Ham 1983) are too often optimal at these sizes to be the
baseline.

Answer syntax: the job numbers in the order they run (``3 1 2``).

Knobs: ``jobs`` (4 -> 7) and ``machines`` (3 -> 4). Difficulty raises both.
"""

from __future__ import annotations

import itertools
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
def _orders(n: int) -> np.ndarray:
    return np.array(list(itertools.permutations(range(n))), dtype=np.int64)


def makespan(times: list[list[int]], order: list[int]) -> int:
    """When the last machine finishes the last job of ``order``."""
    done = [0] * len(times[0])
    for job in order:
        ready = 0
        for k, t in enumerate(times[job]):
            ready = max(ready, done[k]) + t
            done[k] = ready
    return done[-1]


def every_makespan(times: list[list[int]]) -> tuple[np.ndarray, np.ndarray]:
    """Every order of the jobs and its makespan (vectorised over the orders)."""
    orders = _orders(len(times))
    t = np.array(times, dtype=np.int64)
    done = np.zeros((len(orders), t.shape[1]), dtype=np.int64)
    for position in range(len(times)):
        job_times = t[orders[:, position]]
        ready = np.zeros(len(orders), dtype=np.int64)
        for k in range(t.shape[1]):
            ready = np.maximum(ready, done[:, k]) + job_times[:, k]
            done[:, k] = ready
    return orders, done[:, -1]


class FlowShop(GradedFamily):
    """A permutation flow shop's least makespan, graded against the listed order."""

    knobs: ClassVar[dict[str, Knob]] = {
        "jobs": Knob("int", 4, 8, default=5, easy=4, hard=7, doc="jobs"),
        "machines": Knob("int", 2, 5, default=3, easy=3, hard=4, doc="machines in the line"),
    }
    answer_syntax = "the job numbers in the order they run (e.g. 3 1 2)"
    answer_form = "a permutation of job numbers"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, m = int(knobs["jobs"]), int(knobs["machines"])
        while True:
            times = [[rng.randint(1, 9) for _ in range(m)] for _ in range(n)]
            orders, spans = every_makespan(times)
            ranked = np.sort(spans)
            best, baseline = int(ranked[0]), int(ranked[len(ranked) // 10])
            order = orders[int(np.argmin(spans))].tolist()
            if best < baseline:
                break
        rows = "\n".join(
            f"Job {j}: " + ", ".join(f"M{k} {t}" for k, t in enumerate(row, 1))
            for j, row in enumerate(times, 1)
        )
        question = (
            f"{n} jobs each pass through machines M1 to M{m} in that order, taking the hours "
            "below on each. A machine works on one job at a time, a job is on one machine at a "
            "time, and every machine takes the jobs in the same order. Choose the order that "
            f"finishes all jobs soonest.\n\n{rows}\n\n"
            + reward_sentence(
                f"the makespan of the order ranked {len(orders) // 10 + 1} from the fastest "
                f"among all {len(orders)} orders (the best tenth)",
                "an earlier finish is better",
            )
        )
        meta = {"times": times, "best": best, "baseline": baseline}
        return Draft(question, " ".join(str(j + 1) for j in order), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        times = problem.meta["times"]
        try:
            order = read_permutation(answer, len(times), "job")
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        span = makespan(times, order)
        return judge_value(span, problem.meta["baseline"], problem.meta["best"], "makespan")

    def complexity(self, problem: Problem) -> float:
        """Jobs times machines: the recurrence's cells."""
        return len(problem.meta["times"]) * len(problem.meta["times"][0])
