"""TimeZoneMeeting: a meeting time, in UTC, inside every attendee's local available hours
(any fitting slot).

Attendees are available every day between their own local hours (``Ana (Europe/Paris):
08:00-16:30 local time``; hours such as 22:00-06:00 run overnight)
in IANA time zones with daylight saving (:mod:`rlvr_envs.families.data.zones`). A meeting of
``d`` minutes on a stated UTC date must lie inside every attendee's available hours. Near a
daylight-saving change the usual overlap moves. Any fitting slot is right: the check
converts each attendee's available hours on the local days that touch the UTC date and tests
the slot against them.

Answer syntax: the meeting's start and end in UTC as ``HH:MM-HH:MM`` (within the date).

Knobs: ``attendees`` (2 -> 5), ``quarters`` (the meeting's length in quarter hours, 2 -> 8)
and ``near_change`` (the chance that the date is within a day of a change, 0 -> 0.8).
Difficulty raises all three.
"""

from __future__ import annotations

import datetime as dt
import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.data.meeting_slot import PEOPLE
from rlvr_envs.families.data.readers import AnswerError, clock_text, read_clock
from rlvr_envs.families.data.zones import DAYLIGHT, FIXED, draw_date, from_utc, to_utc
from rlvr_envs.numbers import normalise

ZONES = DAYLIGHT + FIXED[1:]


def working_minutes(zone: str, hours: list[int], day: dt.date) -> list[list[int]]:
    """The attendee's available intervals on the UTC date ``day``, in minutes after 00:00 UTC."""
    midnight = dt.datetime.combine(day, dt.time())
    out = []
    for shift in (-1, 0, 1):
        local_day = dt.datetime.combine(day + dt.timedelta(days=shift), dt.time())
        a = to_utc(zone, local_day + dt.timedelta(minutes=hours[0]))
        overnight = 1440 if hours[1] < hours[0] else 0  # e.g. 22:00-06:00: into the next day
        b = to_utc(zone, local_day + dt.timedelta(minutes=hours[1] + overnight))
        low = max(0, int((a - midnight).total_seconds()) // 60)
        high = min(1439, int((b - midnight).total_seconds()) // 60)
        if low < high:
            out.append([low, high])
    return out


def common(intervals: list[list[list[int]]]) -> list[list[int]]:
    """The intersection of every attendee's intervals."""
    result = intervals[0]
    for other in intervals[1:]:
        result = [[max(a, c), min(b, d)] for a, b in result for c, d in other
                  if max(a, c) < min(b, d)]  # fmt: skip
    return result


def _hours_around(
    rng: random.Random, zones: list[str], day: dt.date, length: int
) -> list[list[int]] | None:
    """Local hours for each zone that all hold a UTC window of ``length`` plus up to half an hour
    of slack, placed anywhere in the UTC day; the first attendee starts and the second ends
    exactly at the window's edges. Hours that cross a local midnight run overnight."""
    slack = rng.randrange(0, 3) * 15
    start = rng.randrange(0, (1439 - length - slack) // 15 + 1) * 15
    midnight = dt.datetime.combine(day, dt.time())
    hours = []
    for index, zone in enumerate(zones):
        a = from_utc(zone, midnight + dt.timedelta(minutes=start))
        b = from_utc(zone, midnight + dt.timedelta(minutes=start + length + slack))
        if (b.date() - a.date()).days > 1:
            return None
        low, high = a.hour * 60 + a.minute, b.hour * 60 + b.minute
        low -= 0 if index == 0 else min(low, rng.randrange(0, 13) * 15)
        high += 0 if index == 1 else min(1439 - high, rng.randrange(0, 13) * 15) // 15 * 15
        hours.append([low, high])
    return hours


class TimeZoneMeeting(Family):
    """A UTC slot of the asked length inside every attendee's local available hours."""

    knobs: ClassVar[dict[str, Knob]] = {
        "attendees": Knob("int", 2, 6, default=3, easy=2, hard=5, doc="attendees"),
        "quarters": Knob("int", 1, 12, default=4, easy=2, hard=8, doc="meeting length, 15 min"),
        "near_change": Knob(
            "float",
            0.0,
            1.0,
            default=0.3,
            easy=0.0,
            hard=0.8,
            doc="chance the date is within a day of a change",
        ),
    }
    answer_syntax = "the meeting's start and end in UTC as HH:MM-HH:MM (e.g. 14:30-15:15)"
    answer_form = "HH:MM-HH:MM"
    unique_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        k, length = int(knobs["attendees"]), 15 * int(knobs["quarters"])
        while True:
            zones = [rng.choice(ZONES) for _ in range(k)]
            day = draw_date(rng, zones, float(knobs["near_change"]))
            hours = _hours_around(rng, zones, day, length)
            if hours is None:
                continue
            spans = common([working_minutes(z, h, day) for z, h in zip(zones, hours)])
            fitting = [s for s in spans if s[1] - s[0] >= length]
            if fitting:
                break
        names = rng.sample(PEOPLE, k)
        lines = "\n".join(
            f"{who} ({zone}): {clock_text(h[0])}-{clock_text(h[1])} local time"
            + (" (overnight, into the next day)" if h[1] < h[0] else "")
            for who, zone, h in zip(names, zones, hours)
        )
        question = (
            f"Available hours (every day, each in the attendee's own time zone):\n{lines}\n\n"
            f"Find a {length}-minute meeting on {day} (a UTC date) that lies entirely inside "
            "every attendee's available hours. The zones follow the IANA time zone database, "
            "daylight saving time included. Give the start and end in UTC."
        )
        meta = {"zones": zones, "hours": hours, "day": str(day), "length": length}
        start = fitting[0][0]
        return Draft(question, f"{clock_text(start)}-{clock_text(start + length)}", meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        start, dash, end = normalise(answer).strip().partition("-")
        try:
            if not dash:
                raise AnswerError("expected HH:MM-HH:MM")
            a, b = read_clock(start), read_clock(end)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        meta = problem.meta
        if b - a != meta["length"]:
            return Judgement.wrong(why="not the asked length")
        day = dt.date.fromisoformat(meta["day"])
        for zone, hours in zip(meta["zones"], meta["hours"]):
            if not any(low <= a and b <= high for low, high in working_minutes(zone, hours, day)):
                return Judgement.wrong(why="outside someone's available hours")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Attendees times the meeting's quarter hours, plus the daylight-saving zones."""
        meta = problem.meta
        return len(meta["zones"]) * meta["length"] / 15 + sum(z not in FIXED for z in meta["zones"])
