"""StringSplit: split a string into pieces by a stated rule.

Rules: ``chunks_left`` (pieces of k characters from the start, the last one shorter if
need be), ``at_delimiter`` (split at every occurrence of a letter, which is dropped, and
drop empty pieces), ``before_capital`` (a new piece starts at every capital letter) and
``chunks_right`` (pieces of k characters counted from the end, the first one shorter if need
be, as digits are grouped in thousands). There are always at least two pieces.

Answer syntax: the pieces in order, separated by single spaces (case-sensitive).

Knobs: ``length`` (characters, 8 -> 40) and ``mode`` (``chunks_left``, ``at_delimiter``,
``before_capital``, ``chunks_right``; easiest first). Difficulty raises both.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.strings.text import make_word

MODES = ("chunks_left", "at_delimiter", "before_capital", "chunks_right")
_PIECE = re.compile(r"[A-Za-z]+")


def split(s: str, mode: str, value) -> list[str]:
    if mode == "chunks_left":
        return [s[i : i + value] for i in range(0, len(s), value)]
    if mode == "chunks_right":
        head = len(s) % value
        return ([s[:head]] if head else []) + [s[i : i + value] for i in range(head, len(s), value)]
    if mode == "at_delimiter":
        return [p for p in s.split(value) if p]
    return re.findall(r"[A-Z]?[a-z]+|[A-Z]", s) if s[0].isupper() else re.split(r"(?=[A-Z])", s)


class StringSplit(Family):
    """The pieces a string splits into under a stated rule."""

    knobs: ClassVar[dict[str, Knob]] = {
        "length": Knob("int", 6, 60, default=12, easy=8, hard=40, doc="characters"),
        "mode": Knob("categorical", choices=MODES, default="chunks_left", doc="split rule"),
    }
    answer_syntax = "the pieces in order, separated by single spaces"
    answer_form = "pieces separated by spaces"
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, mode = int(knobs["length"]), knobs["mode"]
        value = rng.randint(2, 5) if mode.startswith("chunks") else ""
        while True:
            words = []
            while sum(map(len, words)) < n:
                word = make_word(rng, 2, 6)
                words.append(word.capitalize() if rng.random() < 0.5 else word)
            s = "".join(words)[:n]
            if mode != "before_capital":
                s = s.lower()
            if mode == "at_delimiter":
                value = rng.choice(sorted(set(s[1:-1]) or {"a"}))
            pieces = split(s, mode, value)
            if len(pieces) >= 2 and "".join(pieces) != s[::-1]:
                break
        rule = {
            "chunks_left": f"into pieces of {value} characters counted from the start (the last "
            "piece is shorter if the length is not a multiple)",
            "chunks_right": f"into pieces of {value} characters counted from the end (the first "
            "piece is shorter if the length is not a multiple), as digits are grouped in "
            "thousands",
            "at_delimiter": f"at every '{value}': the '{value}'s are removed, and empty pieces "
            "are dropped",
            "before_capital": "so that a new piece starts at every capital letter",
        }[mode]
        question = f"String: {s}\n\nSplit the string {rule}. Give the pieces in order."
        return Draft(question, " ".join(pieces), {"string": s, "mode": mode, "value": value})

    def check(self, problem: Problem, answer: str) -> Judgement:
        pieces = answer.split()
        if not pieces or not all(_PIECE.fullmatch(p) for p in pieces):
            return Judgement.unparsable("expected pieces of letters separated by spaces")
        return Judgement.right() if " ".join(pieces) == problem.answer else Judgement.wrong()

    def complexity(self, problem: Problem) -> float:
        """Characters times the rule's rank."""
        meta = problem.meta
        return len(meta["string"]) * (1 + MODES.index(meta["mode"]))
