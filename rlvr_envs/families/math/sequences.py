"""Integer sequences: find the next term or a later term from the first few.

The prompt names the kind of rule (arithmetic, geometric, constant k-th differences, a
two-term linear recurrence), so the continuation is well defined, and shows more terms than
the rule has unknowns.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.shared.math_answers import MathFamily

SequenceRule = Callable[[random.Random, int, int], list[int]]  # (rng, size, count) -> terms

# Fewest terms shown per kind: one more than the rule's unknowns.
_MIN_SHOWN = {"arithmetic": 3, "geometric": 3, "quadratic": 4, "cubic": 5, "recurrence": 5}
# Unknown parameters of each rule (the first term(s) included).
_UNKNOWNS = {"arithmetic": 2, "geometric": 2, "quadratic": 3, "cubic": 4, "recurrence": 4}

_DESCRIPTIONS = {
    "arithmetic": "an arithmetic sequence (constant difference between consecutive terms)",
    "geometric": "a geometric sequence (constant integer ratio between consecutive terms)",
    "quadratic": "a sequence whose second differences are constant (a quadratic in n)",
    "recurrence": (
        "a sequence in which every term from the third on equals p times the previous term "
        "plus q times the term before that, for fixed integers p and q"
    ),
    "cubic": "a sequence whose third differences are constant (a cubic in n)",
}


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _nonzero(rng: random.Random, size: int) -> int:
    return rng.choice((-1, 1)) * rng.randint(1, size)


class Sequences(MathFamily):
    """Continue an integer sequence whose kind of rule is stated.

    Difficulty moves ``kind`` through ``arithmetic``, ``geometric``, ``quadratic``,
    ``cubic`` and ``recurrence`` (a_n = p a_(n-1) + q a_(n-2) with unknown p, q); lowers
    ``shown`` (terms given, never fewer than the rule needs plus one); raises ``ahead`` (1
    asks for the next term, k for the term k places after the last one shown) and
    ``coefficients`` (the size of the rule's parameters).

    Answer syntax: one integer, the requested term.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "kind": Knob(
            "categorical",
            choices=("arithmetic", "geometric", "quadratic", "cubic", "recurrence"),
            default="arithmetic",
            doc="kind of rule",
        ),
        "shown": Knob("int", 3, 10, default=6, easy=7, hard=4, doc="terms shown"),
        "ahead": Knob("int", 1, 30, default=1, easy=1, hard=12, doc="how far past the last"),
        "coefficients": Knob("int", 1, 50, default=6, easy=4, hard=15, doc="parameter size"),
    }
    answer_syntax = "the requested term as an integer"
    answer_form = "integer"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        kind, size = knobs["kind"], knobs["coefficients"]
        shown = max(knobs["shown"], _MIN_SHOWN[kind])
        target = shown + knobs["ahead"]
        terms = _TERMS[kind](rng, size, target)
        listed = ", ".join(str(t) for t in terms[:shown])
        if knobs["ahead"] == 1:
            ask = "What is the next term?"
        else:
            ask = f"What is the {_ordinal(target)} term (the first term shown is the 1st)?"
        question = f"The numbers {listed}, ... are the first terms of {_DESCRIPTIONS[kind]}. {ask}"
        meta = {"shown": terms[:shown], "position": target, "unknowns": _UNKNOWNS[kind]}
        return Draft(question, str(terms[target - 1]), meta)

    def complexity(self, problem: Problem) -> float:
        """Unknowns of the rule, steps past the last shown term, digits of the answer."""
        meta = problem.meta
        steps = meta["position"] - len(meta["shown"])
        return 4 * meta["unknowns"] + steps + len(problem.answer)


def _arithmetic(rng: random.Random, size: int, count: int) -> list[int]:
    start, step = rng.randint(-3 * size, 3 * size), _nonzero(rng, size)
    return [start + step * i for i in range(count)]


def _geometric(rng: random.Random, size: int, count: int) -> list[int]:
    ratio = rng.choice((-1, 1)) * rng.randint(2, max(2, min(5, size // 2 + 1)))
    start = _nonzero(rng, size)
    return [start * ratio**i for i in range(count)]


def _polynomial(degree: int) -> SequenceRule:
    def terms(rng: random.Random, size: int, count: int) -> list[int]:
        coeffs = [rng.randint(-size, size) for _ in range(degree)] + [_nonzero(rng, size)]
        return [sum(c * n**k for k, c in enumerate(coeffs)) for n in range(1, count + 1)]

    return terms


def _recurrence(rng: random.Random, size: int, count: int) -> list[int]:
    bound = max(1, min(3, size // 3))
    p, q, seq = 1, 1, [1, 1]  # Fibonacci, the fallback
    for _ in range(50):
        # q != 0 keeps the second term in the rule; the shown terms then fix p and q.
        p, q = rng.randint(1, bound) * rng.choice((1, 1, -1)), _nonzero(rng, bound)
        first, second = _nonzero(rng, size), rng.randint(-size, size)
        # The first four terms fix p and q uniquely when a2^2 - a1 a3 != 0.
        if second * second - first * (p * second + q * first) != 0:
            seq = [first, second]
            break
    while len(seq) < count:
        seq.append(p * seq[-1] + q * seq[-2])
    return seq[:count]


_TERMS = {
    "arithmetic": _arithmetic,
    "geometric": _geometric,
    "quadratic": _polynomial(2),
    "recurrence": _recurrence,
    "cubic": _polynomial(3),
}
