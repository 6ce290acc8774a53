"""TableJoin: a total over two CSV tables joined on a key (orders and the customers who placed
them).

Two tables are shown: customers (``customer``, ``name``, ``city``, ``tier``) and orders
(``order``, ``customer``, ``item``, ``quantity``, ``amount``). The question joins each order
to its customer and asks for a total of an order column over the orders whose customer meets
one or two conditions (``city is Riga``, ``tier is gold``), optionally with a condition on
the order itself. Every customer id of the orders table is in the customers table. At least
two orders count and at least two do not.

Answer syntax: one integer.

Knobs: ``customers`` (3 -> 12), ``orders`` (6 -> 40) and ``conditions`` (conditions on the
joined row, 1 -> 3). Difficulty raises all three.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.data.readers import AnswerError, read_int

NAMES = ("Acme", "Birch", "Cobalt", "Delta", "Ember", "Fjord", "Garnet", "Helix", "Indigo",
         "Juniper", "Kestrel", "Lumen", "Maple", "Nimbus", "Onyx", "Pike")  # fmt: skip
CITIES = ("Oslo", "Lima", "Perth", "Quito", "Riga", "Sofia")
TIERS = ("basic", "silver", "gold")
ITEMS = ("paper", "ink", "toner", "pens", "tape", "folders")
_CUSTOMER_COLUMNS = ("city", "tier")
_ORDER_COLUMNS = ("item", "quantity")


def _holds(value, op: str, target) -> bool:
    return {"=": value == target, "!=": value != target, ">": value > target,
            "<": value < target}[op]  # fmt: skip


def joined_total(customers: list[list], orders: list[list], conditions: list, column: str) -> int:
    """The total of ``column`` over the orders whose joined row meets every condition."""
    by_id = {c[0]: {"city": c[2], "tier": c[3]} for c in customers}
    total = 0
    for _order, customer, item, quantity, amount in orders:
        row = {**by_id[customer], "item": item, "quantity": quantity}
        if all(_holds(row[col], op, target) for col, op, target in conditions):
            total += quantity if column == "quantity" else amount
    return total


def _count(customers, orders, conditions) -> int:
    by_id = {c[0]: {"city": c[2], "tier": c[3]} for c in customers}
    return sum(
        all(_holds({**by_id[o[1]], "item": o[2], "quantity": o[3]}[col], op, t)
            for col, op, t in conditions)
        for o in orders
    )  # fmt: skip


def _describe(condition: list) -> str:
    column, op, target = condition
    owner = "the customer's" if column in _CUSTOMER_COLUMNS else "the order's"
    words = {"=": "is", "!=": "is not", ">": "is greater than", "<": "is less than"}[op]
    return f"{owner} {column} {words} {target}"


class TableJoin(Family):
    """A total of an order column over orders joined to customers that meet conditions."""

    knobs: ClassVar[dict[str, Knob]] = {
        "customers": Knob("int", 3, 16, default=5, easy=3, hard=12, doc="rows of customers"),
        "orders": Knob("int", 5, 80, default=12, easy=6, hard=40, doc="rows of orders"),
        "conditions": Knob("int", 1, 3, default=1, doc="conditions on the joined row"),
    }
    answer_syntax = "one integer"
    answer_form = "integer"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        nc, no, m = int(knobs["customers"]), int(knobs["orders"]), int(knobs["conditions"])
        while True:
            ids = [f"C{k}" for k in rng.sample(range(10, 100), nc)]
            names = rng.sample(NAMES, nc)
            cities = rng.sample(CITIES, rng.randint(2, min(4, nc)))
            customers = [
                [i, nm, rng.choice(cities), rng.choice(TIERS)] for i, nm in zip(ids, names)
            ]
            orders = [
                [
                    f"O{k}",
                    rng.choice(ids),
                    rng.choice(ITEMS),
                    rng.randint(1, 9),
                    rng.randint(5, 250),
                ]
                for k in rng.sample(range(100, 1000), no)
            ]
            conditions = []
            first = rng.choice(_CUSTOMER_COLUMNS)
            pool = {"city": cities, "tier": TIERS}
            conditions.append([first, rng.choice(("=", "=", "!=")), rng.choice(pool[first])])
            extra = [c for c in ("city", "tier", "item", "quantity") if c != first]
            for column in rng.sample(extra, m - 1):
                if column == "quantity":
                    conditions.append([column, rng.choice((">", "<")), rng.randint(2, 8)])
                else:
                    values = pool.get(column, ITEMS)
                    conditions.append([column, rng.choice(("=", "!=")), rng.choice(values)])
            if 2 <= _count(customers, orders, conditions) <= no - 2:
                break
        column = rng.choice(("amount", "amount", "quantity"))
        total = joined_total(customers, orders, conditions, column)
        table_c = "customer,name,city,tier\n" + "\n".join(",".join(map(str, c)) for c in customers)
        table_o = "order,customer,item,quantity,amount\n" + "\n".join(
            ",".join(map(str, o)) for o in orders
        )
        rule = "; ".join(_describe(c) for c in conditions)
        question = (
            f"Customers (CSV):\n{table_c}\n\nOrders (CSV):\n{table_o}\n\nEach order's customer "
            f"column is the id of a customer. What is the total {column} of the orders that "
            f"meet all of these conditions: {rule}?"
        )
        meta = {"customers": customers, "orders": orders, "conditions": conditions,
                "column": column}  # fmt: skip
        return Draft(question, str(total), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            value = read_int(answer)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        return Judgement.right() if value == int(problem.answer) else Judgement.wrong()

    def complexity(self, problem: Problem) -> float:
        """Orders times customers to look up, times the conditions."""
        meta = problem.meta
        return len(meta["orders"]) * len(meta["customers"]) * len(meta["conditions"])
