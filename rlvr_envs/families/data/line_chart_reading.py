"""LineChartReading: the values of the points of an ASCII line chart (a dot plot on a grid).

Each point is a ``*`` in its day's column; the rows are levels ``step`` units apart, and the
y axis labels only every ``label_every``-th row, so the values of the other rows are read by
counting rows from a labelled one. Days are labelled under the x axis.

Answer syntax: the points' values from the first day to the last, separated by commas
(``40, 45, 35``).

Knobs: ``points`` (days, 4 -> 12), ``levels`` (rows of the grid, 6 -> 20) and
``label_every`` (rows between y labels, 1 -> 5). Difficulty raises all three.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.data.readers import AnswerError, read_int, split_items

DAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")


class LineChartReading(Family):
    """The value of every point of an ASCII chart, read off a sparsely labelled y axis."""

    knobs: ClassVar[dict[str, Knob]] = {
        "points": Knob("int", 3, 16, default=6, easy=4, hard=12, doc="days (points)"),
        "levels": Knob("int", 4, 30, default=10, easy=6, hard=20, doc="rows of the grid"),
        "label_every": Knob("int", 1, 6, default=2, easy=1, hard=5, doc="rows between labels"),
    }
    answer_syntax = (
        "the values from the first day to the last, separated by commas (e.g. 40, 45, 35)"
    )
    answer_form = "integers separated by commas"
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        count, levels, every = int(knobs["points"]), int(knobs["levels"]), int(knobs["label_every"])
        step = rng.choice((1, 2, 5, 10, 25))
        base = rng.randrange(0, 20) * step
        rows = [rng.randrange(levels) for _ in range(count)]
        top = levels - 1
        labelled = set(range(0, levels, every)) | {top}
        width = len(str(base + top * step))
        lines = []
        for level in range(top, -1, -1):
            label = str(base + level * step) if level in labelled else ""
            cells = "".join(" * " if r == level else "   " for r in rows)
            lines.append(f"{label:>{width}} |{cells}".rstrip())
        lines.append(" " * width + " +" + "-" * (3 * count))
        days = [f"D{i + 1}" for i in range(count)] if count > len(DAYS) else list(DAYS[:count])
        lines.append(" " * (width + 2) + "".join(f"{d:^3}" for d in days))
        question = (
            f"Chart (one * per day; each row is a level {step} unit{'s' if step > 1 else ''} "
            f"above the row below it):\n" + "\n".join(lines) + "\n\nDays, left to right: "
            f"{', '.join(days)}. What is the value of each day's point? List them from the "
            "first day to the last."
        )
        values = [base + r * step for r in rows]
        meta = {"rows": rows, "base": base, "step": step, "levels": levels, "every": every}
        return Draft(question, ", ".join(map(str, values)), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            got = [read_int(v) for v in split_items(answer)]
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        return (
            Judgement.right() if ", ".join(map(str, got)) == problem.answer else Judgement.wrong()
        )

    def complexity(self, problem: Problem) -> float:
        """Points times (levels + rows counted from the nearest label below)."""
        meta = problem.meta
        return len(meta["rows"]) * (meta["levels"] + meta["every"] * 2)
