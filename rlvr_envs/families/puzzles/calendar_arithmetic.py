"""Calendar arithmetic: the weekday of a date, the date k days from a date, the days between
two dates, in the proleptic Gregorian calendar.

Three kinds of question:

* ``weekday``: "On which day of the week does 1987-06-14 fall?" (no anchor date is given);
* ``offset``: "Which date is 345 days after (or before) 2013-11-02?";
* ``between``: "How many days are there from 2013-11-02 to 2014-10-13?" (the later date
  minus the earlier one: never negative, never 0).

Python's :mod:`datetime` computes the reference answers; the tests check them against
Zeller's congruence and a day count of their own.

Answer syntax (stated in every prompt): a weekday as its English name (``Monday``; case is
ignored, and the usual abbreviations ``Mon``, ``Tue``/``Tues``, ``Wed``, ``Thu``/``Thur``/
``Thurs``, ``Fri``, ``Sat``, ``Sun`` are accepted), a date as ``YYYY-MM-DD`` (``/`` or ``.``
as separators are accepted, the year first), a count of days as a whole number (``1,234``
grouping accepted; no units). An answer of another kind than the question asks for is
unparsable.

Weekdays have only seven values, so a fixed weekday would earn 1/7 on weekday questions. The
difficulty map therefore keeps ``kind`` at ``mixed``, which draws a weekday question one time
in five and an offset or a count of days two times in five each (a fixed weekday then earns
about 1/35: with one kind in three it earned 1/21, and 0.08 on the audit's 100 problems, too
close to the 0.10 bar); a caller may still ask for one kind.

Knobs: ``kind`` (offset, between, weekday, or mixed; held at mixed by difficulty), ``span``
(the largest number of days between the dates: 30 at difficulty 0, 20,000 at 1) and
``years`` (dates fall within this many years of 2000: 20 at difficulty 0, 400 at 1, so the
century rules of leap years come in at higher difficulty).
"""

from __future__ import annotations

import datetime as dt
import math
import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.numbers import normalise, parse_integer

WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_ALIASES = {name.lower(): i for i, name in enumerate(WEEKDAYS)}
_ALIASES.update({name[:3].lower(): i for i, name in enumerate(WEEKDAYS)})
_ALIASES.update({"tues": 1, "thur": 3, "thurs": 3})
_DATE = re.compile(r"(\d{1,4})\s*([-/.])\s*(\d{1,2})\s*\2\s*(\d{1,2})")
_ANCHOR = dt.date(2000, 1, 1)
KINDS = ("offset", "between", "weekday")
MIXED = ("offset", "offset", "between", "between", "weekday")
"""What ``mixed`` draws from: weekdays (seven values) one time in five."""


class CalendarArithmetic(Family):
    """Weekdays of dates, dates k days away, days between dates (Gregorian calendar)."""

    knobs: ClassVar[dict[str, Knob]] = {
        "kind": Knob(
            "categorical",
            choices=(*KINDS, "mixed"),
            default="mixed",
            easy="mixed",
            hard="mixed",
            doc="the question: weekday, date k days away, days between, or a mix of them",
        ),
        "span": Knob(
            "int",
            1,
            100_000,
            default=1000,
            easy=30,
            hard=20_000,
            doc="largest number of days between the two dates",
        ),
        "years": Knob(
            "int",
            1,
            800,
            default=100,
            easy=20,
            hard=400,
            doc="dates fall within this many years of 2000",
        ),
    }
    answer_syntax = (
        "the answer in the form the question asks for: a weekday as its English name, a date "
        "as YYYY-MM-DD, or a number of days as a whole number (no units)"
    )
    answer_form = "weekday name, ISO date or whole number"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        kind = knobs["kind"]
        if kind == "mixed":
            kind = rng.choice(MIXED)
        span, years = int(knobs["span"]), int(knobs["years"])
        low = dt.date(2000 - years, 1, 1).toordinal()
        high = dt.date(2000 + years, 12, 31).toordinal()
        while True:
            start = dt.date.fromordinal(rng.randint(low, high))
            days = rng.randint(1, span)
            if kind == "weekday":
                question = (
                    f"On which day of the week does the date {start.isoformat()} fall? Use the "
                    "Gregorian calendar (extended backwards before 1582 if needed). Answer "
                    "with the weekday's English name."
                )
                answer = WEEKDAYS[start.weekday()]
                meta = {"kind": kind, "date": start.isoformat()}
                break
            if kind == "offset":
                sign = rng.choice((1, -1))
                end = dt.date.fromordinal(start.toordinal() + sign * days)
                word = "after" if sign > 0 else "before"
                question = (
                    f"Which date is {days} days {word} {start.isoformat()}? Use the Gregorian "
                    "calendar (extended backwards before 1582 if needed). Answer with the date "
                    "as YYYY-MM-DD."
                )
                answer = end.isoformat()
                meta = {"kind": kind, "date": start.isoformat(), "days": sign * days}
                break
            end = dt.date.fromordinal(start.toordinal() + days)
            question = (
                f"How many days are there from {start.isoformat()} to {end.isoformat()}? Count "
                "the days from the first date to the second (so from a date to the next day "
                "counts as one day). Use the Gregorian calendar (extended backwards before 1582 if "
                "needed). Answer with a whole number."
            )
            answer = str(days)
            meta = {"kind": kind, "date": start.isoformat(), "end": end.isoformat()}
            if days not in {int(n) for n in re.findall(r"\d+", question)}:  # not copyable
                break
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        kind = problem.meta["kind"]
        text = normalise(answer).strip().rstrip(".").strip()
        if len(text) > 40:
            return Judgement.unparsable("the answer is far longer than the value asked for")
        if kind == "weekday":
            day = _ALIASES.get(text.lower())
            if day is None:
                return Judgement.unparsable("expected a weekday's English name")
            if WEEKDAYS[day] == problem.answer:
                return Judgement.right()
            return Judgement.wrong(why="another weekday")
        if kind == "offset":
            match = _DATE.fullmatch(text)
            if match is None:
                return Judgement.unparsable("expected a date as YYYY-MM-DD")
            year, month, day = int(match.group(1)), int(match.group(3)), int(match.group(4))
            try:
                given = dt.date(year, month, day)
            except ValueError:
                return Judgement.wrong(why="there is no such date")
            if given.isoformat() == problem.answer:
                return Judgement.right()
            return Judgement.wrong(why="another date")
        value = parse_integer(text)
        if value is None:
            return Judgement.unparsable("expected a whole number of days")
        if str(value) == problem.answer:
            return Judgement.right()
        return Judgement.wrong(why="another number of days")

    def complexity(self, problem: Problem) -> float:
        """Bits of the day count to work through: k for offsets and differences, the
        distance from 2000-01-01 for a weekday."""
        meta = problem.meta
        start = dt.date.fromisoformat(meta["date"])
        if meta["kind"] == "weekday":
            days = abs((start - _ANCHOR).days)
        elif meta["kind"] == "offset":
            days = abs(meta["days"])
        else:
            days = (dt.date.fromisoformat(meta["end"]) - start).days
        return math.log2(days + 2)
