"""ContradictionFinding: the two numbered statements that contradict each other.

A long numbered list of statements gives measurements of named landmarks (``The height of
Anchor Tower is 412 metres.``). Every (landmark, measure) pair is stated once, except that
``restated`` percent of them are stated again with the same value in other words, and one
pair is stated twice with different values. The answer is that pair of line numbers, the
witness of the contradiction; it is unique, since every other repeated pair agrees.

Answer syntax: two line numbers separated by a comma (either order).

Knobs: ``kchars`` (list length in thousands of characters, 0.3 -> 100, geometric in difficulty
squared) and ``restated`` (percent of facts stated twice in agreement, 0 -> 40). Difficulty
raises both.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.long_context.haystack import (
    KCHARS,
    LongContextFamily,
    common_words,
    target_chars,
)
from rlvr_envs.families.shared.answer_parsing import AnswerError, scan, small_int

KINDS = ("Tower", "Bridge", "Lake", "Hill", "Road", "Canal", "Park", "Wall")
MEASURES = (("height", "metres"), ("length", "metres"), ("age", "years"), ("width", "metres"),
            ("visitors per day", "people"), ("depth", "metres"))  # fmt: skip
_NUMBER = re.compile(r"\d+")


def say(landmark: str, measure: int, value: int, style: int) -> str:
    what, unit = MEASURES[measure]
    if style == 0:
        return f"The {what} of {landmark} is {value} {unit}."
    return f"{landmark} has a {what} of {value} {unit}."


class ContradictionFinding(LongContextFamily):
    """The pair of line numbers whose statements contradict each other."""

    knobs: ClassVar[dict[str, Knob]] = {
        "kchars": KCHARS,
        "restated": Knob("int", 0, 60, default=10, easy=0, hard=40, doc="percent restated"),
    }
    answer_syntax = "the two line numbers separated by a comma (e.g. 12, 57)"
    answer_form = "two line numbers"
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        chars, restated = target_chars(knobs), int(knobs["restated"])
        lines = max(6, chars // 46)
        facts = max(3, round(lines / (1 + restated / 100)))
        words = common_words()
        picks = rng.sample(range(len(words) * len(KINDS) * len(MEASURES)), facts)
        rows = []
        for pick in picks:
            word, rest = divmod(pick, len(KINDS) * len(MEASURES))
            kind, measure = divmod(rest, len(MEASURES))
            landmark = f"{words[word].capitalize()} {KINDS[kind]}"
            rows.append((landmark, measure, rng.randint(3, 999)))
        statements = [(row, row[2], rng.randrange(2)) for row in rows]
        for row in rng.sample(rows[1:], min(len(rows) - 1, facts * restated // 100)):
            statements.append((row, row[2], rng.randrange(2)))
        clash = rows[0]
        other = rng.choice([v for v in range(3, 1000) if v != clash[2]])
        statements.append((clash, other, rng.randrange(2)))
        rng.shuffle(statements)
        text = []
        witness = []
        for number, (row, value, style) in enumerate(statements, 1):
            text.append(f"{number}. {say(row[0], row[1], value, style)}")
            if row is clash:
                witness.append(number)
        question = (
            "Statements:\n" + "\n".join(text) + "\n\nExactly one statement contradicts an earlier "
            "or later one (the same measure of the same landmark with another value); "
            "statements that repeat a fact in other words agree. Which two lines contradict "
            "each other?"
        )
        answer = f"{witness[0]}, {witness[1]}"
        return Draft(question, answer, {"lines": len(statements)})

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            found = [small_int(m.group()) for m in scan(answer, _NUMBER, 2, "a line number")]
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if len(found) != 2:
            return Judgement.unparsable("expected two line numbers")
        expected = sorted(int(n) for n in problem.answer.split(","))
        if sorted(found) == expected:
            return Judgement.right()
        return Judgement.wrong(why="those lines do not contradict each other")

    def complexity(self, problem: Problem) -> float:
        """Characters of list times (1 + the restated share)."""
        return problem.knobs["kchars"] * (1 + problem.knobs["restated"] / 20)
