"""MysteryOperator: a hidden binary operation on whole numbers, from examples, on a new pair.

The prompt states the rule space: ``a ◇ b`` is one of the listed operations (a + b, a - b,
a·b, 2a + b, a + 2b, a² + b, a + b², a·b + a, a·b - b, |a - b|, the larger, the smaller,
a² - b², (a + b)², the greatest common divisor, the least common multiple, the digits of a
followed by those of b), plus a fixed whole number k with |k| at most ``offset``. Unique by
proof: every (operation, k) is tried, and examples are added until all that fit them give
the same value for the asked pair; the value is never a number the examples show.

Answer syntax: one integer.

Knobs: ``offset`` (the most |k| may be, 0 -> 5), ``digits`` (digits of the operands, 1 -> 2)
and ``examples`` (examples shown at least, 4 -> 2; more are added where needed). Difficulty
raises the offset and the digits and lowers the examples.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Callable
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.shared.answer_parsing import judge_integer

OPERATIONS: list[tuple[str, Callable[[int, int], int]]] = [
    ("a + b", lambda a, b: a + b),
    ("a - b", lambda a, b: a - b),
    ("a*b", lambda a, b: a * b),
    ("2a + b", lambda a, b: 2 * a + b),
    ("a + 2b", lambda a, b: a + 2 * b),
    ("a^2 + b", lambda a, b: a * a + b),
    ("a + b^2", lambda a, b: a + b * b),
    ("a*b + a", lambda a, b: a * b + a),
    ("a*b - b", lambda a, b: a * b - b),
    ("|a - b|", lambda a, b: abs(a - b)),
    ("the larger of a and b", max),
    ("the smaller of a and b", min),
    ("a^2 - b^2", lambda a, b: a * a - b * b),
    ("(a + b)^2", lambda a, b: (a + b) ** 2),
    ("the greatest common divisor of a and b", math.gcd),
    ("the least common multiple of a and b", lambda a, b: a * b // math.gcd(a, b)),
    ("the digits of a followed by the digits of b", lambda a, b: int(f"{a}{b}")),
]
_NUMBER = re.compile(r"-?\d+")


def _apply(rule: tuple[int, int], a: int, b: int) -> int:
    return OPERATIONS[rule[0]][1](a, b) + rule[1]


class MysteryOperator(Family):
    """A binary operation of a stated space, pinned by examples, on a new pair."""

    knobs: ClassVar[dict[str, Knob]] = {
        "offset": Knob("int", 0, 9, default=2, easy=0, hard=5, doc="the most |k| may be"),
        "digits": Knob("int", 1, 3, default=1, easy=1, hard=2, doc="digits of the operands"),
        "examples": Knob("int", 1, 6, default=3, easy=4, hard=2, doc="examples shown at least"),
    }
    answer_syntax = "a single integer"
    answer_form = "integer"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        offset, digits = int(knobs["offset"]), int(knobs["digits"])
        low, high = (1 if digits == 1 else 10 ** (digits - 1)), 10**digits - 1
        rules = [(i, k) for i in range(len(OPERATIONS)) for k in range(-offset, offset + 1)]
        while True:
            target = rng.choice(rules)
            query = (rng.randint(low, high), rng.randint(low, high))
            value = _apply(target, *query)
            examples: list[tuple[int, int, int]] = []
            fitting = rules
            for _ in range(10):
                a, b = rng.randint(low, high), rng.randint(low, high)
                if (a, b) == query or any((a, b) == e[:2] for e in examples):
                    continue
                examples.append((a, b, _apply(target, a, b)))
                fitting = [r for r in fitting if _apply(r, a, b) == examples[-1][2]]
                if len(examples) >= int(knobs["examples"]) and all(
                    _apply(r, *query) == value for r in fitting
                ):
                    break
            else:
                continue
            lines = "\n".join(f"  {a} ◇ {b} = {c}" for a, b, c in examples)
            if str(value) not in _NUMBER.findall(f"{lines} {query}"):
                break
        space = "\n".join(f"  {name}" for name, _ in OPERATIONS)
        plus = "" if offset == 0 else f", plus a fixed whole number k from -{offset} to {offset}"
        question = (
            f"The operation ◇ takes two whole numbers a and b. a ◇ b is one of these{plus}:\n"
            f"{space}\n\nExamples:\n{lines}\n\nFind {query[0]} ◇ {query[1]}."
        )
        meta = {
            "rule": [OPERATIONS[target[0]][0], target[1]],
            "offset": offset,
            "examples": [list(e) for e in examples],
            "query": list(query),
            "fitting": len(fitting),
        }
        return Draft(question, str(value), meta)

    def answer_labels(self, problem: Problem) -> tuple[str, ...]:
        a, b = problem.meta["query"]
        return (f"{a} ◇ {b}",)

    def check(self, problem: Problem, answer: str) -> Judgement:
        return judge_integer(answer, int(problem.answer))

    def complexity(self, problem: Problem) -> float:
        """Rules in the space times the operands' digits, over the examples shown."""
        meta = problem.meta
        size = len(OPERATIONS) * (2 * meta["offset"] + 1)
        digits = len(str(meta["query"][0])) + len(str(meta["query"][1]))
        return size * digits / len(meta["examples"])
