"""TableAggregate: the count, sum, maximum, minimum or average of a column over the rows of a
CSV table that meet stated conditions.

A table (:mod:`rlvr_envs.families.data.tables`) is shown as CSV with one to three conditions
and an aggregate of one integer column over the rows that meet them. At least two rows are
kept and at least two dropped. An average is exact.

Answer syntax: one exact number: an integer, or a fraction ``p/q`` in lowest terms where the
average is not whole (``527/6``; a finite decimal with exactly that value is accepted too).

Knobs: ``rows`` (6 -> 40), ``conditions`` (1 -> 3) and ``aggregate`` (``count``, ``sum``,
``max``, ``min``, ``average``; easiest first). Difficulty raises all three.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.data.readers import AnswerError, exact_text, read_exact
from rlvr_envs.families.data.tables import (
    Table,
    csv_text,
    describe,
    draw_conditions,
    make_table,
    matching,
)

AGGREGATES = ("count", "sum", "max", "min", "average")


def aggregate(values: list[int], kind: str) -> Fraction:
    """``kind`` of ``values`` (count, sum, max, min or the exact average)."""
    if kind == "count":
        return Fraction(len(values))
    if kind == "sum":
        return Fraction(sum(values))
    if kind == "max":
        return Fraction(max(values))
    if kind == "min":
        return Fraction(min(values))
    return Fraction(sum(values), len(values))


class TableAggregate(Family):
    """An aggregate of one column over the rows that meet every condition."""

    knobs: ClassVar[dict[str, Knob]] = {
        "rows": Knob("int", 5, 80, default=12, easy=6, hard=40, doc="rows of the table"),
        "conditions": Knob("int", 1, 3, default=1, doc="conditions a counted row meets"),
        "aggregate": Knob("categorical", choices=AGGREGATES, default="sum", doc="aggregate"),
    }
    answer_syntax = "one number (an integer, or a fraction p/q in lowest terms if not whole)"
    answer_form = "an exact number (integer or p/q in lowest terms)"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, m, kind = int(knobs["rows"]), int(knobs["conditions"]), knobs["aggregate"]
        while True:
            table = make_table(rng, n)
            conditions = draw_conditions(rng, table, m, 2, n - 2)
            if conditions is not None:
                break
        column = rng.choice(table.int_columns())
        rows = matching(table, conditions)
        value = aggregate([table.value(r, column) for r in rows], kind)
        rule = "; ".join(describe(c) for c in conditions)
        what = {"count": "How many rows", "sum": f"What is the total {column} of the rows",
                "max": f"What is the largest {column} among the rows",
                "min": f"What is the smallest {column} among the rows",
                "average": f"What is the average (mean) {column} of the rows"}[kind]  # fmt: skip
        question = (
            f"Table (CSV):\n{csv_text(table)}\n\n{what} that meet all of these conditions: {rule}?"
        )
        if kind == "average":
            question += " Give the exact value."
        meta = {"table": table.to_meta(), "conditions": conditions, "column": column,
                "aggregate": kind}  # fmt: skip
        return Draft(question, exact_text(value), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            value = read_exact(answer)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        return Judgement.right() if value == Fraction(problem.answer) else Judgement.wrong()

    def complexity(self, problem: Problem) -> float:
        """Rows times conditions, times the aggregate's rank."""
        meta = problem.meta
        rank = 1 + AGGREGATES.index(meta["aggregate"])
        return len(Table.from_meta(meta["table"]).rows) * len(meta["conditions"]) * rank
