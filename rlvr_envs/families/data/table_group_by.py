"""TableGroupBy: an aggregate of one column for every group of a CSV table (GROUP BY).

A table (:mod:`rlvr_envs.families.data.tables`) is shown as CSV; the rows that meet zero to
two conditions are grouped by a text column (every group keeps at least one row) and one
integer column is aggregated per group: count, sum, maximum, minimum or exact average.

Answer syntax: one ``group: value`` pair per group, separated by commas, in any order
(``Legal: 98, Sales: 527/6``); a value is an integer or a fraction in lowest terms. Every
group appears exactly once.

Knobs: ``rows`` (8 -> 40; with conditions, at least twice the groups where the rows would not
outnumber them), ``groups`` (distinct values of the grouping column, 2 -> 6),
``conditions`` (0 -> 2) and ``aggregate`` (``count``, ``sum``, ``max``, ``min``,
``average``; easiest first). Difficulty raises all four.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.data.readers import AnswerError, exact_text, read_exact, split_items
from rlvr_envs.families.data.table_aggregate import AGGREGATES, aggregate
from rlvr_envs.families.data.tables import (
    csv_text,
    describe,
    draw_conditions,
    make_table,
    matching,
)


def read_pairs(answer: str) -> dict[str, Fraction]:
    """``Legal: 98, Sales: 527/6`` -> {group: value}; a group named twice is an error."""
    pairs: dict[str, Fraction] = {}
    for item in split_items(answer):
        group, colon, value = item.rpartition(":")
        if not colon or not group.strip():
            raise AnswerError(f"{item[:40]!r} is not 'group: value'")
        if group.strip() in pairs:
            raise AnswerError(f"group {group.strip()[:40]!r} is given twice")
        pairs[group.strip()] = read_exact(value)
    return pairs


class TableGroupBy(Family):
    """Per-group aggregates of one column, over the rows that meet the conditions."""

    knobs: ClassVar[dict[str, Knob]] = {
        "rows": Knob("int", 6, 80, default=15, easy=8, hard=40, doc="rows of the table"),
        "groups": Knob("int", 2, 6, default=3, doc="distinct values of the grouping column"),
        "conditions": Knob("int", 0, 2, default=0, doc="conditions a grouped row meets"),
        "aggregate": Knob("categorical", choices=AGGREGATES, default="sum", doc="aggregate"),
    }
    answer_syntax = (
        "one 'group: value' pair per group, separated by commas, in any order "
        "(e.g. Legal: 98, Sales: 527/6)"
    )
    answer_form = "group: value pairs separated by commas"
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, g = int(knobs["rows"]), int(knobs["groups"])
        m, kind = int(knobs["conditions"]), knobs["aggregate"]
        if m and n <= g:  # conditions must drop a row and keep every group: 6 rows cannot
            n = 2 * g
        while True:
            table = make_table(rng, n, groups=g)
            by = rng.choice(table.text_columns()[1:])
            if len(set(table.column(by))) != g:
                continue
            column = rng.choice(table.int_columns())
            conditions = draw_conditions(rng, table, m, g, n - 1) if m else []
            if conditions is None or any(c[0] == by for c in conditions):
                continue
            rows = matching(table, conditions)
            groups = sorted({table.value(r, by) for r in rows})
            if len(groups) == g:
                break
        values = {
            group: aggregate(
                [table.value(r, column) for r in rows if table.value(r, by) == group], kind
            )
            for group in groups
        }
        what = {"count": "the number of rows", "sum": f"the total {column}",
                "max": f"the largest {column}", "min": f"the smallest {column}",
                "average": f"the exact average (mean) {column}"}[kind]  # fmt: skip
        where = (
            " Use only the rows that meet all of these conditions: "
            + "; ".join(describe(c) for c in conditions)
            + "."
            if conditions
            else ""
        )
        question = (
            f"Table (CSV):\n{csv_text(table)}\n\nGroup the rows by {by}. For every {by}, give "
            f"{what} of its rows.{where}"
        )
        answer = ", ".join(f"{group}: {exact_text(v)}" for group, v in values.items())
        meta = {"table": table.to_meta(), "conditions": conditions, "by": by,
                "column": column, "aggregate": kind}  # fmt: skip
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            got = read_pairs(answer)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        return Judgement.right() if got == read_pairs(problem.answer) else Judgement.wrong()

    def complexity(self, problem: Problem) -> float:
        """Rows times groups, times (conditions + 1) and the aggregate's rank."""
        meta = problem.meta
        rank = 1 + AGGREGATES.index(meta["aggregate"])
        groups = problem.answer.count(":")
        return len(meta["table"]["rows"]) * groups * (1 + len(meta["conditions"])) * rank
