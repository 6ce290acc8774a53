"""JobSequencing: schedule unit-time jobs with deadlines for the greatest total profit.

The prompt lists ``n`` numbered jobs, each with a deadline and a profit. Time runs in unit
slots 1, 2, 3, ...; one job runs per slot and takes the whole slot, each job runs at most
once, and a job may run only in a slot no later than its deadline (the prompt says so: an
earlier wording, "earns its profit only if it runs by its deadline", let a late job read as
allowed but unpaid, which the verifier rejected).
Reference: the greedy that takes jobs by decreasing profit and puts each in the latest free
slot before its deadline (the scheduling matroid; Cormen et al., "Introduction to
Algorithms", problem 16-4 / section 16.5).

Answer syntax: the total profit, a colon, then the job in each slot from slot 1 on,
separated by commas (or spaces), with ``-`` for an idle slot (``57: 3, -, 1, 5``); idle
slots at the end may be left out. An empty entry (``3,, 1``) is unparsable, not an idle
slot read away, and ``0`` is no job (jobs are numbered from 1). Any optimal schedule is
right: the verifier checks that the job numbers exist, no job runs twice, every job runs
by its deadline, the stated profit is the schedule's own, and that it equals the optimum.
A valid schedule that is not optimal is wrong with partial credit ``score = profit /
optimum``.

Knobs: ``jobs`` (5 -> 24), ``max_deadline`` (3 -> 10) and ``max_profit`` (20 -> 200).
Difficulty raises all three: at difficulty 1 two dozen jobs compete for ten slots, with
many choices a profit-only or deadline-only ordering gets wrong.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.algorithms.intervals import AnswerError, split_list, unwrap
from rlvr_envs.numbers import normalise, parse_integer

_HEAD = re.compile(r"\s*(?:[A-Za-z][A-Za-z ]{0,30}=\s*)?([-+]?[0-9]+)\s*:(.*)\Z", re.S)
_IDLE = {"-", "idle", "none", "_"}


def greedy_schedule(deadlines: list[int], profits: list[int]) -> list[int | None]:
    """Slot i (0-based) -> job index or None: profit order, latest free slot."""
    horizon = max(deadlines)
    slots: list[int | None] = [None] * horizon
    for j in sorted(range(len(profits)), key=lambda j: (-profits[j], j)):
        for t in range(deadlines[j] - 1, -1, -1):
            if slots[t] is None:
                slots[t] = j
                break
    return slots


def parse_schedule(text: str) -> tuple[int | None, list[int | None]]:
    """``57: 3, -, 1`` -> (57, [2, None, 0] as 1-based job numbers / None for idle). Slots are
    separated by one comma or by spaces; an empty slot between two commas is an error (the
    prompt's idle mark is ``-``), and so is ``0``: jobs are numbered from 1."""
    match = _HEAD.match(normalise(text))
    if not match:
        raise AnswerError(
            "expected the profit, a colon, then the job in each slot (e.g. 57: 3, -, 1)"
        )
    value = parse_integer(match.group(1))
    parts = split_list(unwrap(match.group(2).strip().removesuffix(".")))
    if not parts:
        raise AnswerError("no schedule after the colon")
    slots: list[int | None] = []
    for part in parts:
        if part.lower() in _IDLE:
            slots.append(None)
            continue
        m = re.fullmatch(r"#?([0-9]{1,6})", part)
        if not m:
            raise AnswerError(f"{part!r} is not a job number or -")
        slots.append(int(m.group(1)))
    return value, slots


class JobSequencing(Family):
    """Unit-time jobs with deadlines and profits: any schedule of maximum profit is right."""

    knobs: ClassVar[dict[str, Knob]] = {
        "jobs": Knob("int", 4, 40, default=8, easy=5, hard=24, doc="number of jobs"),
        "max_deadline": Knob("int", 2, 15, default=4, easy=3, hard=10, doc="latest deadline"),
        "max_profit": Knob("int", 10, 500, default=50, easy=20, hard=200, doc="largest profit"),
    }
    answer_syntax = (
        "the total profit, a colon, then the job run in each slot from slot 1 on, separated "
        "by commas, with - for an idle slot (e.g. 57: 3, -, 1, 5)"
    )
    answer_form = "profit and schedule"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, top = int(knobs["jobs"]), int(knobs["max_profit"])
        cap = max(1, min(int(knobs["max_deadline"]), n - 1))
        while True:
            deadlines = [rng.randint(1, cap) for _ in range(n)]
            profits = [rng.randint(1, top) for _ in range(n)]
            slots = greedy_schedule(deadlines, profits)
            if sum(s is not None for s in slots) >= 2:
                break
        best = sum(profits[j] for j in slots if j is not None)
        while slots and slots[-1] is None:
            slots.pop()
        lines = [f"job {j + 1}: deadline {deadlines[j]}, profit {profits[j]}" for j in range(n)]
        question = (
            f"There are {n} jobs; each takes exactly one time slot. Slots are numbered 1, 2, "
            "3, ...; only one job runs in a slot, each job runs at most once, and a job may "
            "run only in a slot no later than its deadline (running it earns its profit; a job "
            "that does not fit is left out):\n"
            + "\n".join(lines)
            + "\n\nSchedule jobs to earn the greatest total profit. Give the total profit, a "
            "colon, then the job number in each slot from slot 1 on, with - for an idle slot."
        )
        meta = {"deadlines": deadlines, "profits": profits, "best": best}
        answer = f"{best}: " + ", ".join("-" if j is None else str(j + 1) for j in slots)
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            value, slots = parse_schedule(answer)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if value is None:
            return Judgement.unparsable("the profit is not an integer")
        meta = problem.meta
        deadlines, profits = meta["deadlines"], meta["profits"]
        n = len(profits)
        jobs = [j for j in slots if j is not None]
        if len(set(jobs)) != len(jobs):
            return Judgement.wrong(why="a job runs twice")
        for t, j in enumerate(slots, 1):
            if j is None:
                continue
            if not 1 <= j <= n:
                return Judgement.wrong(why=f"there is no job {j}")
            if t > deadlines[j - 1]:
                return Judgement.wrong(why=f"job {j} runs in slot {t}, after its deadline")
        got = sum(profits[j - 1] for j in jobs)
        if got != value:
            return Judgement.wrong(why=f"the schedule earns {got}, not {value}")
        best = meta["best"]
        if got < best:
            return Judgement.wrong(score=got / best, why="a more profitable schedule exists")
        return Judgement.right(profit=got)

    def complexity(self, problem: Problem) -> float:
        """Jobs times the latest deadline (the greedy's slot search)."""
        return len(problem.meta["profits"]) * max(problem.meta["deadlines"])
