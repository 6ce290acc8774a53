"""Generated tables for the table families: themes, rows, CSV text and row conditions.

A table has a key column (``E104``: a letter and a number, unique per row), text columns
drawn from a theme's pools and integer columns drawn from a theme's ranges. Everything is
drawn from the family's ``rng``, so a table is a pure function of the seed. A condition is
``[column, op, value]`` with ``op`` one of ``=``, ``!=``, ``>``, ``<``, ``>=``, ``<=``;
:func:`holds` evaluates it and :func:`describe` words it for the prompt.
"""

from __future__ import annotations

import operator
import random
from dataclasses import dataclass

# name -> (key prefix, text columns {column: pool}, integer columns {column: (low, high)})
THEMES: dict[str, tuple[str, dict[str, tuple[str, ...]], dict[str, tuple[int, int]]]] = {
    "staff": (
        "E",
        {
            "name": (
                "Ada",
                "Bo",
                "Cy",
                "Dee",
                "Eli",
                "Fay",
                "Gus",
                "Hal",
                "Ivy",
                "Jo",
                "Kai",
                "Lu",
                "Max",
                "Ned",
                "Oli",
                "Pia",
                "Quin",
                "Rae",
                "Sol",
                "Tess",
            ),
            "dept": ("Sales", "Legal", "Support", "Finance", "Research", "Design"),
            "city": ("Oslo", "Lima", "Perth", "Quito", "Riga", "Sofia", "Turin"),
        },
        {"age": (21, 64), "salary": (28, 140), "years": (0, 30)},
    ),
    "products": (
        "P",
        {
            "product": (
                "lamp",
                "chair",
                "kettle",
                "rug",
                "mirror",
                "shelf",
                "clock",
                "vase",
                "stool",
                "fan",
                "pan",
                "mug",
                "desk",
                "bench",
            ),
            "category": ("Home", "Garden", "Kitchen", "Office", "Outdoor", "Toys"),
            "store": ("North", "South", "East", "West", "Central", "Harbour"),
        },
        {"price": (2, 95), "stock": (0, 80), "weight": (1, 40)},
    ),
    "trips": (
        "T",
        {
            "driver": (
                "Amir",
                "Beth",
                "Carl",
                "Dana",
                "Emil",
                "Fern",
                "Gina",
                "Hugo",
                "Iris",
                "Jude",
                "Kim",
                "Lena",
                "Milo",
                "Nina",
            ),
            "zone": ("Airport", "Docks", "Market", "Old Town", "Park", "Station"),
            "vehicle": ("van", "sedan", "bike", "truck", "scooter", "bus"),
        },
        {"distance": (1, 60), "fare": (5, 120), "minutes": (3, 90)},
    ),
}
OPS = ("=", "!=", ">", "<", ">=", "<=")


@dataclass
class Table:
    """A generated table: column names (the key first), kinds and rows of values."""

    theme: str
    columns: list[str]
    kinds: dict[str, str]  # column -> "key", "text" or "int"
    rows: list[list]

    def column(self, name: str) -> list:
        index = self.columns.index(name)
        return [row[index] for row in self.rows]

    def value(self, row: list, name: str):
        return row[self.columns.index(name)]

    def text_columns(self) -> list[str]:
        return [c for c in self.columns if self.kinds[c] == "text"]

    def int_columns(self) -> list[str]:
        return [c for c in self.columns if self.kinds[c] == "int"]

    def to_meta(self) -> dict:
        return {"theme": self.theme, "columns": self.columns, "kinds": self.kinds,
                "rows": self.rows}  # fmt: skip

    @classmethod
    def from_meta(cls, meta: dict) -> Table:
        return cls(meta["theme"], meta["columns"], meta["kinds"], meta["rows"])


def make_table(
    rng: random.Random, rows: int, *, theme: str | None = None, groups: int | None = None
) -> Table:
    """A table of ``rows`` rows; each text column uses ``groups`` values of its pool (2 to 6
    drawn at random by default), so that filters and groupings have several rows each."""
    theme = theme or rng.choice(sorted(THEMES))
    prefix, texts, ints = THEMES[theme]
    key = {"E": "id", "P": "sku", "T": "trip"}[prefix]
    columns = [key, *texts, *ints]
    kinds = {key: "key", **dict.fromkeys(texts, "text"), **dict.fromkeys(ints, "int")}
    pools = {
        c: rng.sample(pool, min(len(pool), groups or rng.randint(2, 6)))
        for c, pool in texts.items()
    }
    pools[columns[1]] = rng.sample(texts[columns[1]], min(len(texts[columns[1]]), rows))
    keys = rng.sample(range(100, 1000), rows)
    draw, body = rng.random, []
    text_pools = [pools[c] for c in texts]
    spans = [(low, high - low + 1) for low, high in ints.values()]
    for k in keys:
        row: list = [f"{prefix}{k}"]
        row += [pool[int(draw() * len(pool))] for pool in text_pools]
        row += [low + int(draw() * size) for low, size in spans]
        body.append(row)
    return Table(theme, columns, kinds, body)


def csv_text(table: Table) -> str:
    """The table as CSV: a header line, then one line per row (no value holds a comma)."""
    lines = [",".join(table.columns)]
    lines += [",".join(str(v) for v in row) for row in table.rows]
    return "\n".join(lines)


_COMPARE = {"=": operator.eq, "!=": operator.ne, ">": operator.gt, "<": operator.lt,
            ">=": operator.ge, "<=": operator.le}  # fmt: skip


def holds(table: Table, row: list, condition: list) -> bool:
    column, op, target = condition
    return _COMPARE[op](table.value(row, column), target)


def matching(table: Table, conditions: list[list]) -> list[list]:
    """The rows that meet every condition, in table order."""
    tests = [(table.columns.index(c), _COMPARE[op], target) for c, op, target in conditions]
    return [row for row in table.rows if all(test(row[i], t) for i, test, t in tests)]


def describe(condition: list) -> str:
    column, op, target = condition
    words = {"=": "is", "!=": "is not", ">": "is greater than", "<": "is less than",
             ">=": "is at least", "<=": "is at most"}[op]  # fmt: skip
    return f"{column} {words} {target}"


def random_condition(rng: random.Random, table: Table, *, text_only: bool = False) -> list:
    """A condition on a random column, its value drawn from the table itself."""
    columns = table.columns[2:] if text_only else table.columns[1:]
    columns = [c for c in columns if not text_only or table.kinds[c] == "text"]
    column = rng.choice(columns)
    values = table.column(column)
    if table.kinds[column] == "text":
        return [column, rng.choice(("=", "=", "!=")), rng.choice(values)]
    return [column, rng.choice(OPS[2:]), rng.choice(values)]


def draw_conditions(
    rng: random.Random, table: Table, count: int, low: int, high: int, *, text_only: bool = False
) -> list[list] | None:
    """``count`` conditions on distinct columns that ``low`` to ``high`` rows meet, or None
    after a few tries (the caller draws a new table)."""
    for _ in range(20):
        conditions = []
        for _ in range(count):
            used = {c[0] for c in conditions}
            for _ in range(10):
                condition = random_condition(rng, table, text_only=text_only)
                if condition[0] not in used:
                    conditions.append(condition)
                    break
        if len(conditions) == count and low <= len(matching(table, conditions)) <= high:
            return conditions
    return None
