"""StringInsertion: apply insertion rules to a string, in order.

A lowercase string (with doubled letters on purpose) and one to three rules, each applied
to the result of the one before: insert a capital after every vowel (a, e, i, o, u), between
every two equal adjacent characters, before every occurrence of a letter, or after every
k-th character (not after the last). Every rule inserts something, so the input is never
the answer.

Answer syntax: the final string alone (letters, case-sensitive).

Knobs: ``length`` (letters, 6 -> 30) and ``rules`` (1 -> 3). Difficulty raises both.
"""

from __future__ import annotations

import itertools
import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem

KINDS = ("after_vowel", "between_equal", "before_letter", "every_k")
MARKS = "XQZW"
_ANSWER = re.compile(r"[A-Za-z]+")


def apply(s: str, rule: list) -> str:
    kind, mark, value = rule
    if kind == "after_vowel":
        return "".join(c + mark if c in "aeiou" else c for c in s)
    if kind == "before_letter":
        return "".join(mark + c if c == value else c for c in s)
    if kind == "between_equal":
        out = [s[0]]
        for a, b in itertools.pairwise(s):
            out.append(mark + b if a == b else b)
        return "".join(out)
    pieces = [s[i : i + value] for i in range(0, len(s), value)]
    return mark.join(pieces)


def ordinal(k: int) -> str:
    suffix = "th" if 10 <= k % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")
    return f"{k}{suffix}"


def describe(rule: list) -> str:
    kind, mark, value = rule
    if kind == "every_k":
        return (
            f"insert {mark} after every {value} characters, counting from the start (after "
            f"the {ordinal(value)}, the {ordinal(2 * value)}, ...; never after the last "
            "character)"
        )
    return {
        "after_vowel": f"insert {mark} after every vowel (a, e, i, o, u)",
        "between_equal": f"insert {mark} between every two equal adjacent characters",
        "before_letter": f"insert {mark} before every '{value}'",
    }[kind]


class StringInsertion(Family):
    """A string after a sequence of insertion rules."""

    knobs: ClassVar[dict[str, Knob]] = {
        "length": Knob("int", 4, 40, default=10, easy=6, hard=30, doc="letters"),
        "rules": Knob("int", 1, 4, default=1, easy=1, hard=3, doc="rules applied in order"),
    }
    answer_syntax = "the final string alone, case-sensitive"
    answer_form = "a string"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, m = int(knobs["length"]), int(knobs["rules"])
        letters = rng.sample("abcdefghklmnoprstu", 6)
        chars = []
        while len(chars) < n:
            c = rng.choice(letters)
            chars += [c, c] if rng.random() < 0.2 else [c]
        s = start = "".join(chars[:n])
        rules = []
        for kind in rng.sample(KINDS, m):
            mark = rng.choice(MARKS)
            value = rng.choice(s) if kind == "before_letter" else rng.randint(2, 4)
            rule = [kind, mark, value if kind in ("before_letter", "every_k") else ""]
            after = apply(s, rule)
            if after == s:  # nothing to insert: every k-th character always applies
                rule = ["every_k", mark, 2]
                after = apply(s, rule)
            rules.append(rule)
            s = after
        steps = "\n".join(f"{i}. {describe(r)}" for i, r in enumerate(rules, 1))
        question = (
            f"String: {start}\n\nApply these rules in order, each to the result of the "
            f"previous one:\n{steps}\n\nWhat is the final string?"
        )
        return Draft(question, s, {"string": start, "rules": rules})

    def check(self, problem: Problem, answer: str) -> Judgement:
        text = answer.strip().strip("'\"`").strip()
        if not _ANSWER.fullmatch(text):
            return Judgement.unparsable("expected the string alone")
        return Judgement.right() if text == problem.answer else Judgement.wrong()

    def complexity(self, problem: Problem) -> float:
        """Letters times rules."""
        return len(problem.meta["string"]) * len(problem.meta["rules"])
