"""ShiftRostering: a roster of early and late shifts that meets every hard rule.

``workers`` workers and ``days`` days, each day an early and a late shift that need exactly
two workers each. Hard rules: a worker takes at most one shift a day, never the early shift
the day after a late one, at most a stated number of shifts in all, and none of the shifts
they are unavailable for. Any roster meeting every rule is right: the task has no grade
(reward 1 when feasible, 0 otherwise), so it is the one family of the domain judged only for
feasibility. The generator plants a roster (day by day, the least-loaded workers first,
ties at random; the cap on shifts is the planted roster's largest load), then marks about half
of the other (worker, shift) pairs unavailable, so a roster exists by construction;
the check tests every rule against the answer, never against the planted roster (the tests
find other rosters with a SAT solver, python-sat).

Answer syntax: the shifts in order (day 1 early, day 1 late, day 2 early, ...) separated by
``|``, each the numbers of its two workers (``1 3 | 2 4 | 1 5 | 3 4``).

Knobs: ``days`` (3 -> 6) and ``workers`` (5 -> 8). Difficulty raises both.
"""

from __future__ import annotations

import itertools
import math
import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.optimisation.scoring import AnswerError, read_indices

NEED = 2
SHIFTS = ("early", "late")


def shift_name(shift: int) -> str:
    """``day 2 late`` for shift 3 (shifts numbered from 0, two a day)."""
    return f"day {shift // 2 + 1} {SHIFTS[shift % 2]}"


def broken_rule(
    roster: list[list[int]], workers: int, cap: int, unavailable: list[list[int]]
) -> str | None:
    """The first rule that ``roster`` (the workers of each shift) breaks, or None."""
    off = {(w, s) for w, s in unavailable}
    for shift, crew in enumerate(roster):
        if len(crew) != NEED:
            return f"{shift_name(shift)} has {len(crew)} workers, not {NEED}"
        for w in crew:
            if (w, shift) in off:
                return f"worker {w + 1} is unavailable on {shift_name(shift)}"
    for w in range(workers):
        mine = [s for s, crew in enumerate(roster) if w in crew]
        if len(mine) > cap:
            return f"worker {w + 1} works {len(mine)} shifts, more than {cap}"
        for a, b in itertools.pairwise(mine):
            if a // 2 == b // 2:
                return f"worker {w + 1} works twice on day {a // 2 + 1}"
            if a % 2 == 1 and b == a + 1:
                return f"worker {w + 1} works {shift_name(b)} after {shift_name(a)}"
    return None


def plant(rng: random.Random, days: int, workers: int) -> list[list[int]] | None:
    """A roster meeting the day and rest rules, spreading the load (None if stuck)."""
    load = [0] * workers
    roster: list[list[int]] = []
    for shift in range(2 * days):
        taken = roster[-1] if shift % 2 == 1 else []
        rested = roster[-1] if shift % 2 == 0 and roster else []
        free = [w for w in range(workers) if w not in taken and w not in rested]
        if len(free) < NEED:
            return None
        rng.shuffle(free)
        free.sort(key=lambda w: load[w])
        crew = sorted(free[:NEED])
        for w in crew:
            load[w] += 1
        roster.append(crew)
    return roster


class ShiftRostering(Family):
    """A feasible shift roster under hard rules (reward 1 when every rule holds)."""

    knobs: ClassVar[dict[str, Knob]] = {
        "days": Knob("int", 2, 7, default=4, easy=3, hard=6, doc="days to roster"),
        "workers": Knob("int", 5, 9, default=6, easy=5, hard=8, doc="workers"),
    }
    answer_syntax = "the two workers of each shift in order, shifts separated by | (e.g. 1 3 | 2 4)"
    answer_form = "worker numbers per shift"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        days, workers = int(knobs["days"]), int(knobs["workers"])
        roster = None
        while roster is None:
            roster = plant(rng, days, workers)
        cap = max(sum(w in crew for crew in roster) for w in range(workers))
        cap = max(cap, math.ceil(NEED * 2 * days / workers))
        unavailable = [
            [w, s]
            for w in range(workers)
            for s in range(2 * days)
            if w not in roster[s] and rng.random() < 0.5
        ]
        lines = []
        for w in range(workers):
            off = [shift_name(s) for v, s in unavailable if v == w]
            lines.append(f"Worker {w + 1}: " + (", ".join(off) if off else "always available"))
        question = (
            f"Roster {workers} workers over {days} days. Each day has an early and a late "
            f"shift, and each shift needs exactly {NEED} workers. Rules: a worker takes at "
            "most one shift a day; a worker who works a late shift does not work the early "
            f"shift of the next day; a worker works at most {cap} shifts in all; and nobody "
            "works a shift they are unavailable for:\n" + "\n".join(lines) + "\n\n"
            f"Give the workers of every shift in order (day 1 early, day 1 late, day 2 early, "
            f"..., day {days} late), the shifts separated by |. Any roster that keeps every "
            "rule earns 1; a roster that breaks a rule earns 0."
        )
        meta = {"days": days, "workers": workers, "cap": cap, "unavailable": unavailable}
        answer = " | ".join(" ".join(str(w + 1) for w in crew) for crew in roster)
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        parts = answer.split("|")
        if len(parts) != 2 * meta["days"]:
            return Judgement.unparsable(f"expected {2 * meta['days']} shifts separated by |")
        try:
            roster = [read_indices(part, meta["workers"], "worker") for part in parts]
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        why = broken_rule(roster, meta["workers"], meta["cap"], meta["unavailable"])
        return Judgement.wrong(why=why) if why else Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Shifts times workers: the choices to make."""
        return 2 * problem.meta["days"] * problem.meta["workers"]
