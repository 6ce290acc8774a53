"""CaseConversion: rewrite identifiers from one naming convention in another.

Identifiers of two to four generated words are shown in one convention and asked for in
another: ``snake_case``, ``kebab-case``, ``camelCase``, ``PascalCase`` or ``CONSTANT_CASE``.
Words are lowercase letters (a digit may end one, as in ``page2``), so the words of an
identifier are recovered exactly from any of the conventions. The two conventions always
differ, so the prompt never holds the answer.

Answer syntax: the converted identifiers in the given order, separated by single spaces.

Knobs: ``identifiers`` (1 -> 6) and ``words`` (most words per identifier, 2 -> 4); the pair
of conventions is drawn. Difficulty raises both.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.strings.text import make_word

STYLES = ("snake_case", "kebab-case", "camelCase", "PascalCase", "CONSTANT_CASE")
_IDENTIFIER = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")


def write(words: list[str], style: str) -> str:
    if style == "snake_case":
        return "_".join(words)
    if style == "kebab-case":
        return "-".join(words)
    if style == "CONSTANT_CASE":
        return "_".join(words).upper()
    capitalised = [w[0].upper() + w[1:] for w in words]
    if style == "camelCase":
        capitalised[0] = words[0]
    return "".join(capitalised)


class CaseConversion(Family):
    """Identifiers converted between snake, kebab, camel, Pascal and constant case."""

    knobs: ClassVar[dict[str, Knob]] = {
        "identifiers": Knob("int", 1, 8, default=2, easy=1, hard=6, doc="identifiers"),
        "words": Knob("int", 2, 5, default=2, easy=2, hard=4, doc="most words per identifier"),
    }
    answer_syntax = "the converted identifiers in the given order, separated by single spaces"
    answer_form = "identifiers separated by spaces"
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, most = int(knobs["identifiers"]), int(knobs["words"])
        source, target = rng.sample(STYLES, 2)
        names = []
        for _ in range(n):
            words = [make_word(rng, 2, 6) for _ in range(rng.randint(2, most))]
            if rng.random() < 0.2:
                words[-1] += str(rng.randint(1, 9))
            names.append(words)
        shown = " ".join(write(w, source) for w in names)
        answer = " ".join(write(w, target) for w in names)
        plural = "identifier" if n == 1 else "identifiers"
        question = (
            f"Identifiers in {source}:\n{shown}\n\nRewrite each {plural[:10]} in {target} "
            f"(snake_case: words_joined_like_this; kebab-case: words-joined-like-this; "
            "camelCase: wordsJoinedLikeThis; PascalCase: WordsJoinedLikeThis; CONSTANT_CASE: "
            "WORDS_JOINED_LIKE_THIS). Keep digits where they are."
        )
        meta = {"names": names, "source": source, "target": target}
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        got = answer.split()
        if not got or not all(_IDENTIFIER.fullmatch(x) for x in got):
            return Judgement.unparsable("expected identifiers separated by spaces")
        return Judgement.right() if " ".join(got) == problem.answer else Judgement.wrong()

    def complexity(self, problem: Problem) -> float:
        """Words over all identifiers."""
        return sum(len(w) for w in problem.meta["names"])
