"""JobShop: start times for the operations of a job shop that finish all jobs soonest.

``jobs`` jobs each visit every one of ``machines`` machines once, in a route of their own,
taking a whole number of hours (1 to 9) on each; a machine works on one operation at a time
and a job's operations run in route order. The least makespan is proved at generation by
branch and bound over active schedules (Giffler and Thompson 1960: from every partial
schedule, branch on the operations that could start before the earliest completion on the
machine where it falls), bounded below by each job's remaining route and each machine's
remaining work, and with partial schedules that were met before skipped; the tests check
it with a disjunctive integer programme (scipy's ``milp``). The check reads a start time
for every operation, tests the route order and the machines' one-at-a-time rule, and grades
the makespan against the baseline of the greedy schedule that repeatedly starts, among the
jobs' next operations, the one that can start earliest (ties to the lowest job number), as
early as it can (:mod:`.scoring`); instances where that greedy schedule is already optimal
are redrawn. Start times rather than machine sequences are asked because a fixed sequence
(every machine taking the jobs in number order) is optimal too often at these sizes.

Answer syntax: each job's start times, in the order of its route, jobs separated by ``|``
(``0 3 7 | 2 5 9 | 0 4 8``).

Knobs: ``jobs`` (3 -> 5) and ``machines`` (3 -> 4). Difficulty raises both. Generation is
below the bar of 1,000 problems/s: about 900/s at the default size (four jobs, three
machines), 480/s at difficulty 0.5 and 140/s at difficulty 1 (five jobs, four machines:
about 7 ms a problem), because the optimum is proved by branch and bound in pure Python and
the draws where the greedy schedule is already optimal (one in five at four by four) are
redrawn.
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

Route = list[list[int]]  # a job's operations, each [machine, hours]


def greedy_schedule(routes: list[Route]) -> list[list[int]]:
    """The baseline: repeatedly start the next operation (of any job) that can start
    earliest, ties to the lowest job number, as early as it can."""
    machines = len(routes[0])
    step = [0] * len(routes)
    job_free = [0] * len(routes)
    machine_free = [0] * machines
    starts: list[list[int]] = [[] for _ in routes]
    for _ in range(sum(map(len, routes))):
        j = min(
            (j for j in range(len(routes)) if step[j] < len(routes[j])),
            key=lambda j: (max(job_free[j], machine_free[routes[j][step[j]][0]]), j),
        )
        machine, hours = routes[j][step[j]]
        start = max(job_free[j], machine_free[machine])
        starts[j].append(start)
        job_free[j] = machine_free[machine] = start + hours
        step[j] += 1
    return starts


def makespan(routes: list[Route], starts: list[list[int]]) -> int:
    """When the last operation of ``starts`` ends."""
    return max(s + op[1] for route, row in zip(routes, starts) for op, s in zip(route, row))


def broken_rule(routes: list[Route], starts: list[list[int]]) -> str | None:
    """The first rule ``starts`` breaks (route order, one operation per machine), or None."""
    by_machine: dict[int, list[tuple[int, int, str]]] = {}
    for j, (route, row) in enumerate(zip(routes, starts), 1):
        for k, ((machine, hours), start) in enumerate(zip(route, row)):
            if k and start < row[k - 1] + route[k - 1][1]:
                return f"job {j}'s operation {k + 1} starts before its operation {k} ends"
            by_machine.setdefault(machine, []).append((start, start + hours, f"job {j}"))
    for machine, spans in sorted(by_machine.items()):
        clash = first_overlap(spans)
        if clash:
            return f"{clash[0]} and {clash[1]} overlap on M{machine + 1}"
    return None


def least_makespan(routes: list[Route], bound: int) -> tuple[int, list[list[int]] | None]:
    """The least makespan below ``bound`` and a schedule reaching it, or ``(bound, None)``
    when no schedule beats ``bound`` (branch and bound over active schedules)."""
    n, m = len(routes), len(routes[0])
    tails = [[sum(h for _, h in route[k:]) for k in range(m + 1)] for route in routes]
    best = [bound, None]
    seen: set[tuple] = set()
    starts = [[0] * m for _ in range(n)]

    where = [{machine: k for k, (machine, _) in enumerate(route)} for route in routes]
    before = [[sum(h for _, h in route[:k]) for k in range(m + 1)] for route in routes]

    def lower(step: list[int], job_free: list[int], machine_free: list[int]) -> int:
        """Each job's remaining route; each machine's remaining work after the earliest
        head (the time its first remaining operation could start) and before the least
        tail (the route that must follow its last one)."""
        low = max(job_free[j] + tails[j][step[j]] for j in range(n))
        for machine in range(m):
            work, head, tail = 0, None, None
            for j in range(n):
                k = where[j][machine]
                if k >= step[j]:
                    work += routes[j][k][1]
                    ready = job_free[j] + before[j][k] - before[j][step[j]]
                    head = ready if head is None or ready < head else head
                    after = tails[j][k + 1]
                    tail = after if tail is None or after < tail else tail
            if head is not None:
                low = max(low, max(head, machine_free[machine]) + work + tail)
        return low

    def search(step: list[int], job_free: list[int], machine_free: list[int], done: int) -> None:
        if done == n * m:
            span = max(job_free)
            if span < best[0]:
                best[0], best[1] = span, [row[:] for row in starts]
            return
        key = (*step, *job_free, *machine_free)
        if key in seen or lower(step, job_free, machine_free) >= best[0]:
            return
        seen.add(key)
        ready = {
            j: max(job_free[j], machine_free[routes[j][step[j]][0]])
            for j in range(n)
            if step[j] < m
        }
        first = min(ready, key=lambda j: (ready[j] + routes[j][step[j]][1], j))
        finish = ready[first] + routes[first][step[first]][1]
        machine = routes[first][step[first]][0]
        branch = [j for j in ready if routes[j][step[j]][0] == machine and ready[j] < finish]
        for j in sorted(branch, key=lambda j: (ready[j], j)):
            hours = routes[j][step[j]][1]
            starts[j][step[j]] = ready[j]
            old_job, old_machine = job_free[j], machine_free[machine]
            job_free[j] = machine_free[machine] = ready[j] + hours
            step[j] += 1
            search(step, job_free, machine_free, done + 1)
            step[j] -= 1
            job_free[j], machine_free[machine] = old_job, old_machine

    search([0] * n, [0] * n, [0] * m, 0)
    return best[0], best[1]


class JobShop(GradedFamily):
    """A job shop's least makespan, graded against the greedy earliest-start schedule."""

    knobs: ClassVar[dict[str, Knob]] = {
        "jobs": Knob("int", 2, 6, default=4, easy=3, hard=5, doc="jobs"),
        "machines": Knob("int", 2, 5, default=3, easy=3, hard=4, doc="machines"),
    }
    answer_syntax = (
        "each job's operation start times in route order, jobs separated by | (e.g. 0 3 7 | 2 5 9)"
    )
    answer_form = "start times per job"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, m = int(knobs["jobs"]), int(knobs["machines"])
        while True:
            routes = [
                [[machine, rng.randint(1, 9)] for machine in rng.sample(range(m), m)]
                for _ in range(n)
            ]
            baseline = makespan(routes, greedy_schedule(routes))
            best, starts = least_makespan(routes, baseline)
            if starts is not None:
                break
        rows = "\n".join(
            f"Job {j}: " + ", ".join(f"M{machine + 1} {hours} h" for machine, hours in route)
            for j, route in enumerate(routes, 1)
        )
        question = (
            f"{n} jobs each visit all {m} machines once, in the order listed, taking the "
            "hours shown on each machine. A machine works on one operation at a time, and a "
            "job's next operation can start only when its previous one has ended. Schedule "
            "every operation so that all jobs finish as early as possible.\n\n"
            f"{rows}\n\n"
            "Give the start hour (from 0) of each operation, each job's operations in the "
            "order listed, the jobs separated by | (job 1 first).\n\n"
            + reward_sentence(
                "the greedy schedule that repeatedly starts, among the jobs' next operations, "
                "the one that can start earliest (ties to the lowest job number), as early as "
                "it can",
                "an earlier finish is better",
            )
        )
        meta = {"routes": routes, "best": best, "baseline": baseline}
        answer = " | ".join(" ".join(map(str, row)) for row in starts)
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        routes = problem.meta["routes"]
        try:
            starts = read_start_groups(answer, [len(route) for route in routes])
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        why = broken_rule(routes, starts)
        if why:
            return Judgement.wrong(why=why)
        span = makespan(routes, starts)
        return judge_value(span, problem.meta["baseline"], problem.meta["best"], "makespan")

    def complexity(self, problem: Problem) -> float:
        """Operations: jobs times machines."""
        return sum(map(len, problem.meta["routes"]))
