"""GeneralisedAssignment: give every job to one agent, within the agents' capacities, at the
least total cost.

``jobs`` jobs and ``agents`` agents (labelled by letters). Job ``i`` done by agent ``a`` costs
``c[i][a]`` and uses ``w[i][a]`` of that agent's capacity; the jobs an agent does may use at
most its capacity. Unlike ``Assignment`` an agent may take several jobs, and unlike
``ParallelMachines`` the cost of a job depends on who does it and the capacities bind. The
least cost is found at generation by enumerating the assignments job by job and dropping
those over a capacity as soon as they are (numpy). The check reads one agent letter per job,
refuses an assignment that exceeds a capacity, and grades its cost against the baseline of
greedy assignment (each job in listed order to its cheapest agent with room left, the
earliest letter on ties; :mod:`.scoring`); instances where greedy gets stuck or is already
optimal are redrawn.

Answer syntax: the letters of the agents doing jobs 1..n, in job order (``B A C A``).

Knobs: ``jobs`` (5 -> 8) and ``agents`` (2 -> 4). Difficulty raises both.
"""

from __future__ import annotations

import random
from typing import ClassVar

import numpy as np

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.optimisation.labels import letter, read_letters
from rlvr_envs.families.optimisation.scoring import (
    AnswerError,
    GradedFamily,
    judge_value,
    reward_sentence,
)


def least_cost(
    costs: np.ndarray, weights: np.ndarray, capacities: np.ndarray
) -> tuple[int, list[int]] | None:
    """The least cost of an assignment within capacity and one reaching it, or None if no
    assignment fits: every assignment of the first jobs that fits is extended by every agent
    for the next job, and those over a capacity are dropped (numpy, job by job)."""
    n, m = costs.shape
    loads = np.zeros((1, m), dtype=np.int64)
    totals = np.zeros(1, dtype=np.int64)
    codes = np.zeros(1, dtype=np.int64)  # the agents so far, as digits in base m
    for job in range(n):
        loads = (loads[:, None, :] + np.diag(weights[job])[None, :, :]).reshape(-1, m)
        totals = (totals[:, None] + costs[job][None, :]).ravel()
        codes = (codes[:, None] * m + np.arange(m)[None, :]).ravel()
        keep = (loads <= capacities).all(axis=1)
        loads, totals, codes = loads[keep], totals[keep], codes[keep]
        if not len(totals):
            return None
    row = int(np.argmin(totals))
    agents = [int(a) for a in np.unravel_index(int(codes[row]), (m,) * n)]
    return int(totals[row]), agents


def greedy_cost(
    costs: list[list[int]], weights: list[list[int]], capacities: list[int]
) -> int | None:
    """Each job in order to its cheapest agent with room (earliest on ties); None if stuck."""
    room, total = list(capacities), 0
    for cost, weight in zip(costs, weights):
        fitting = [a for a in range(len(room)) if weight[a] <= room[a]]
        if not fitting:
            return None
        agent = min(fitting, key=lambda a: (cost[a], a))
        room[agent] -= weight[agent]
        total += cost[agent]
    return total


def assignment_cost(
    costs: list[list[int]], weights: list[list[int]], capacities: list[int], agents: list[int]
) -> int | None:
    """The cost of giving job ``i`` to ``agents[i]``, or None where a capacity is exceeded."""
    load = [0] * len(capacities)
    for i, agent in enumerate(agents):
        load[agent] += weights[i][agent]
    if any(used > cap for used, cap in zip(load, capacities)):
        return None
    return sum(costs[i][agent] for i, agent in enumerate(agents))


class GeneralisedAssignment(GradedFamily):
    """A least-cost assignment of jobs to agents within capacities, graded against greedy."""

    knobs: ClassVar[dict[str, Knob]] = {
        "jobs": Knob("int", 3, 9, default=6, easy=5, hard=8, doc="jobs to assign"),
        "agents": Knob("int", 2, 4, default=3, easy=2, hard=4, doc="agents"),
    }
    answer_syntax = "one agent letter per job, in job order (e.g. B A C A)"
    answer_form = "agent letters in job order"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, m = int(knobs["jobs"]), int(knobs["agents"])
        while True:
            costs = [[rng.randint(1, 30) for _ in range(m)] for _ in range(n)]
            weights = [[rng.randint(1, 9) for _ in range(m)] for _ in range(n)]
            capacities = [
                max(max(row[a] for row in weights), sum(row[a] for row in weights) * 6 // (5 * m))
                for a in range(m)
            ]
            baseline = greedy_cost(costs, weights, capacities)
            if baseline is None:
                continue
            found = least_cost(np.array(costs), np.array(weights), np.array(capacities))
            assert found is not None  # greedy's assignment fits
            best, agents = found
            if best < baseline:
                break
        header = "Job: " + "; ".join(f"agent {letter(a)}" for a in range(m))
        lines = "\n".join(
            f"Job {i}: "
            + "; ".join(f"cost {c}, uses {w}" for c, w in zip(costs[i - 1], weights[i - 1]))
            for i in range(1, n + 1)
        )
        caps = ", ".join(f"{letter(a)} {c}" for a, c in enumerate(capacities))
        question = (
            f"Assign each of {n} jobs to exactly one of {m} agents. A job's cost and the "
            "capacity it uses depend on the agent doing it; the jobs an agent does may use at "
            f"most that agent's capacity. Capacities: {caps}.\n\n{header}\n{lines}\n\n"
            "Make the total cost as small as possible.\n\n"
            + reward_sentence(
                "greedy assignment (each job in the order listed to its cheapest agent that "
                "still has room for it, the earliest letter on ties)",
                "a lower total cost is better",
            )
        )
        meta = {
            "costs": costs,
            "weights": weights,
            "capacities": capacities,
            "best": best,
            "baseline": baseline,
        }
        return Draft(question, " ".join(letter(a) for a in agents), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        n, m = len(meta["costs"]), len(meta["capacities"])
        try:
            agents = read_letters(answer, m, "agent", distinct=False, most=n + 1)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if len(agents) != n:
            return Judgement.unparsable(f"expected {n} agent letters, one per job")
        total = assignment_cost(meta["costs"], meta["weights"], meta["capacities"], agents)
        if total is None:
            return Judgement.wrong(why="an agent's capacity is exceeded")
        return judge_value(total, meta["baseline"], meta["best"], "total cost")

    def complexity(self, problem: Problem) -> float:
        """Assignments to weigh, on a log scale."""
        n, m = len(problem.meta["costs"]), len(problem.meta["capacities"])
        return n * float(np.log2(m))
