"""TermRewriteSequence: a rewrite sequence from a ground term to its normal form under the
rules of Peano addition and multiplication, checked step by step.

The term rewriting system (Baader and Nipkow, *Term Rewriting and All That*, 1998)

    add(0, y) -> y            add(s(x), y) -> s(add(x, y))
    mul(0, y) -> 0            mul(s(x), y) -> add(y, mul(x, y))

is terminating and confluent, and the normal form of a ground term is the numeral
``s(...s(0)...)`` of its value. A random ground term of a few additions and multiplications
of small numerals is drawn. The answer lists the terms after each step, one per line: each
line must be the previous term (the given term for the first line) with one rule applied at
one position (any position, any order; the check enumerates every one-step rewrite), and the
last line must be a normal form. The reason of a wrong answer names the first wrong step.

Answer syntax: one term per line in the prompt's notation (``s(add(0, s(0)))``), starting
with the term after the first step and ending with the normal form; a line may be numbered
(``2. s(0)``) or start with ``->``.

Knobs: ``operations`` (additions and multiplications in the term, 1 -> 3) and ``largest``
(the largest numeral in it, 1 -> 3). Difficulty raises both; steps are capped at 16.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.formal.terms import (
    first_order_size,
    outermost_rewrite,
    parse_first_order,
    read_steps,
    rewrites,
    show_first_order,
)
from rlvr_envs.families.shared.answer_parsing import AnswerError

SYMBOLS = {"add": 2, "mul": 2, "s": 1, "0": 0}
RULE_TEXT = (
    "add(0, y) -> y",
    "add(s(x), y) -> s(add(x, y))",
    "mul(0, y) -> 0",
    "mul(s(x), y) -> add(y, mul(x, y))",
)
RULES = [
    tuple(parse_first_order(side, SYMBOLS) for side in rule.split(" -> ")) for rule in RULE_TEXT
]
MAX_STEPS = 16
MAX_LINES = 200


def numeral(n: int) -> Any:
    """``s(s(...0))`` with ``n`` successors."""
    term: Any = ("0", ())
    for _ in range(n):
        term = ("s", (term,))
    return term


def _random_term(rng: random.Random, operations: int, largest: int) -> Any:
    if operations == 0:
        return numeral(rng.randint(0, largest))
    left = rng.randint(0, operations - 1)
    op = "mul" if rng.random() < 0.4 else "add"
    return (
        op,
        (
            _random_term(rng, left, largest),
            _random_term(rng, operations - 1 - left, largest),
        ),
    )


def normal_order_path(term: Any) -> list[Any]:
    """The terms after each leftmost-outermost step, up to the normal form."""
    path = []
    while (term := outermost_rewrite(term, RULES)) is not None:
        path.append(term)
    return path


class TermRewriteSequence(Family):
    """A rewrite sequence to normal form under Peano addition and multiplication."""

    knobs: ClassVar[dict[str, Knob]] = {
        "operations": Knob("int", 1, 4, default=2, easy=1, hard=3, doc="add and mul nodes"),
        "largest": Knob("int", 1, 4, default=2, easy=1, hard=3, doc="largest numeral"),
    }
    answer_syntax = (
        "the term after each step, one per line, the last line the normal form "
        "(e.g. two lines: s(add(0, 0)) and then s(0))"
    )
    answer_form = "rewrite sequence"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        operations, largest = int(knobs["operations"]), int(knobs["largest"])
        while True:
            term = _random_term(rng, operations, largest)
            path = normal_order_path(term)
            if 2 <= len(path) <= MAX_STEPS:
                break
        shown = show_first_order(term)
        rules = "\n".join(f"  {rule}" for rule in RULE_TEXT)
        question = (
            "Rewrite this term to its normal form step by step with the rules below (x and y "
            "stand for any terms; 0 is zero, s(n) is n + 1):\n\n"
            f"{rules}\n\nTerm: {shown}\n\n"
            "Each step applies one rule at one position of the term: a subterm that is an "
            "instance of a rule's left side is replaced by the same instance of its right "
            "side; any position and any order may be chosen. Write the term after each step "
            "on its own line, in the same notation, without the starting term, until no "
            "rule applies; the last line is the normal form."
        )
        answer = "\n".join(show_first_order(t) for t in path)
        return Draft(question, answer, {"term": shown, "steps": len(path)})

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            lines = read_steps(answer, MAX_LINES)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        current = parse_first_order(problem.meta["term"], SYMBOLS)
        for number, line in enumerate(lines, 1):
            try:
                given = parse_first_order(line, SYMBOLS)
            except AnswerError as exc:
                return Judgement.unparsable(f"step {number}: {exc}")
            if given not in rewrites(current, RULES):
                why = "repeats the previous term" if given == current else (
                    "is not one rule application from the previous term")  # fmt: skip
                return Judgement.wrong(why=f"step {number} {why}", step=number)
            current = given
        if outermost_rewrite(current, RULES) is not None:
            return Judgement.wrong(why="a rule still applies to the last term", step=len(lines))
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Leftmost-outermost steps plus a quarter of the term's symbols."""
        term = parse_first_order(problem.meta["term"], SYMBOLS)
        return problem.meta["steps"] + first_order_size(term) / 4
