"""ProjectScheduling: start times for a project's activities under precedences and resources.

Resource-constrained project scheduling (RCPSP): ``activities`` activities, each with a
duration in days (1 to 6), a list of activities it must follow, and a daily need of each of
``resources`` renewable resources (crews of 4 to 6 people); on every day the activities
under way may need no more of a resource than its crew. The least makespan is proved at
generation by branch and bound over the precedence tree (Patterson; Sprecher 2000: each step
places one activity whose predecessors are placed at the earliest day, no earlier than the
previous start, that its predecessors and the crews allow, activities starting on one day in
number order; an optimal schedule arises this way), bounded below by
the critical path of what is left and by each crew's remaining work, with partial schedules
that were met before skipped; the tests check it with a time-indexed integer programme
(scipy's ``milp``). The check reads a start day for every activity, tests the precedences
and the crews day by day, and grades the makespan against the baseline of the serial
schedule in number order (each activity in turn at the earliest day its predecessors and
the crews allow; :mod:`.scoring`); instances where that is already optimal are redrawn.

Answer syntax: the start day (from 0) of every activity in number order (``0 0 3 5 3 8``).

Knobs: ``activities`` (4 -> 7) and ``resources`` (1 -> 2). Difficulty raises both.
Generation is below the bar of 1,000 problems/s: about 460/s at the default size (five
activities, one resource), 110/s at difficulty 0.5 and 60/s at difficulty 1 (about 16 ms a
problem), because the optimum is proved by branch and bound in pure Python and most draws
(two in three or more) are redrawn, since the serial schedule in number order is already
optimal on most small projects; a draw whose serial schedule meets the simple bound is
redrawn without search.
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
from rlvr_envs.families.optimisation.shop_schedules import read_times


def earliest(
    a: int, after: int, durations: list[int], needs: list[list[int]], caps: list[int], usage
) -> int:
    """The first day from ``after`` on which activity ``a`` fits under every crew for its
    whole duration, given ``usage[day][r]`` of the activities already placed."""
    day = after
    while True:
        clash = next(
            (
                t
                for t in range(day, day + durations[a])
                for r, cap in enumerate(caps)
                if usage.get(t, (0,) * len(caps))[r] + needs[a][r] > cap
            ),
            None,
        )
        if clash is None:
            return day
        day = clash + 1


def place(a: int, start: int, durations: list[int], needs: list[list[int]], usage) -> None:
    """Add activity ``a`` from day ``start`` to ``usage``."""
    for t in range(start, start + durations[a]):
        old = usage.get(t, (0,) * len(needs[a]))
        usage[t] = tuple(u + n for u, n in zip(old, needs[a]))


def serial_schedule(
    order: list[int], durations: list[int], needs: list[list[int]], preds: list[list[int]],
    caps: list[int],
) -> list[int]:  # fmt: skip
    """The serial schedule of ``order``: each activity in turn at the earliest day its
    predecessors and the crews allow."""
    starts = [0] * len(durations)
    usage: dict[int, tuple[int, ...]] = {}
    for a in order:
        ready = max((starts[p] + durations[p] for p in preds[a]), default=0)
        starts[a] = earliest(a, ready, durations, needs, caps, usage)
        place(a, starts[a], durations, needs, usage)
    return starts


def broken_rule(
    starts: list[int], durations: list[int], needs: list[list[int]], preds: list[list[int]],
    caps: list[int],
) -> str | None:  # fmt: skip
    """The first precedence or crew that ``starts`` breaks, or None."""
    for a, before in enumerate(preds):
        for p in before:
            if starts[a] < starts[p] + durations[p]:
                return f"A{a + 1} starts before A{p + 1} ends"
    usage: dict[int, tuple[int, ...]] = {}
    for a, start in enumerate(starts):
        place(a, start, durations, needs, usage)
    for day in sorted(usage):
        for r, cap in enumerate(caps):
            if usage[day][r] > cap:
                return f"day {day} needs {usage[day][r]} of R{r + 1}, more than {cap}"
    return None


def simple_bound(
    durations: list[int], needs: list[list[int]], preds: list[list[int]], caps: list[int]
) -> int:
    """The longest chain of precedences, or each crew's total work over its size."""
    finish = [0] * len(durations)
    for a, before in enumerate(preds):
        finish[a] = durations[a] + max((finish[p] for p in before), default=0)
    energy = (
        -(-sum(d * need[r] for d, need in zip(durations, needs)) // cap)
        for r, cap in enumerate(caps)
    )
    return max(*finish, *energy)


def least_makespan(
    durations: list[int], needs: list[list[int]], preds: list[list[int]], caps: list[int],
    bound: int,
) -> tuple[int, list[int] | None]:  # fmt: skip
    """The least makespan below ``bound`` and a schedule reaching it, or ``(bound, None)``
    (branch and bound over serial schedules)."""
    n = len(durations)
    succs: list[list[int]] = [[] for _ in range(n)]
    for a, before in enumerate(preds):
        for p in before:
            succs[p].append(a)
    tail = [0] * n  # the longest chain from an activity's start to the end
    for a in reversed(range(n)):
        tail[a] = durations[a] + max((tail[s] for s in succs[a]), default=0)
    work = [[durations[a] * needs[a][r] for a in range(n)] for r in range(len(caps))]
    best: list = [bound, None]
    seen: set[tuple[int, ...]] = set()
    starts = [-1] * n

    def search(usage: dict[int, tuple[int, ...]], done: int, floor: int, last: int) -> None:
        if done == n:
            span = max(s + d for s, d in zip(starts, durations))
            if span < best[0]:
                best[0], best[1] = span, starts[:]
            return
        key = tuple(starts)
        if key in seen:
            return
        seen.add(key)
        ready = {
            a: max([floor, *(starts[p] + durations[p] for p in preds[a])])
            for a in range(n)
            if starts[a] < 0 and all(starts[p] >= 0 for p in preds[a])
        }
        low = max(ready[a] + tail[a] for a in ready)
        for r, cap in enumerate(caps):
            left = sum(work[r][a] for a in range(n) if starts[a] < 0)
            low = max(low, floor + -(-left // cap))
        if low >= best[0]:
            return
        options = sorted((earliest(a, ready[a], durations, needs, caps, usage), a) for a in ready)
        for start, a in options:
            if start + tail[a] >= best[0] or (start == floor and a < last):
                continue
            starts[a] = start
            grown = dict(usage)
            place(a, start, durations, needs, grown)
            search(grown, done + 1, start, a)
            starts[a] = -1

    search({}, 0, 0, -1)
    return best[0], best[1]


class ProjectScheduling(GradedFamily):
    """Resource-constrained project scheduling, graded against the serial schedule."""

    knobs: ClassVar[dict[str, Knob]] = {
        "activities": Knob("int", 3, 9, default=5, easy=4, hard=7, doc="activities"),
        "resources": Knob("int", 1, 2, default=1, easy=1, hard=2, doc="renewable resources"),
    }
    answer_syntax = "the start day of every activity in number order (e.g. 0 0 3 5)"
    answer_form = "start days"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, k = int(knobs["activities"]), int(knobs["resources"])
        while True:
            caps = [rng.randint(4, 6) for _ in range(k)]
            durations = [rng.randint(1, 6) for _ in range(n)]
            needs = [[rng.randint(1, cap) for cap in caps] for _ in range(n)]
            preds = [sorted(p for p in range(a) if rng.random() < 0.35) for a in range(n)]
            baseline = max(
                s + d
                for s, d in zip(serial_schedule(range(n), durations, needs, preds, caps), durations)
            )
            if baseline == simple_bound(durations, needs, preds, caps):
                continue  # the number order is optimal: no search needed to see it
            best, starts = least_makespan(durations, needs, preds, caps, baseline)
            if starts is not None:
                break
        names = [f"R{r + 1}" for r in range(k)]
        rows = []
        for a in range(n):
            need = " and ".join(f"{needs[a][r]} of {names[r]}" for r in range(k))
            after = ", ".join(f"A{p + 1}" for p in preds[a])
            rows.append(
                f"A{a + 1}: {durations[a]} days, needs {need} each day"
                + (f", after {after}" if after else "")
            )
        crews = ", ".join(f"{names[r]} has {caps[r]} people" for r in range(k))
        question = (
            f"A project has {n} activities. Each takes the days shown, uses the people "
            "shown on every day it runs, and starts only after the activities it follows "
            f"have ended. On any day the running activities may use at most the crew of each "
            f"resource: {crews}.\n\n" + "\n".join(rows) + "\n\n"
            "Give the start day (from 0) of every activity, A1 first, so that the whole "
            "project ends as early as possible (an activity starting on day s with d days "
            "runs on days s to s + d - 1).\n\n"
            + reward_sentence(
                "the schedule that places the activities in number order, each at the "
                "earliest day its predecessors and the crews allow",
                "an earlier end is better",
            )
        )
        meta = {"durations": durations, "needs": needs, "preds": preds, "caps": caps,
                "best": best, "baseline": baseline}  # fmt: skip
        return Draft(question, " ".join(map(str, starts)), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        durations = meta["durations"]
        try:
            starts = read_times(answer, len(durations), "start day")
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        why = broken_rule(starts, durations, meta["needs"], meta["preds"], meta["caps"])
        if why:
            return Judgement.wrong(why=why)
        span = max(s + d for s, d in zip(starts, durations))
        return judge_value(span, meta["baseline"], meta["best"], "makespan")

    def complexity(self, problem: Problem) -> float:
        """Activities times resources, plus the precedences."""
        meta = problem.meta
        return len(meta["durations"]) * len(meta["caps"]) + sum(map(len, meta["preds"]))
