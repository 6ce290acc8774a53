"""TimeZoneConversion: a wall-clock time in one IANA time zone, read in another.

A date and time in zone A (``2024-03-31 01:30 in Europe/London``) is converted to zone B,
each zone following its own daylight-saving rules (the IANA database through
:mod:`zoneinfo`; :mod:`rlvr_envs.families.data.zones` lists the zones and why their rules
are fixed for the years used). The given time occurs exactly once in zone A (never in a
skipped or repeated hour). Near a daylight-saving change of either zone the offset between
the two differs from the rest of the year.

Answer syntax: the date and time in zone B, ``YYYY-MM-DD HH:MM`` (24-hour clock).

Knobs: ``zones`` (``fixed``: neither zone has daylight saving; ``one``: one has; ``both``;
easiest first) and ``near_change`` (the chance that the date lies within a day of a change,
0 -> 0.8). Difficulty raises both.
"""

from __future__ import annotations

import datetime as dt
import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.data.readers import AnswerError, read_datetime
from rlvr_envs.families.data.zones import (
    DAYLIGHT,
    FIXED,
    draw_date,
    from_utc,
    stamp,
    to_utc,
    unique_local,
)

ZONE_MIXES = ("fixed", "one", "both")


def pick_zones(rng: random.Random, mix: str) -> list[str]:
    """Two distinct zones with as many daylight-saving zones as ``mix`` says."""
    if mix == "fixed":
        return rng.sample(FIXED, 2)
    if mix == "one":
        pair = [rng.choice(FIXED), rng.choice(DAYLIGHT)]
        rng.shuffle(pair)
        return pair
    return rng.sample(DAYLIGHT, 2)


class TimeZoneConversion(Family):
    """A local time in zone A, written as the local time in zone B."""

    knobs: ClassVar[dict[str, Knob]] = {
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
            doc="chance the date is within a day of a change",
        ),
    }
    answer_syntax = (
        "the date and time in the second zone as YYYY-MM-DD HH:MM (e.g. 2024-03-31 09:30)"
    )
    answer_form = "YYYY-MM-DD HH:MM"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        names = pick_zones(rng, knobs["zones"])
        while True:
            day = draw_date(rng, names, float(knobs["near_change"]))
            local = dt.datetime.combine(day, dt.time(rng.randrange(24), rng.randrange(12) * 5))
            if unique_local(names[0], local):
                break
        there = from_utc(names[1], to_utc(names[0], local))
        question = (
            f"It is {stamp(local)} (local time) in the time zone {names[0]}. What is the local "
            f"date and time at that moment in the time zone {names[1]}? Both zones follow the "
            "IANA time zone database, daylight saving time included."
        )
        meta = {"zones": names, "local": stamp(local)}
        return Draft(question, stamp(there), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            got = read_datetime(answer)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        return Judgement.right() if stamp(got) == problem.answer else Judgement.wrong()

    def complexity(self, problem: Problem) -> float:
        """1, plus 1 per daylight-saving zone, plus 2 when the two offsets differ at the
        moment from their values a week earlier (a change lies between)."""
        names = problem.meta["zones"]
        local = read_datetime(problem.meta["local"])
        score = 1 + sum(n not in FIXED for n in names)
        week = local - dt.timedelta(days=7)
        now = [from_utc(n, to_utc(names[0], local)) - to_utc(names[0], local) for n in names]
        before = [from_utc(n, to_utc(names[0], week)) - to_utc(names[0], week) for n in names]
        return score + 2 * (now != before)
