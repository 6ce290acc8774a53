"""MovingAverage: the trailing w-day moving average of a daily series, exactly.

A series of daily integer values (``2024-03-01: 41``) is shown; the trailing average of
window ``w`` on day ``i`` is the mean of days ``i - w + 1 .. i``, defined from day ``w`` on.
Averages are exact rationals.

Answer syntax: the averages from the first defined day to the last, separated by commas;
each an integer or a fraction in lowest terms (``41, 130/3, 45``; a finite decimal with
exactly the same value is accepted too).

Knobs: ``days`` (length of the series, 5 -> 30) and ``window`` (2 -> 7). Difficulty raises
both.
"""

from __future__ import annotations

import datetime as dt
import random
from fractions import Fraction
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.data.readers import AnswerError, exact_text, read_exact, split_items


def trailing_averages(values: list[int], window: int) -> list[Fraction]:
    total, out = sum(values[: window - 1]), []
    for i in range(window - 1, len(values)):
        total += values[i]
        out.append(Fraction(total, window))
        total -= values[i - window + 1]
    return out


class MovingAverage(Family):
    """Every trailing w-day average of a daily series, exact."""

    knobs: ClassVar[dict[str, Knob]] = {
        "days": Knob("int", 3, 60, default=10, easy=5, hard=30, doc="days in the series"),
        "window": Knob("int", 2, 10, default=3, easy=2, hard=7, doc="window length, days"),
    }
    answer_syntax = (
        "the averages in date order, separated by commas, each an integer or a fraction in "
        "lowest terms (e.g. 41, 130/3, 45)"
    )
    answer_form = "exact numbers separated by commas"
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        window = int(knobs["window"])
        days = max(int(knobs["days"]), window + 1)
        start = dt.date(2023, 1, 1) + dt.timedelta(days=rng.randrange(900))
        value, values = rng.randint(20, 80), []
        for _ in range(days):
            value = max(0, value + rng.randint(-12, 12))
            values.append(value)
        averages = trailing_averages(values, window)
        series = "\n".join(f"{start + dt.timedelta(days=i)}: {v}" for i, v in enumerate(values))
        first = start + dt.timedelta(days=window - 1)
        question = (
            f"Daily values:\n{series}\n\nThe {window}-day trailing moving average of a day is "
            f"the mean of that day's value and the {window - 1} day"
            f"{'s' if window > 2 else ''} before it. Give the exact moving average for every "
            f"day from {first} to {start + dt.timedelta(days=days - 1)}, in date order."
        )
        meta = {"values": values, "window": window}
        return Draft(question, ", ".join(exact_text(a) for a in averages), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            got = [read_exact(item) for item in split_items(answer)]
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        want = trailing_averages(problem.meta["values"], problem.meta["window"])
        return Judgement.right() if got == want else Judgement.wrong()

    def complexity(self, problem: Problem) -> float:
        """Averages times the window."""
        meta = problem.meta
        return (len(meta["values"]) - meta["window"] + 1) * meta["window"]
