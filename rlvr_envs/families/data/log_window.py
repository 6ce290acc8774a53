"""LogWindow: the request ids of the log lines in a time window that meet stated filters.

A service log (``2024-03-05 14:02:11 ERROR auth req=r4821 upstream timeout``) is shown in
time order; the question names a window ``[start, end]`` (on whole minutes, written with seconds,
both ends included)
and, at harder settings, a set of levels and a service. At least two lines match; lines that
meet the filters but fall just outside the window, and lines inside it that miss a filter,
are part of every log. With ``midnight`` the log runs across midnight, so the window holds
two dates.

Answer syntax: the matching lines' request ids in log order, separated by commas
(``r4821, r0093``).

Knobs: ``lines`` (log lines, 8 -> 120), ``filters`` (1: the window only, 2: and a level,
3: and a level set and a service) and ``midnight`` (the log crosses midnight). Difficulty
raises all three.
"""

from __future__ import annotations

import datetime as dt
import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.data.readers import AnswerError, split_items

LEVELS = ("DEBUG", "INFO", "WARN", "ERROR")
SERVICES = ("auth", "api", "db", "cache", "queue")
MESSAGES = ("request served", "upstream timeout", "retrying", "cache miss", "slow query",
            "token refreshed", "connection reset", "rate limited")  # fmt: skip
_ID = re.compile(r"r\d{4}")
_LEVEL_POOL = ("DEBUG", "DEBUG", "INFO", "INFO", "INFO", "INFO", "INFO", "WARN", "WARN",
               "ERROR", "ERROR")  # fmt: skip


def matches(line: list, start: int, end: int, levels: list[str], service: str | None) -> bool:
    """Whether a log line ``[seconds, level, service, id]`` is in the window and the filters."""
    seconds, level, where, _ = line
    return (start <= seconds <= end and (not levels or level in levels)
            and (service is None or where == service))  # fmt: skip


class LogWindow(Family):
    """The ids of the log lines inside a time window that meet the filters, in log order."""

    knobs: ClassVar[dict[str, Knob]] = {
        "lines": Knob("int", 6, 300, default=20, easy=8, hard=120, doc="log lines"),
        "filters": Knob("int", 1, 3, default=2, doc="window, then a level, then a service"),
        "midnight": Knob("bool", default=False, doc="the log crosses midnight"),
    }
    answer_syntax = "the request ids in log order, separated by commas (e.g. r4821, r0093)"
    answer_form = "request ids separated by commas"
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, filters, midnight = int(knobs["lines"]), int(knobs["filters"]), knobs["midnight"]
        day = dt.datetime(2024, 1, 1) + dt.timedelta(days=rng.randrange(700))
        while True:
            span = n * 45
            first = 86400 - span // 2 if midnight else rng.randrange(3600, 86400 - span - 3600)
            seconds, lines, draw = first, [], rng.random
            for k in rng.sample(range(10000), n):
                seconds += 5 + int(draw() * 81)
                level = _LEVEL_POOL[int(draw() * len(_LEVEL_POOL))]
                lines.append([seconds, level, SERVICES[int(draw() * 5)], f"r{k:04d}"])
            lo, hi = sorted(rng.sample(range(n), 2))
            start = lines[lo][0] // 60 * 60
            end = -(-lines[hi][0] // 60) * 60
            levels = sorted(rng.sample(LEVELS[1:], 1 if filters == 2 else 2)) if filters > 1 else []
            service = rng.choice(SERVICES) if filters == 3 else None
            kept = [line[3] for line in lines if matches(line, start, end, levels, service)]
            outside = [line for line in lines if matches(line, 0, 10**6, levels, service)
                       and not start <= line[0] <= end]  # fmt: skip
            inside = sum(start <= x[0] <= end for x in lines)
            if len(kept) >= 2 and (filters == 1 or len(kept) < inside) and outside:
                break
        dates = [(day + dt.timedelta(days=k)).strftime("%Y-%m-%d") for k in range(2)]
        text = "\n".join(
            f"{_stamp(dates, s)} {level:<5} {where} req={rid} "
            f"{MESSAGES[int(rng.random() * len(MESSAGES))]}"
            for s, level, where, rid in lines
        )
        parts = [f"from {_stamp(dates, start)} to {_stamp(dates, end)} (both included)"]
        if levels:
            parts.append("with level " + " or ".join(levels))
        if service:
            parts.append(f"from the service {service}")
        question = (
            f"Log:\n{text}\n\nList the request ids (req=...) of the lines "
            + ", ".join(parts)
            + ", in log order."
        )
        meta = {"lines": lines, "start": start, "end": end, "levels": levels,
                "service": service}  # fmt: skip
        return Draft(question, ", ".join(kept), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            ids = split_items(answer)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if not all(_ID.fullmatch(i) for i in ids):
            return Judgement.unparsable("expected request ids such as r4821 separated by commas")
        return Judgement.right() if ", ".join(ids) == problem.answer else Judgement.wrong()

    def complexity(self, problem: Problem) -> float:
        """Lines times (filters + crossing midnight)."""
        meta = problem.meta
        crosses = meta["lines"][-1][0] >= 86400
        filters = 1 + bool(meta["levels"]) + bool(meta["service"]) + crosses
        return len(meta["lines"]) * filters


def _stamp(dates: list[str], seconds: int) -> str:
    """``YYYY-MM-DD HH:MM:SS`` for ``seconds`` after midnight of ``dates[0]`` (under two days)."""
    day, rest = divmod(seconds, 86400)
    return f"{dates[day]} {rest // 3600:02d}:{rest // 60 % 60:02d}:{rest % 60:02d}"
