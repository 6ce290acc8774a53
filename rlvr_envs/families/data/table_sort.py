"""TableSort: the keys of a CSV table's rows sorted by one to three stated keys.

A table (:mod:`rlvr_envs.families.data.tables`) is shown as CSV with sort keys, each
ascending or descending (``dept ascending, then salary descending``); remaining ties are
broken by the row's key, ascending, so the order is unique. The text and integer columns are
drawn with few distinct values, so the later sort keys decide. At hard settings only the top
``k`` rows are asked for.

Answer syntax: the keys in sorted order, separated by commas (``E104, E311, E250``).

Knobs: ``rows`` (5 -> 30) and ``keys`` (sort keys, 1 -> 3). Difficulty raises both.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.data.readers import AnswerError, split_items
from rlvr_envs.families.data.tables import Table, csv_text, make_table

_KEY = re.compile(r"[A-Z]\d{3}")


def sort_keys(table: Table, keys: list[list]) -> list[str]:
    """The row keys ordered by ``keys`` ([column, "asc" | "desc"]), then by key ascending."""
    rows = sorted(table.rows, key=lambda r: r[0])
    for column, direction in reversed(keys):
        rows.sort(key=lambda r: table.value(r, column), reverse=direction == "desc")
    return [r[0] for r in rows]


class TableSort(Family):
    """Rows sorted by several keys, ties broken by the row key."""

    knobs: ClassVar[dict[str, Knob]] = {
        "rows": Knob("int", 4, 60, default=8, easy=5, hard=30, doc="rows of the table"),
        "keys": Knob("int", 1, 3, default=2, doc="sort keys"),
    }
    answer_syntax = "the keys in sorted order, separated by commas (e.g. E104, E311, E250)"
    answer_form = "keys separated by commas"
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, m = int(knobs["rows"]), int(knobs["keys"])
        table = make_table(rng, n, groups=3)
        for index in range(len(table.columns)):  # integer columns with few values: ties
            if table.kinds[table.columns[index]] == "int":
                values = sorted(set(table.column(table.columns[index])))
                few = rng.sample(values, min(len(values), max(2, n // 3)))
                for row in table.rows:
                    row[index] = rng.choice(few)
        columns = rng.sample(table.columns[2:], m)
        keys = [[c, rng.choice(("asc", "desc"))] for c in columns]
        order = sort_keys(table, keys)
        top = n if n <= 12 else rng.randint(8, 12)
        words = ", then ".join(
            f"{c} {'ascending' if d == 'asc' else 'descending'}" for c, d in keys
        )
        which = "every row" if top == n else f"the first {top} rows"
        question = (
            f"Table (CSV):\n{csv_text(table)}\n\nSort the rows by {words}; break any remaining "
            f"tie by {table.columns[0]}, ascending. Text sorts alphabetically. List the "
            f"{table.columns[0]} of {which} in sorted order."
        )
        meta = {"table": table.to_meta(), "keys": keys, "top": top}
        return Draft(question, ", ".join(order[:top]), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            keys = split_items(answer)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if not all(_KEY.fullmatch(k) for k in keys):
            return Judgement.unparsable("expected keys such as E104 separated by commas")
        return Judgement.right() if ", ".join(keys) == problem.answer else Judgement.wrong()

    def complexity(self, problem: Problem) -> float:
        """Rows times sort keys."""
        return len(problem.meta["table"]["rows"]) * len(problem.meta["keys"])
