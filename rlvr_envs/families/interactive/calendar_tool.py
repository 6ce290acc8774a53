"""CalendarTool: a date found by day counts and weekdays, with a calendar tool.

The question is one of two kinds: a contract signed on a date runs for ``steps`` periods of
days (each added to the last end) and payment is due on the first given weekday on or
after the day it ends; or a fair held every k days since a date, whose first showing on or
after another date is asked. Periods and gaps are up to ``span`` days. The tools are
``add_days`` (a date plus a whole number of days), ``weekday`` (a date's weekday) and
``days_between`` (days from one date to another), on the proleptic Gregorian calendar
(:mod:`datetime`). Turns follow the protocol of :mod:`~rlvr_envs.families.interactive.tools`;
the right date is ``solved`` (reward 1), a wrong one ``lost`` (0). The answer is never a date
in the prompt (generation retries), so a copy earns 0.

Answer syntax (final turn): one date, ``YYYY-MM-DD``.

Knobs: ``span`` (days per period, 60 -> 40,000), ``steps`` (periods, 1 -> 3) and
``slack`` (calls beyond the reference's, 3 -> 0). Difficulty map: 0 is one period of up to
60 days with three spare calls; 1 is three periods of up to 40,000 days with none.
"""

from __future__ import annotations

import datetime
import random
import re
from typing import Any, ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.interactive.tools import Tool, ToolError, ToolFamily
from rlvr_envs.families.shared.answer_parsing import AnswerError

ADD_DAYS = Tool(
    "add_days",
    "the date a whole number of days after (or, negative, before) a date",
    (("date", "string", "YYYY-MM-DD"), ("days", "integer", "days to add")),
)
WEEKDAY = Tool("weekday", "the weekday of a date", (("date", "string", "YYYY-MM-DD"),))
DAYS_BETWEEN = Tool(
    "days_between",
    "the number of days from start to end (negative when end is earlier)",
    (("start", "string", "YYYY-MM-DD"), ("end", "string", "YYYY-MM-DD")),
)
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_ISO = re.compile(r"\d{4}-\d{2}-\d{2}")
FIRST = datetime.date(1800, 1, 1)


def read_date(text: str) -> datetime.date | None:
    """A date written ``YYYY-MM-DD``, or None."""
    text = text.strip()
    if not _ISO.fullmatch(text):
        return None
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        return None


def _date_argument(text: str) -> datetime.date:
    found = read_date(text)
    if found is None:
        raise ToolError(f"{text!r} is not a date written YYYY-MM-DD")
    return found


class CalendarTool(ToolFamily):
    """A due date or a next showing, found with date tools."""

    answer_syntax = "the date, YYYY-MM-DD"
    answer_form = "one date YYYY-MM-DD"
    tools = (ADD_DAYS, WEEKDAY, DAYS_BETWEEN)
    knobs: ClassVar[dict[str, Knob]] = {
        "span": Knob("int", 60, 40_000, doc="days per period, at most"),
        "steps": Knob("int", 1, 3, doc="periods added"),
        "slack": Knob("int", 0, 3, easy=3, hard=0, doc="calls beyond the reference's"),
    }

    def generate(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        span, steps = knobs["span"], knobs["steps"]
        while True:
            start = FIRST + datetime.timedelta(days=rng.randrange(300 * 365))
            if rng.random() < 0.5:
                periods = [rng.randint(span // 3 + 1, span) for _ in range(steps)]
                end = start + datetime.timedelta(days=sum(periods))
                weekday = rng.randrange(7)
                answer = end + datetime.timedelta(days=(weekday - end.weekday()) % 7)
                added = ", then extended by ".join(f"{p} days" for p in periods)
                ask = (
                    f"A contract signed on {start.isoformat()} runs for {added} (each period "
                    "starts the day the last one ends). Payment is due on the first "
                    f"{WEEKDAYS[weekday]} on or after the day it ends. On which date is "
                    "payment due?"
                )
                reference = steps + 2
                dates = [start]
            else:
                every = rng.randint(3, 40)
                later = start + datetime.timedelta(days=rng.randint(span // 3 + 1, span) * steps)
                gap = (later - start).days
                answer = start + datetime.timedelta(days=-(-gap // every) * every)
                ask = (
                    f"A fair is held every {every} days, first on {start.isoformat()}. On which "
                    f"date is the first fair on or after {later.isoformat()}?"
                )
                reference, dates = 2, [start, later]
            if answer not in dates and answer.year <= 9999:
                break
        calls = reference + knobs["slack"]
        turns = calls + 2
        question = f"{ask}\n\n" + self.tool_prompt(turns, calls)
        return Draft(question, answer.isoformat(), self.tool_meta(turns, calls))

    def run_tool(self, problem: Problem, name: str, arguments: dict[str, Any]) -> str:
        if name == "weekday":
            return WEEKDAYS[_date_argument(arguments["date"]).weekday()]
        if name == "days_between":
            start, end = _date_argument(arguments["start"]), _date_argument(arguments["end"])
            return str((end - start).days)
        date, days = _date_argument(arguments["date"]), arguments["days"]
        try:
            return (date + datetime.timedelta(days=days)).isoformat()
        except OverflowError:
            raise ToolError("the date falls outside the years 1 to 9999") from None

    def judge(self, problem: Problem, answer: str) -> bool:
        found = read_date(answer)
        if found is None:
            raise AnswerError("expected one date written YYYY-MM-DD")
        return found == datetime.date.fromisoformat(problem.answer)

    def complexity(self, problem: Problem) -> float:
        k = problem.knobs
        return len(str(k["span"])) + 2 * k["steps"] + 3 - k["slack"]
