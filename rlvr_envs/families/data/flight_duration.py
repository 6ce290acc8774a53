"""FlightDuration: a flight between two time zones: its duration from local departure and
arrival times, or its local arrival from the departure and the duration.

Departure and arrival are wall-clock times in the IANA zones of the two airports
(:mod:`rlvr_envs.families.data.zones`); both occur exactly once in their zones. Near a
daylight-saving change of either zone the difference of the offsets is not its usual value.
Flights last 1 to 17 hours.

Answer syntax: in the ``duration`` mode, hours and minutes as ``H:MM`` (``7:05``); in the
``arrival`` mode, the local arrival as ``YYYY-MM-DD HH:MM``.

Knobs: ``mode`` (``duration``, ``arrival``; easiest first), ``zones`` (``fixed``, ``one``,
``both``: how many of the two zones keep daylight saving) and ``near_change`` (the chance
that the flight is within a day of a change, 0 -> 0.8). Difficulty raises all three.
"""

from __future__ import annotations

import datetime as dt
import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.data.readers import AnswerError, read_datetime
from rlvr_envs.families.data.time_zone_conversion import ZONE_MIXES, pick_zones
from rlvr_envs.families.data.zones import (
    DAYLIGHT,
    FIXED,
    draw_date,
    from_utc,
    stamp,
    to_utc,
    unique_local,
)

MODES = ("duration", "arrival")
# zone -> how the prompt names its airport's city
AIRPORTS = {
    zone: f"{zone.split('/')[-1].replace('_', ' ')} ({zone})" for zone in (*FIXED, *DAYLIGHT)
}
AIRPORTS["Asia/Kolkata"] = "Delhi (Asia/Kolkata)"
_DURATION = re.compile(r"(\d{1,2}):(\d{2})")


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def duration_text(minutes: int) -> str:
    return f"{minutes // 60}:{minutes % 60:02d}"


class FlightDuration(Family):
    """A flight's duration from local times, or its local arrival from its duration."""

    knobs: ClassVar[dict[str, Knob]] = {
        "mode": Knob("categorical", choices=MODES, default="duration", doc="what is asked"),
        "zones": Knob(
            "categorical", choices=ZONE_MIXES, default="one", doc="daylight-saving zones"
        ),
        "near_change": Knob(
            "float",
            0.0,
            1.0,
            default=0.3,
            easy=0.0,
            hard=0.8,
            doc="chance the flight is within a day of a change",
        ),
    }

    answer_syntax = "the answer in the form the question asks for (H:MM, or YYYY-MM-DD HH:MM)"
    answer_form = "H:MM or YYYY-MM-DD HH:MM"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        mode = knobs["mode"]
        names = pick_zones(rng, knobs["zones"])
        while True:
            day = draw_date(rng, names, float(knobs["near_change"]))
            depart = dt.datetime.combine(day, dt.time(rng.randrange(24), rng.randrange(12) * 5))
            minutes = rng.randrange(12, 17 * 12) * 5
            moment = to_utc(names[0], depart) + dt.timedelta(minutes=minutes)
            arrive = from_utc(names[1], moment)
            if unique_local(names[0], depart) and unique_local(names[1], arrive):
                break
        start, end = AIRPORTS[names[0]], AIRPORTS[names[1]]
        if mode == "duration":
            question = (
                f"A flight leaves {start} at {stamp(depart)} local time and lands in {end} at "
                f"{stamp(arrive)} local time. How long is the flight? Both places follow the "
                "IANA time zone database, daylight saving time included. Give the duration "
                "as H:MM (hours and minutes, e.g. 7:05)."
            )
            answer = duration_text(minutes)
        else:
            question = (
                f"A flight leaves {start} at {stamp(depart)} local time and flies for "
                f"{_plural(minutes // 60, 'hour')} and {_plural(minutes % 60, 'minute')} to "
                f"{end}. What is the local "
                "date and time in "
                f"{end.split(' (')[0]} when it lands? Both places follow the IANA time zone "
                "database, daylight saving time included. Give it as YYYY-MM-DD HH:MM."
            )
            answer = stamp(arrive)
        meta = {"zones": names, "depart": stamp(depart), "minutes": minutes, "mode": mode}
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        text = answer.strip()
        try:
            if problem.meta["mode"] == "arrival":
                got = stamp(read_datetime(text))
            else:
                match = _DURATION.fullmatch(text)
                if not match or int(match[2]) > 59:
                    raise AnswerError("expected a duration H:MM")
                got = duration_text(int(match[1]) * 60 + int(match[2]))
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        return Judgement.right() if got == problem.answer else Judgement.wrong()

    def complexity(self, problem: Problem) -> float:
        """1 + the mode's rank + daylight-saving zones, + 2 where an offset changed within
        the week before the departure."""
        meta = problem.meta
        names, depart = meta["zones"], read_datetime(meta["depart"])
        offsets = []
        for moment in (to_utc(names[0], depart), to_utc(names[0], depart - dt.timedelta(days=7))):
            offsets.append([from_utc(n, moment) - moment for n in names])
        score = 1 + MODES.index(meta["mode"]) + sum(n not in FIXED for n in names)
        return score + 2 * (offsets[0] != offsets[1])
