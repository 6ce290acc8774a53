"""OpenShop: start times for an open shop (any order through the machines) that finish soonest.

``jobs`` jobs each need one operation on every one of ``machines`` machines, taking a whole
number of hours (1 to 9), in any order; a machine works on one job at a time and a job is on
one machine at a time. No schedule finishes before the largest total of a job or of a
machine (the classical lower bound); the generator searches active schedules (branching,
as Giffler and Thompson's rule does for job shops, on the operations that share a job or a
machine with the earliest-finishing one and could start before it finishes, pruned by the
same bound) for one that reaches the bound, so the optimum is proved, and redraws an
instance when a fixed budget of 1,000 partial schedules finds none (about one draw in
twenty at the default size, one in seven at five jobs and four machines). The check reads a
start time for every operation, tests that no job and no machine does two things at once,
and grades the makespan against the baseline of the greedy schedule that repeatedly starts
the operation that can start earliest (ties to the lowest job number, then the lowest
machine number), as early as it can (:mod:`.scoring`); instances where that greedy schedule
already reaches the bound are redrawn.

Answer syntax: each job's start times on M1, M2, ... in machine order, jobs separated by
``|`` (``0 3 7 | 3 7 0 | 7 0 3``).

Knobs: ``jobs`` (3 -> 5) and ``machines`` (3 -> 4). Difficulty raises both. Generation runs
at about 1,000 problems/s at the default size and about 450/s at difficulty 0.5 (four by
four: about half the draws are redrawn because the greedy schedule already reaches the
bound, and the search is pure Python), 290/s at difficulty 1.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.optimisation.scoring import (
    AnswerError,
    GradedFamily,
    judge_value,
    reward_sentence,
)
from rlvr_envs.families.optimisation.shop_schedules import first_overlap, read_start_groups

BUDGET = 1000  # partial schedules searched for one that reaches the lower bound


def lower_bound(times: list[list[int]]) -> int:
    """The largest total of a job (a row) or of a machine (a column)."""
    return max(max(map(sum, times)), max(map(sum, zip(*times))))


def greedy_schedule(times: list[list[int]]) -> list[list[int]]:
    """The baseline: repeatedly start the operation that can start earliest (ties to the
    lowest job, then the lowest machine), as early as it can."""
    n, m = len(times), len(times[0])
    job_free, machine_free = [0] * n, [0] * m
    starts = [[-1] * m for _ in range(n)]
    for _ in range(n * m):
        _, j, k = min(
            (max(job_free[j], machine_free[k]), j, k)
            for j in range(n)
            for k in range(m)
            if starts[j][k] < 0
        )
        starts[j][k] = max(job_free[j], machine_free[k])
        job_free[j] = machine_free[k] = starts[j][k] + times[j][k]
    return starts


def makespan(times: list[list[int]], starts: list[list[int]]) -> int:
    """When the last operation of ``starts`` ends."""
    return max(s + t for row, srow in zip(times, starts) for t, s in zip(row, srow))


def broken_rule(times: list[list[int]], starts: list[list[int]]) -> str | None:
    """Two operations of one job, or on one machine, that overlap; or None."""
    for j, (row, srow) in enumerate(zip(times, starts), 1):
        clash = first_overlap([(s, s + t, f"M{k}") for k, (t, s) in enumerate(zip(row, srow), 1)])
        if clash:
            return f"job {j} is on {clash[0]} and {clash[1]} at once"
    for k, (column, scol) in enumerate(zip(zip(*times), zip(*starts)), 1):
        clash = first_overlap(
            [(s, s + t, f"job {j}") for j, (t, s) in enumerate(zip(column, scol), 1)]
        )
        if clash:
            return f"{clash[0]} and {clash[1]} overlap on M{k}"
    return None


def reach_bound(times: list[list[int]], target: int) -> list[list[int]] | None:
    """A schedule finishing at ``target`` found within :data:`BUDGET` partial schedules,
    or None."""
    n, m = len(times), len(times[0])
    job_left = [sum(row) for row in times]
    machine_left = [sum(col) for col in zip(*times)]
    job_free, machine_free = [0] * n, [0] * m
    starts = [[-1] * m for _ in range(n)]
    budget = [BUDGET]
    seen: set[tuple] = set()

    def search(done: int) -> bool:
        if done == n * m:
            return True
        key = (*job_free, *machine_free, *(s >= 0 for row in starts for s in row))
        if key in seen or budget[0] <= 0:
            return False
        seen.add(key)
        budget[0] -= 1
        if any(job_free[j] + job_left[j] > target for j in range(n)) or any(
            machine_free[k] + machine_left[k] > target for k in range(m)
        ):
            return False
        ready = {
            (j, k): max(job_free[j], machine_free[k])
            for j in range(n)
            for k in range(m)
            if starts[j][k] < 0
        }
        first = min(ready, key=lambda op: (ready[op] + times[op[0]][op[1]], op))
        finish = ready[first] + times[first[0]][first[1]]
        branch = [
            op for op in ready if (op[0] == first[0] or op[1] == first[1]) and ready[op] < finish
        ]
        for j, k in sorted(branch, key=lambda op: (ready[op], op)):
            start = ready[j, k]
            old = job_free[j], machine_free[k]
            starts[j][k] = start
            job_free[j] = machine_free[k] = start + times[j][k]
            job_left[j] -= times[j][k]
            machine_left[k] -= times[j][k]
            if search(done + 1):
                return True
            starts[j][k] = -1
            job_free[j], machine_free[k] = old
            job_left[j] += times[j][k]
            machine_left[k] += times[j][k]
        return False

    return [row[:] for row in starts] if search(0) else None


class OpenShop(GradedFamily):
    """An open shop's least makespan (the load bound, reached), graded against greedy."""

    knobs: ClassVar[dict[str, Knob]] = {
        # at least 3 jobs: on 2 jobs and 2 machines the greedy schedule always reaches the
        # load bound, so no instance with a gap to grade exists (the draw loop never ended)
        "jobs": Knob("int", 3, 6, default=4, easy=3, hard=5, doc="jobs"),
        "machines": Knob("int", 2, 5, default=3, easy=3, hard=4, doc="machines"),
    }
    answer_syntax = (
        "each job's start times on M1, M2, ... in machine order, jobs separated by | "
        "(e.g. 0 3 7 | 3 7 0)"
    )
    answer_form = "start times per job"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, m = int(knobs["jobs"]), int(knobs["machines"])
        while True:
            times = [[rng.randint(1, 9) for _ in range(m)] for _ in range(n)]
            best = lower_bound(times)
            baseline = makespan(times, greedy_schedule(times))
            if baseline == best:
                continue
            starts = reach_bound(times, best)
            if starts is not None:
                break
        rows = "\n".join(
            f"Job {j}: " + ", ".join(f"M{k} {t} h" for k, t in enumerate(row, 1))
            for j, row in enumerate(times, 1)
        )
        question = (
            f"{n} jobs each need one operation on every one of the machines M1 to M{m}, "
            "taking the hours shown, in any order. A machine works on one job at a time and "
            "a job is on one machine at a time. Schedule every operation so that all jobs "
            f"finish as early as possible.\n\n{rows}\n\n"
            "Give the start hour (from 0) of each job's operations on M1, M2, ... in machine "
            "order, the jobs separated by | (job 1 first).\n\n"
            + reward_sentence(
                "the greedy schedule that repeatedly starts the operation that can start "
                "earliest (ties to the lowest job number, then the lowest machine number), "
                "as early as it can",
                "an earlier finish is better",
            )
        )
        meta = {"times": times, "best": best, "baseline": baseline}
        answer = " | ".join(" ".join(map(str, row)) for row in starts)
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        times = problem.meta["times"]
        try:
            starts = read_start_groups(answer, [len(row) for row in times])
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        why = broken_rule(times, starts)
        if why:
            return Judgement.wrong(why=why)
        span = makespan(times, starts)
        return judge_value(span, problem.meta["baseline"], problem.meta["best"], "makespan")

    def complexity(self, problem: Problem) -> float:
        """Operations: jobs times machines."""
        return len(problem.meta["times"]) * len(problem.meta["times"][0])
