"""EventOrdering: put events from several people's scattered journals in chronological order.

Journals of several people, each a list of dated entries (``On 2021-03-14, Bolu repaired the
lantern.``) among filler prose, are given one after another; each journal is in its own
order of dates, so the events asked about, drawn from different journals, must be compared
across them. The question lists ``events`` entries by their descriptions (no dates), labelled
A, B, C, ... in random order. Every entry has its own day, so the order is unique. With
``mixed_dates`` the dates are written as ``2021-03-14``, ``14 March 2021`` or ``March 14,
2021``.

Answer syntax: the labels, earliest first, separated by commas (e.g. ``C, A, B``).

Knobs: ``kchars`` (context length in thousands of characters, 0.3 -> 100, geometric in
difficulty squared), ``events`` (events to order, 3 -> 8) and ``mixed_dates``. Difficulty
raises all three.
"""

from __future__ import annotations

import datetime
import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.long_context.haystack import (
    KCHARS,
    LongContextFamily,
    common_words,
    filler,
    names,
    target_chars,
)
from rlvr_envs.families.shared.answer_parsing import AnswerError, scan

VERBS = ("repaired", "painted", "sold", "bought", "found", "lost", "moved", "cleaned",
         "borrowed", "returned", "measured", "photographed")  # fmt: skip
START = datetime.date(2019, 1, 1)
LABELS = "ABCDEFGHIJ"
_LABEL = re.compile(r"[A-Za-z]")


def written(day: datetime.date, style: int) -> str:
    """A date in one of three styles: ISO, day month year, month day, year."""
    if style == 0:
        return day.isoformat()
    month = _MONTHS[day.month - 1]
    return f"{day.day} {month} {day.year}" if style == 1 else f"{month} {day.day}, {day.year}"


_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
           "September", "October", "November", "December")  # fmt: skip


class EventOrdering(LongContextFamily):
    """The chronological order of events drawn from several people's long journals."""

    knobs: ClassVar[dict[str, Knob]] = {
        "kchars": KCHARS,
        "events": Knob("int", 3, 10, default=4, easy=3, hard=8, doc="events to order"),
        "mixed_dates": Knob("bool", default=False, doc="dates written in three styles"),
    }
    answer_syntax = "the labels, earliest first, separated by commas (e.g. C, A, B)"
    answer_form = "labels in chronological order"
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        chars, k, mixed = target_chars(knobs), int(knobs["events"]), bool(knobs["mixed_dates"])
        entries = max(k + 2, chars // 160)
        people = names(rng, min(12, max(3, 2 + entries // 25)))
        days = rng.sample(range(6 * 365), entries)
        owners = [people[i % len(people)] for i in range(entries)]
        objects = rng.sample(common_words(), entries)
        verbs = rng.choices(VERBS, k=entries)
        styles = rng.choices((0, 1, 2) if mixed else (0,), k=entries)
        described = [f"{owners[i]} {verbs[i]} the {objects[i]}" for i in range(entries)]
        asked = rng.sample(range(entries), k)
        journals = []
        background = filler(rng, max(100, chars - entries * 40))
        bounds = [len(background) * j // entries for j in range(entries + 1)]
        written_so_far = 0
        for person in people:
            mine = sorted((i for i in range(entries) if owners[i] == person), key=lambda i: days[i])
            lines = []
            for i in mine:
                day = START + datetime.timedelta(days=days[i])
                lines.append(f"On {written(day, styles[i])}, {described[i]}.")
                chunk = background[bounds[written_so_far] : bounds[written_so_far + 1]]
                written_so_far += 1
                if chunk:
                    lines.append(" ".join(chunk))
            journals.append(f"Journal of {person}:\n" + "\n".join(lines))
        listed = "\n".join(f"{LABELS[j]}. {described[i]}" for j, i in enumerate(asked))
        order = sorted(range(k), key=lambda j: days[asked[j]])
        question = (
            "\n\n".join(journals) + "\n\nPut these events in chronological order, earliest "
            f"first (each happened on the day its journal entry gives):\n{listed}"
        )
        answer = ", ".join(LABELS[j] for j in order)
        return Draft(question, answer, {"events": k, "entries": entries})

    def check(self, problem: Problem, answer: str) -> Judgement:
        k = int(problem.meta["events"])
        try:
            found = [m.group().upper() for m in scan(answer, _LABEL, k, "a label")]
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if sorted(found) != sorted(LABELS[:k]):
            return Judgement.unparsable(f"expected each of the labels {', '.join(LABELS[:k])} once")
        if found == [part.strip() for part in problem.answer.split(",")]:
            return Judgement.right()
        return Judgement.wrong(why="not the chronological order")

    def complexity(self, problem: Problem) -> float:
        """Characters of context times the events ordered (more with mixed date styles)."""
        knobs = problem.knobs
        return knobs["kchars"] * knobs["events"] * (1.5 if knobs["mixed_dates"] else 1)
