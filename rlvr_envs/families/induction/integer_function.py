"""IntegerFunction: a hidden integer function, from (x, f(x)) pairs, at a new x.

The prompt states a library of operations on whole numbers (add 1 to 5, subtract 1 to 5,
multiply by 2 to 5, square, integer halving, the digit sum, the digits reversed, the last
digit) and says the hidden function applies at most ``depth`` of them in order. Unique by
proof: pairs are added until every composition of at most ``depth`` library operations that
fits them gives the same value at the asked x (an exhaustive enumeration in
:mod:`rlvr_envs.families.induction.compositions`); no shorter composition fits, and the
value is never a number the pairs show. Values have two or more digits, so no one-digit
constant is right often.

Answer syntax: one integer.

Knobs: ``depth`` (operations composed, 1 -> 3), ``digits`` (digits of the inputs, 1 -> 3)
and ``examples`` (pairs shown at least, 4 -> 2; more are added where needed). Difficulty
raises the depth and the digits and lowers the examples.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Callable
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.induction.compositions import UNDEFINED, Operation, pin_examples, run
from rlvr_envs.families.shared.answer_parsing import judge_integer


def _digits(fn: Callable[[str], int]) -> Callable[[int], int]:
    """An operation on the digits of ``|n|`` that keeps the sign."""
    return lambda n: fn(str(abs(n))) * (-1 if n < 0 else 1)


def _bounded(fn: Callable[[int], int]) -> Callable[[int], int]:
    def op(n: int) -> int:
        out = fn(n)
        return out if abs(out) < 10**9 else UNDEFINED

    return op


def _plus(k: int) -> Callable[[int], int]:
    return lambda n: n + k


def _times(k: int) -> Callable[[int], int]:
    return _bounded(lambda n: n * k)


LIBRARY: list[tuple[str, str, Callable[[int], int]]] = [
    *((f"add_{k}", f"add {k}", _plus(k)) for k in range(1, 6)),
    *((f"sub_{k}", f"subtract {k}", _plus(-k)) for k in range(1, 6)),
    *((f"times_{k}", f"multiply by {k}", _times(k)) for k in range(2, 6)),
    ("square", "multiply the number by itself", _bounded(lambda n: n * n)),
    ("half", "divide by 2 and round down", lambda n: n // 2),
    ("digit_sum", "the sum of the digits (the sign is kept)",
     _digits(lambda s: sum(map(int, s)))),
    ("reverse_digits", "the digits in reverse order, leading zeros dropped (the sign is kept)",
     _digits(lambda s: int(s[::-1]))),
    ("last_digit", "the last digit (the sign is kept)", _digits(lambda s: int(s[-1]))),
]  # fmt: skip
OPS: list[Operation] = [(name, fn) for name, _, fn in LIBRARY]
_NUMBER = re.compile(r"-?\d+")
_SHIFTS = frozenset(i for i, (name, _, _) in enumerate(LIBRARY) if name[:4] in ("add_", "sub_"))


class IntegerFunction(Family):
    """A composition of whole-number operations, pinned by pairs, at a new input."""

    knobs: ClassVar[dict[str, Knob]] = {
        "depth": Knob("int", 1, 3, default=2, easy=1, hard=3, doc="operations composed"),
        "digits": Knob("int", 1, 4, default=2, easy=1, hard=3, doc="digits of the inputs"),
        "examples": Knob("int", 1, 6, default=3, easy=4, hard=2, doc="pairs shown at least"),
    }
    answer_syntax = "a single integer"
    answer_form = "integer"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        depth, digits = int(knobs["depth"]), int(knobs["digits"])
        low, high = (0 if digits == 1 else 10 ** (digits - 1)), 10**digits - 1
        while True:
            target = tuple(rng.randrange(len(OPS)) for _ in range(depth))
            if any(a in _SHIFTS and b in _SHIFTS for a, b in itertools.pairwise(target)):
                continue  # two additions make one: a shorter composition would fit
            query = rng.randint(low, high)
            out = run(OPS, target, query)
            if out is UNDEFINED or out == query or abs(out) < 10:
                continue  # one-digit values would make a guessable constant
            pool = rng.sample(range(low, high + 1), min(11, high - low + 1))
            pool = [v for v in pool if v != query][:10]
            pinned = pin_examples(OPS, depth, target, pool, [query], int(knobs["examples"]))
            if pinned is None:
                continue
            examples, programs = pinned
            if any(len(p) < depth for p in programs):
                continue
            lines = "\n".join(f"  f({x}) = {y}" for x, y in examples)
            if str(out) not in _NUMBER.findall(f"{lines} {query}"):
                break
        library = "\n".join(f"  {name}: {doc}" for name, doc, _ in LIBRARY)
        at_most = "one operation" if depth == 1 else f"a sequence of at most {depth} operations"
        question = (
            f"A hidden function f turns a whole number into a whole number. It is {at_most} "
            f"from this library, applied in order (an operation may repeat):\n{library}\n\n"
            f"Known values:\n{lines}\n\nFind f({query})."
        )
        meta = {
            "rule": [LIBRARY[i][0] for i in target],
            "examples": [list(pair) for pair in examples],
            "query": query,
            "fitting": len(programs),
        }
        return Draft(question, str(out), meta)

    def answer_labels(self, problem: Problem) -> tuple[str, ...]:
        return (f"f({problem.meta['query']})",)

    def check(self, problem: Problem, answer: str) -> Judgement:
        return judge_integer(answer, int(problem.answer))

    def complexity(self, problem: Problem) -> float:
        """Operations times digits of the input, over the pairs shown."""
        meta = problem.meta
        return len(meta["rule"]) * len(str(meta["query"])) * 4 / len(meta["examples"])
