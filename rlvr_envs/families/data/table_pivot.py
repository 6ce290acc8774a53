"""TablePivot: a pivot table of a CSV table (one column's values as rows, another's as
columns, an aggregate of a third in each cell).

Records (``store``, ``quarter`` or ``product``, ``units``, plus a key and a noise column) are
shown as CSV. The pivot takes one row per value of the row column and one column per value
of the column column, in the order the prompt states (alphabetical, or Q1..Q4); each cell is
the count, sum or maximum of ``units`` over its records. An empty cell is 0 (for the maximum
every cell has a record).

Answer syntax: one line per row value, ``Label: v1, v2, ...`` with the cells in the stated
column order (``North: 12, 0, 7``); rows in any order; lines may also be separated by ``;``.

Knobs: ``records`` (8 -> 60), ``row_values`` (2 -> 5), ``column_values`` (2 -> 4) and
``aggregate`` (``count``, ``sum``, ``max``; easiest first). Difficulty raises all four.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.data.readers import AnswerError, read_int, split_items

STORES = ("Central", "East", "Harbour", "Hill", "North", "South", "West")
PRODUCTS = ("apples", "beans", "bread", "cheese", "eggs", "milk", "rice")
QUARTERS = ("Q1", "Q2", "Q3", "Q4")
CLERKS = ("Ana", "Ben", "Cho", "Dev", "Eva", "Finn")
AGGREGATES = ("count", "sum", "max")
_LABEL = re.compile(r"[A-Za-z][A-Za-z ]*")


def read_pivot(answer: str) -> dict[str, list[int]]:
    """``North: 12, 0, 7`` lines (or ``;``-separated) -> {label: cells}."""
    rows: dict[str, list[int]] = {}
    for line in re.split(r"\n|;", answer.strip()):
        if not line.strip():
            continue
        label, colon, cells = line.partition(":")
        label = label.strip()
        if not colon or not _LABEL.fullmatch(label):
            raise AnswerError(f"{line[:40]!r} is not 'Label: v1, v2, ...'")
        if label in rows:
            raise AnswerError(f"row {label!r} is given twice")
        rows[label] = [read_int(c) for c in split_items(cells)]
    if not rows:
        raise AnswerError("the answer is empty")
    return rows


def pivot(records: list[list], rows: list[str], columns: list[str], kind: str) -> list[list[int]]:
    cells: dict[tuple[str, str], list[int]] = {}
    for _, row, column, _, units in records:
        cells.setdefault((row, column), []).append(units)
    out = []
    for r in rows:
        line = []
        for c in columns:
            values = cells.get((r, c), [])
            line.append({"count": len(values), "sum": sum(values),
                         "max": max(values, default=0)}[kind])  # fmt: skip
        out.append(line)
    return out


class TablePivot(Family):
    """A pivot table: rows by one column, columns by another, a units aggregate per cell."""

    knobs: ClassVar[dict[str, Knob]] = {
        "records": Knob("int", 4, 100, default=16, easy=8, hard=60, doc="records"),
        "row_values": Knob("int", 2, 6, default=3, easy=2, hard=5, doc="rows of the pivot"),
        "column_values": Knob("int", 2, 4, default=3, doc="columns of the pivot"),
        "aggregate": Knob("categorical", choices=AGGREGATES, default="sum", doc="cell aggregate"),
    }
    answer_syntax = (
        "one line per row of the pivot, 'Label: v1, v2, ...' with the cells in the stated "
        "column order (e.g. North: 12, 0, 7)"
    )
    answer_form = "lines 'Label: integers separated by commas'"
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, nr, ncol = int(knobs["records"]), int(knobs["row_values"]), int(knobs["column_values"])
        kind = knobs["aggregate"]
        if kind == "max":
            n = max(n, nr * ncol)
        by_quarter = rng.random() < 0.5
        while True:
            rows = sorted(rng.sample(STORES, nr))
            columns = (sorted(rng.sample(QUARTERS, ncol)) if by_quarter
                       else sorted(rng.sample(PRODUCTS, ncol)))  # fmt: skip
            cells = [(r, c) for r in rows for c in columns]
            picks = rng.sample(cells, len(cells)) if kind == "max" else []
            picks += [rng.choice(cells) for _ in range(n - len(picks))]
            rng.shuffle(picks)
            keys = rng.sample(range(100, 1000), n)
            records = [[f"R{k}", r, c, rng.choice(CLERKS), rng.randint(1, 30)]
                       for k, (r, c) in zip(keys, picks)]  # fmt: skip
            table = pivot(records, rows, columns, kind)
            if len({v for line in table for v in line}) > 1:
                break
        what = "quarter" if by_quarter else "product"
        csv = f"record,store,{what},clerk,units\n" + "\n".join(
            ",".join(map(str, r)) for r in records
        )
        agg = {"count": "the number of", "sum": "the total units of",
               "max": "the largest units value among"}[kind]  # fmt: skip
        question = (
            f"Records (CSV):\n{csv}\n\nMake a pivot table with one row per store and one column "
            f"per {what}, in this column order: {', '.join(columns)}. Each cell is {agg} the "
            f"records of that store and {what}"
            + (" (0 where there is none)" if kind != "max" else "")
            + f". Stores: {', '.join(rows)}."
        )
        answer = "\n".join(f"{r}: {', '.join(map(str, line))}" for r, line in zip(rows, table))
        meta = {"records": records, "rows": rows, "columns": columns, "aggregate": kind}
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            got = read_pivot(answer)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        return Judgement.right() if got == read_pivot(problem.answer) else Judgement.wrong()

    def complexity(self, problem: Problem) -> float:
        """Records times cells, times the aggregate's rank."""
        meta = problem.meta
        cells = len(meta["rows"]) * len(meta["columns"])
        return len(meta["records"]) * cells * (1 + AGGREGATES.index(meta["aggregate"]))
