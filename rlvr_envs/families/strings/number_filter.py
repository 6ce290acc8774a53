"""NumberFilter: keep the numbers of a list that meet stated conditions, in a stated order.

A list of integers (negative ones too) and one to three conditions among: even, odd,
divisible by k, greater than T, less than T, digit sum even, contains the digit d. The kept
numbers are written in their original order, ascending, or descending, as the prompt says.
At least two numbers are kept and at least two dropped, so the list itself is never the
answer.

Answer syntax: the kept numbers separated by commas (``12, -4, 30``).

Knobs: ``count`` (numbers in the list, 6 -> 30), ``conditions`` (1 -> 3) and ``order``
(``original``, ``ascending``, ``descending``; easiest first). Difficulty raises all three.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem

ORDERS = ("original", "ascending", "descending")
KINDS = ("even", "odd", "divisible", "greater", "less", "digit_sum_even", "has_digit")
_INT = re.compile(r"[-+]?\d{1,6}")


def meets(x: int, condition: list) -> bool:
    kind, value = condition
    if kind == "even":
        return x % 2 == 0
    if kind == "odd":
        return x % 2 == 1
    if kind == "divisible":
        return x % value == 0
    if kind == "greater":
        return x > value
    if kind == "less":
        return x < value
    if kind == "digit_sum_even":
        return sum(map(int, str(abs(x)))) % 2 == 0
    return str(value) in str(abs(x))


def describe(condition: list) -> str:
    kind, value = condition
    return {
        "even": "it is even",
        "odd": "it is odd",
        "divisible": f"it is divisible by {value}",
        "greater": f"it is greater than {value}",
        "less": f"it is less than {value}",
        "digit_sum_even": "the sum of its digits is even (ignoring the sign)",
        "has_digit": f"it contains the digit {value}",
    }[kind]


def _condition(rng: random.Random, kind: str) -> list:
    value = {"divisible": rng.randint(3, 7), "greater": rng.randint(-20, 40),
             "less": rng.randint(10, 80), "has_digit": rng.randint(1, 9)}.get(kind, 0)  # fmt: skip
    return [kind, value]


class NumberFilter(Family):
    """The numbers of a list that meet every stated condition, in a stated order."""

    knobs: ClassVar[dict[str, Knob]] = {
        "count": Knob("int", 5, 40, default=10, easy=6, hard=30, doc="numbers in the list"),
        "conditions": Knob("int", 1, 3, default=1, doc="conditions a kept number meets"),
        "order": Knob("categorical", choices=ORDERS, default="original", doc="output order"),
    }
    answer_syntax = "the kept numbers separated by commas (e.g. 12, -4, 30)"
    answer_form = "integers separated by commas"
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, m, order = int(knobs["count"]), int(knobs["conditions"]), knobs["order"]
        while True:
            kinds = rng.sample([k for k in KINDS if k != "odd"], m)
            if "even" in kinds and rng.random() < 0.5:
                kinds[kinds.index("even")] = "odd"
            conditions = [_condition(rng, kind) for kind in kinds]
            numbers = rng.sample(range(-30, 100), n)
            kept = [x for x in numbers if all(meets(x, c) for c in conditions)]
            if 2 <= len(kept) <= n - 2:
                break
        if order != "original":
            kept.sort(reverse=order == "descending")
        rule = " and ".join(describe(c) for c in conditions)
        how = {"original": "in the order they appear in the list",
               "ascending": "from smallest to largest",
               "descending": "from largest to smallest"}[order]  # fmt: skip
        question = (
            f"Numbers: {', '.join(map(str, numbers))}\n\nKeep every number for which {rule}. "
            f"Write the kept numbers {how}."
        )
        meta = {"numbers": numbers, "conditions": conditions, "order": order}
        return Draft(question, ", ".join(map(str, kept)), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        items = [x.strip() for x in answer.replace("\u2212", "-").split(",")]
        if not all(_INT.fullmatch(x) for x in items):
            return Judgement.unparsable("expected integers separated by commas")
        got = ", ".join(str(int(x)) for x in items)
        return Judgement.right() if got == problem.answer else Judgement.wrong()

    def complexity(self, problem: Problem) -> float:
        """Numbers times conditions, times the ordering's rank."""
        meta = problem.meta
        return len(meta["numbers"]) * len(meta["conditions"]) * (1 + ORDERS.index(meta["order"]))
