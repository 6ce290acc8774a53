"""SeriesPeaks: the days on which a daily series peaks within a stated radius.

A series of daily integer values is shown. A day is a peak of radius ``r`` when it has at
least ``r`` days on each side and its value is strictly greater than every value within
``r`` days before and after it. Plateaus are never peaks. Every series has at least one
peak, and at least one day that is greater than both neighbours but not a peak of radius
``r`` where ``r > 1``.

Answer syntax: the peak dates in date order, separated by commas (``2024-03-04,
2024-03-11``).

Knobs: ``days`` (8 -> 60) and ``radius`` (1 -> 4). Difficulty raises both.
"""

from __future__ import annotations

import datetime as dt
import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.data.readers import AnswerError, read_date, split_items


def peaks(values: list[int], radius: int) -> list[int]:
    """Indices whose value beats every other value within ``radius`` on both sides."""
    return [
        i
        for i in range(radius, len(values) - radius)
        if all(values[i] > values[j] for j in range(i - radius, i + radius + 1) if j != i)
    ]


class SeriesPeaks(Family):
    """The dates of the peaks of radius r of a daily series."""

    knobs: ClassVar[dict[str, Knob]] = {
        "days": Knob("int", 6, 120, default=14, easy=8, hard=60, doc="days in the series"),
        "radius": Knob("int", 1, 5, default=2, easy=1, hard=4, doc="peak radius, days"),
    }
    answer_syntax = (
        "the peak dates in date order, separated by commas (e.g. 2024-03-04, 2024-03-11)"
    )
    answer_form = "dates YYYY-MM-DD separated by commas"
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        radius = int(knobs["radius"])
        days = max(int(knobs["days"]), 2 * radius + 3)
        start = dt.date(2023, 1, 1) + dt.timedelta(days=rng.randrange(900))
        while True:
            value, values = rng.randint(30, 70), []
            for _ in range(days):
                value = max(0, value + rng.randint(-9, 9))
                values.append(value)
            found = peaks(values, radius)
            local = peaks(values, 1)
            if found and (radius == 1 or len(local) > len(found)):
                break
        series = "\n".join(f"{start + dt.timedelta(days=i)}: {v}" for i, v in enumerate(values))
        question = (
            f"Daily values:\n{series}\n\nA day is a peak when it has at least {radius} day"
            f"{'s' if radius > 1 else ''} on each side in the series and its value is strictly "
            f"greater than the value of every other day at most {radius} day"
            f"{'s' if radius > 1 else ''} before or after it. List the dates of all peaks."
        )
        answer = ", ".join(str(start + dt.timedelta(days=i)) for i in found)
        meta = {"values": values, "radius": radius, "start": str(start)}
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            got = [read_date(item) for item in split_items(answer)]
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        want = [read_date(d) for d in problem.answer.split(", ")]
        return Judgement.right() if got == want else Judgement.wrong()

    def complexity(self, problem: Problem) -> float:
        """Days times the window each candidate is compared with."""
        return len(problem.meta["values"]) * (2 * problem.meta["radius"])
