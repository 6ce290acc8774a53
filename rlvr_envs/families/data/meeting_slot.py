"""MeetingSlot: a meeting time that fits every attendee's calendar (any fitting slot).

Each attendee's busy blocks (``Ana: 09:00-10:15, 13:30-14:00``) are listed for one working
day; a meeting of ``d`` minutes must lie inside the working hours, overlap no busy block
(touching one is fine) and, at harder settings, meet extra constraints (an attendee who
cannot meet before or after a stated time). The calendars are built around one to three
free windows, so few slots fit and their places change from problem to problem. Any fitting
slot is right: the check tests the slot against the calendars and the constraints.

Answer syntax: the meeting as ``HH:MM-HH:MM`` (start and end, 24-hour clock).

Knobs: ``attendees`` (2 -> 6), ``blocks`` (busy blocks per attendee, about 2 -> 6) and
``constraints`` (extra constraints, 0 -> 2). Difficulty raises all three.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.data.readers import AnswerError, clock_text, read_clock
from rlvr_envs.numbers import normalise

PEOPLE = ("Ana", "Ben", "Chloe", "Dev", "Esme", "Farid", "Gwen", "Hugo", "Ines", "Jon")


def free_for_all(busy: list[list[list[int]]], start: int, end: int) -> bool:
    """Whether [start, end] overlaps no one's busy block (touching is fine)."""
    return all(end <= a or start >= b for blocks in busy for a, b in blocks)


def fits(meta: dict, start: int, end: int) -> bool:
    """Whether the slot is the asked length, inside the day, free and within every limit."""
    if end - start != meta["duration"] or start < meta["day"][0] or end > meta["day"][1]:
        return False
    for _who, kind, limit in meta["limits"]:
        if (kind == "after" and start < limit) or (kind == "before" and end > limit):
            return False
    return free_for_all(meta["busy"], start, end)


def _blocks_over(rng: random.Random, low: int, high: int) -> list[list[int]]:
    """Cut [low, high] into pieces of 15-minute multiples."""
    pieces, t = [], low
    while t < high:
        size = min(high - t, rng.choice((15, 30, 30, 45, 60, 90)))
        pieces.append([t, t + size])
        t += size
    return pieces


class MeetingSlot(Family):
    """Any slot of the asked length that every calendar and constraint allows."""

    knobs: ClassVar[dict[str, Knob]] = {
        "attendees": Knob("int", 2, 8, default=3, easy=2, hard=6, doc="attendees"),
        "blocks": Knob("int", 1, 8, default=3, easy=2, hard=6, doc="extra busy blocks each"),
        "constraints": Knob("int", 0, 2, default=0, doc="not-before / not-after limits"),
    }
    answer_syntax = "the meeting's start and end as HH:MM-HH:MM (e.g. 10:30-11:15)"
    answer_form = "HH:MM-HH:MM"
    unique_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        k, extra, m = int(knobs["attendees"]), int(knobs["blocks"]), int(knobs["constraints"])
        names = rng.sample(PEOPLE, k)
        day = [rng.choice((8, 9, 10)) * 60, 0]
        day[1] = day[0] + rng.choice((7, 8, 9)) * 60
        duration = rng.choice((30, 45, 60, 90))
        while True:
            windows, t = [], day[0] + rng.randrange(0, day[1] - day[0] - duration + 1, 15)
            for _ in range(rng.randint(1, 3)):
                size = duration + rng.choice((0, 0, 15, 30))
                if t + size > day[1]:
                    break
                windows.append([t, t + size])
                t += size + rng.randrange(60, 241, 15)
            if windows:
                break
        edges = [day[0], *(x for w in windows for x in w), day[1]]
        gaps = [
            [edges[i], edges[i + 1]] for i in range(0, len(edges), 2) if edges[i] < edges[i + 1]
        ]
        busy: list[list[list[int]]] = [[] for _ in names]
        for low, high in gaps:
            for piece in _blocks_over(rng, low, high):
                busy[rng.randrange(k)].append(piece)
        for blocks in busy:
            for _ in range(extra):
                low, high = rng.choice(gaps) if gaps else (day[0], day[0])
                if high - low >= 15:
                    a = rng.randrange(low, high, 15)
                    blocks.append([a, min(high, a + rng.choice((15, 30, 60)))])
        busy = [_merge(b) for b in busy]
        limits, target = [], rng.choice(windows)  # limits that the target window meets
        for who in rng.sample(names, m):
            if rng.random() < 0.5:
                limits.append([who, "after", max(day[0], target[0] - rng.choice((0, 15, 30)))])
            else:
                limits.append([who, "before", min(day[1], target[1] + rng.choice((0, 15, 30)))])
        meta = {"busy": busy, "day": day, "duration": duration, "limits": limits}
        answer = next(
            (s, s + duration) for w in windows for s in range(w[0], w[1] - duration + 1, 5)
            if fits(meta, s, s + duration)
        )  # fmt: skip
        lines = "\n".join(
            f"{who}: "
            + (", ".join(f"{clock_text(a)}-{clock_text(b)}" for a, b in blocks) or "free all day")
            for who, blocks in zip(names, busy)
        )
        rules = "".join(
            f" {who} cannot meet before {clock_text(t)}." if kind == "after"
            else f" {who} must be finished by {clock_text(t)}."
            for who, kind, t in limits
        )  # fmt: skip
        question = (
            f"Busy times of each attendee on one day:\n{lines}\n\nFind a {duration}-minute "
            f"meeting for all of them between {clock_text(day[0])} and {clock_text(day[1])}. "
            f"It may start right when a busy block ends and end right when one begins.{rules}"
        )
        meta["names"] = names
        return Draft(question, f"{clock_text(answer[0])}-{clock_text(answer[1])}", meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        start, dash, end = normalise(answer).strip().partition("-")
        try:
            if not dash:
                raise AnswerError("expected HH:MM-HH:MM")
            a, b = read_clock(start), read_clock(end)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        return Judgement.right() if fits(problem.meta, a, b) else Judgement.wrong()

    def complexity(self, problem: Problem) -> float:
        """Busy blocks in all, plus the constraints, times attendees."""
        meta = problem.meta
        blocks = sum(len(b) for b in meta["busy"])
        return (blocks + 3 * len(meta["limits"])) * len(meta["busy"])


def _merge(blocks: list[list[int]]) -> list[list[int]]:
    out: list[list[int]] = []
    for a, b in sorted(blocks):
        if out and a <= out[-1][1]:
            out[-1][1] = max(out[-1][1], b)
        else:
            out.append([a, b])
    return out
