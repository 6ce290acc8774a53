"""TableFilter: the keys of the rows of a CSV table that meet every stated condition.

A table (staff, products or trips; :mod:`rlvr_envs.families.data.tables`) is shown as CSV
and one to four conditions are stated on its columns (``dept is Sales``, ``price is at most
40``). At least two rows are kept and at least two dropped, so neither the whole key column
nor a single key is the answer.

Answer syntax: the kept rows' keys in table order, separated by commas (``E104, E311``).

Knobs: ``rows`` (rows of the table, 6 -> 40) and ``conditions`` (conditions a kept row
meets, 1 -> 4). Difficulty raises both.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.data.readers import AnswerError, split_items
from rlvr_envs.families.data.tables import (
    csv_text,
    describe,
    draw_conditions,
    make_table,
    matching,
)

_KEY = re.compile(r"[A-Z]\d{3}")


class TableFilter(Family):
    """The keys of the rows that meet every condition, in table order."""

    knobs: ClassVar[dict[str, Knob]] = {
        "rows": Knob("int", 5, 80, default=12, easy=6, hard=40, doc="rows of the table"),
        "conditions": Knob("int", 1, 4, default=2, doc="conditions a kept row meets"),
    }
    answer_syntax = (
        "the keys of the kept rows in table order, separated by commas (e.g. E104, E311)"
    )
    answer_form = "keys separated by commas"
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, m = int(knobs["rows"]), int(knobs["conditions"])
        while True:
            table = make_table(rng, n)
            conditions = draw_conditions(rng, table, m, 2, n - 2)
            if conditions is not None:
                break
        kept = [row[0] for row in matching(table, conditions)]
        rule = "; ".join(describe(c) for c in conditions)
        question = (
            f"Table (CSV):\n{csv_text(table)}\n\nList the {table.columns[0]} of every row that "
            f"meets all of these conditions: {rule}. Keep the order of the table."
        )
        meta = {"table": table.to_meta(), "conditions": conditions}
        return Draft(question, ", ".join(kept), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            keys = split_items(answer)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if not all(_KEY.fullmatch(k) for k in keys):
            return Judgement.unparsable("expected keys such as E104 separated by commas")
        return Judgement.right() if ", ".join(keys) == problem.answer else Judgement.wrong()

    def complexity(self, problem: Problem) -> float:
        """Cells read: rows times conditions."""
        return len(problem.meta["table"]["rows"]) * len(problem.meta["conditions"])
