"""ParallelMachines: share jobs among identical machines so that the last one finishes soonest.

``jobs`` jobs with whole-hour times go to ``machines`` identical machines; a machine runs its
jobs one after another and the makespan is the largest machine total (P||Cmax). The
generator plants the optimum: it cuts one common total ``T`` into the jobs of each machine,
so the machines can finish together at ``T``, and no split finishes before the average load
``T`` (the volume bound): the optimum is proved. The check reads the machines' jobs and
grades the makespan against the baseline of longest processing time first (LPT: jobs from
longest to shortest, each to the machine that is free first, lowest number on ties;
Graham 1969); instances where LPT already reaches ``T`` are redrawn.

Answer syntax: the machines' jobs separated by ``|``, each its job numbers (``1 4 | 2 3 |
5``); at most ``machines`` groups.

Knobs: ``jobs`` (6 -> 12; at least ``2 * machines + 1``, since LPT is optimal when no
machine needs more than two jobs) and ``machines`` (2 -> 4). Difficulty raises both.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.optimisation.scoring import (
    AnswerError,
    GradedFamily,
    judge_value,
    read_groups,
    reward_sentence,
)

_LABEL = re.compile(r"\bJ(?=\d)")


def longest_first(times: list[int], machines: int) -> int:
    """The makespan of LPT: longest job first, each to the least-loaded machine."""
    load = [0] * machines
    for j in sorted(range(len(times)), key=lambda j: (-times[j], j)):
        k = min(range(machines), key=lambda k: (load[k], k))
        load[k] += times[j]
    return max(load)


def plant(rng: random.Random, n: int, m: int) -> tuple[list[int], list[list[int]]]:
    """Job times whose ``m`` machines can all finish at one total, and that split."""
    counts = [2] * m
    for _ in range(n - 2 * m):
        counts[rng.randrange(m)] += 1
    total = rng.randint(4 * max(counts), 8 * max(counts))
    times: list[int] = []
    groups: list[list[int]] = []
    for count in counts:
        cuts = sorted(rng.sample(range(1, total), count - 1))
        parts = [b - a for a, b in zip([0, *cuts], [*cuts, total])]
        groups.append(list(range(len(times), len(times) + count)))
        times += parts
    order = list(range(n))
    rng.shuffle(order)  # order[i]: where planted job i is listed
    shown = [0] * n
    for planted, listed in enumerate(order):
        shown[listed] = times[planted]
    return shown, [sorted(order[j] for j in group) for group in groups]


class ParallelMachines(GradedFamily):
    """Makespan on identical parallel machines, graded against LPT."""

    knobs: ClassVar[dict[str, Knob]] = {
        "jobs": Knob("int", 5, 14, default=8, easy=6, hard=12, doc="jobs"),
        "machines": Knob("int", 2, 4, default=3, easy=2, hard=4, doc="identical machines"),
    }
    answer_syntax = "the machines' jobs separated by | (e.g. 1 4 | 2 3 | 5)"
    answer_form = "groups of job numbers"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        m = int(knobs["machines"])
        n = max(int(knobs["jobs"]), 2 * m + 1)  # LPT is optimal at two jobs a machine
        while True:
            times, groups = plant(rng, n, m)
            best = sum(times) // m
            baseline = longest_first(times, m)
            if best < baseline:
                break
        shown = ", ".join(f"J{j} {t} h" for j, t in enumerate(times, 1))
        question = (
            f"{n} jobs must run on {m} identical machines: {shown}. Each job runs on one "
            "machine, and a machine runs its jobs one after another. Share out the jobs so "
            "that the machine that finishes last finishes as early as possible. Give each "
            "machine's job numbers, the machines separated by |.\n\n"
            + reward_sentence(
                "longest processing time first (the jobs from longest to shortest, each to "
                "the machine with the least work so far, lowest number on ties)",
                "an earlier finish is better",
            )
        )
        meta = {"times": times, "machines": m, "best": best, "baseline": baseline}
        answer = " | ".join(" ".join(str(j + 1) for j in g) for g in groups)
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        times, m = problem.meta["times"], problem.meta["machines"]
        try:
            groups = read_groups(_LABEL.sub("", answer), len(times), "job")
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if len(groups) > m:
            return Judgement.wrong(why=f"more than {m} machines")
        if sum(map(len, groups)) != len(times):
            return Judgement.wrong(why="a job is not assigned")
        span = max(sum(times[j] for j in g) for g in groups)
        return judge_value(span, problem.meta["baseline"], problem.meta["best"], "makespan")

    def complexity(self, problem: Problem) -> float:
        """Jobs, and machines."""
        return len(problem.meta["times"]) * problem.meta["machines"]
