"""LogBusiestWindow: the w-minute window of an access log that holds the most requests.

An access log (``14:02:11 GET /cart 200``) is shown in time order; requests come in bursts.
A window starts on a whole minute ``HH:MM`` and covers ``w`` minutes, ``[HH:MM:00,
HH:MM:00 + w min)``. Any window with the most requests is right: the check counts the
requests in the window the answer names and compares the stated count with it and with the
maximum over all windows.

Answer syntax: the window's start time and its number of requests, separated by a comma
(``14:05, 7``).

Knobs: ``requests`` (log lines, 12 -> 150) and ``window`` (minutes, 1 -> 10). Difficulty
raises both.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.data.readers import (
    AnswerError,
    clock_text,
    read_clock,
    read_int,
    split_items,
)

PATHS = ("/", "/cart", "/login", "/search", "/item", "/api/v1/orders", "/help")
STATUSES = (200, 200, 200, 301, 404, 500)
_VERBS = ("GET", "GET", "POST")


def in_window(times: list[int], start_minute: int, window: int) -> int:
    """Requests at ``times`` (sorted seconds after midnight) in [start, start + window min)."""
    low, high = start_minute * 60, (start_minute + window) * 60
    return bisect_left(times, high) - bisect_left(times, low)


def best_windows(times: list[int], window: int) -> tuple[int, list[int]]:
    """The most requests any window holds, and every start minute that holds them."""
    first, last = times[0] // 60 - window + 1, times[-1] // 60
    counts = {m: in_window(times, m, window) for m in range(max(first, 0), last + 1)}
    best = max(counts.values())
    return best, [m for m, c in counts.items() if c == best]


class LogBusiestWindow(Family):
    """A w-minute window (on whole minutes) with the most requests, and its count."""

    knobs: ClassVar[dict[str, Knob]] = {
        "requests": Knob("int", 8, 300, default=30, easy=12, hard=150, doc="log lines"),
        "window": Knob("int", 1, 15, default=3, easy=1, hard=10, doc="window length, minutes"),
    }
    answer_syntax = "the window's start time HH:MM and its number of requests, separated by a comma (e.g. 14:05, 7)"  # noqa: E501
    answer_form = "HH:MM, count"
    single_answer = False
    unique_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, window = int(knobs["requests"]), int(knobs["window"])
        start = rng.randrange(6 * 3600, 20 * 3600)
        span = max(10, n // 2) * 60 + window * 120
        bursts = [start + rng.randrange(span) for _ in range(rng.randint(2, 4))]
        draw, spread = rng.random, 80 * window
        times = sorted(
            bursts[int(draw() * len(bursts))] + int((draw() + draw() - 1) * spread)
            if draw() < 0.6
            else start + int(draw() * span)
            for _ in range(n)
        )
        times = [min(max(t, 0), 86399) for t in times]
        best, starts = best_windows(times, window)
        lines = "\n".join(
            f"{t // 3600:02d}:{t // 60 % 60:02d}:{t % 60:02d} {_VERBS[int(draw() * 3)]} "
            f"{PATHS[int(draw() * len(PATHS))]} {STATUSES[int(draw() * len(STATUSES))]}"
            for t in times
        )
        question = (
            f"Access log:\n{lines}\n\nA window starts on a whole minute HH:MM and lasts "
            f"{window} minute{'s' if window > 1 else ''} (from HH:MM:00 up to, but not "
            f"including, {window} minute{'s' if window > 1 else ''} later). Which window holds "
            "the most requests? Give its start time and its number of requests."
        )
        meta = {"times": times, "window": window, "best": best, "starts": starts}
        return Draft(question, f"{clock_text(starts[0])}, {best}", meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            items = split_items(answer)
            if len(items) != 2:
                raise AnswerError("expected a start time and a count separated by a comma")
            minute, count = read_clock(items[0]), read_int(items[1])
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        meta = problem.meta
        if count != in_window(meta["times"], minute, meta["window"]):
            return Judgement.wrong(why="the count is not the window's")
        return (
            Judgement.right() if count == meta["best"] else Judgement.wrong(why="not the busiest")
        )

    def complexity(self, problem: Problem) -> float:
        """Requests times the window's length."""
        return len(problem.meta["times"]) * problem.meta["window"]
