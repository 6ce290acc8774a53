"""BarChartReading: the values of the bars of a horizontal ASCII bar chart.

Each bar is a run of ``#`` after its label; one ``#`` stands for ``u`` units. With the
``stated`` scale the prompt says what one ``#`` is worth; with the ``axis`` scale only a
numbered axis above the bars gives it (a tick ``|`` every five characters, labelled with its
value), so the unit must be read off the axis. Values are whole multiples of ``u``.

Answer syntax: the bars' values in the chart's order, separated by commas (``35, 10, 60``).

Knobs: ``bars`` (3 -> 10), ``unit`` (the value of one ``#``: index into 1, 2, 5, 10, 20,
25, 50; harder units need more arithmetic) and ``scale`` (``stated``, ``axis``; easiest
first). Difficulty raises all three.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.data.readers import AnswerError, read_int, split_items

UNITS = (1, 2, 5, 10, 20, 25, 50)
SCALES = ("stated", "axis")
LABELS = ("Apples", "Pears", "Plums", "Figs", "Kiwis", "Limes", "Mangos", "Dates", "Grapes",
          "Melons", "Olives", "Cherries")  # fmt: skip


def axis_lines(width: int, unit: int, pad: int) -> list[str]:
    """A numbered axis: a tick every five characters, labelled with its value."""
    ticks = range(0, width + 1, 5)
    labels = [" "] * (pad + width + 8)
    for t in ticks:
        text = str(t * unit)
        start = pad + t - len(text) // 2
        for i, ch in enumerate(text):
            labels[start + i] = ch
    rule = [" "] * pad + ["|" if t % 5 == 0 else "-" for t in range(width + 1)]
    return ["".join(labels).rstrip(), "".join(rule)]


class BarChartReading(Family):
    """The values of every bar of an ASCII bar chart, in order."""

    knobs: ClassVar[dict[str, Knob]] = {
        "bars": Knob("int", 2, 12, default=5, easy=3, hard=10, doc="bars"),
        "unit": Knob("int", 0, 6, default=2, doc="index of the value of one # in UNITS"),
        "scale": Knob("categorical", choices=SCALES, default="stated", doc="how the unit is given"),
    }
    answer_syntax = "the bars' values in the chart's order, separated by commas (e.g. 35, 10, 60)"
    answer_form = "integers separated by commas"
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        count, unit, scale = int(knobs["bars"]), UNITS[int(knobs["unit"])], knobs["scale"]
        labels = rng.sample(LABELS, count)
        lengths = [rng.randint(1, 30) for _ in labels]
        pad = max(map(len, labels)) + 1
        width = -(-max(lengths) // 5) * 5
        rows = [f"{label:<{pad - 1}}|{'#' * n}" for label, n in zip(labels, lengths)]
        if scale == "axis":
            chart = "\n".join([*axis_lines(width, unit, pad - 1), *rows])
            how = "Read the value of each bar from the numbered axis above the bars."
        else:
            chart = "\n".join(rows)
            how = f"Each # stands for {unit} unit{'s' if unit > 1 else ''}."
        question = (
            f"Bar chart:\n{chart}\n\n{how} What is the value of each bar? List them in the "
            "order of the chart, top to bottom."
        )
        values = [n * unit for n in lengths]
        meta = {"labels": labels, "lengths": lengths, "unit": unit, "scale": scale}
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
        """Bars times characters read, times the unit's rank and the scale's rank."""
        meta = problem.meta
        rank = (1 + UNITS.index(meta["unit"])) * (1 + SCALES.index(meta["scale"]))
        return len(meta["lengths"]) * rank + sum(meta["lengths"]) / 10
