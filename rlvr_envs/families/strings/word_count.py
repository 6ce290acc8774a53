"""WordCount: how many words of a text meet stated conditions.

A text of generated words is drawn with exactly ``t`` words meeting every condition (``t``
uniform from 0 to three quarters of
the words, so the count is spread evenly) and the rest failing at
least one. Conditions: the word starts with a letter, ends with a letter, contains a letter,
has at least L letters. Every occurrence counts (a word may repeat).

Answer syntax: one integer.

Knobs: ``words`` (words of text, 6 -> 60) and ``conditions`` (conditions joined by "and",
1 -> 3). Difficulty raises both.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.shared.answer_parsing import judge_integer
from rlvr_envs.families.strings.text import (
    CONSONANTS,
    VOWELS,
    make_word,
)

KINDS = ("starts", "ends", "contains", "min_length")


def meets(word: str, condition: list) -> bool:
    kind, value = condition
    if kind == "starts":
        return word.startswith(value)
    if kind == "ends":
        return word.endswith(value)
    if kind == "contains":
        return value in word
    return len(word) >= value


def describe(condition: list) -> str:
    kind, value = condition
    return {
        "starts": f"starts with the letter '{value}'",
        "ends": f"ends with the letter '{value}'",
        "contains": f"contains the letter '{value}'",
        "min_length": f"has at least {value} letters",
    }[kind]


def _enforce(rng: random.Random, word: str, conditions: list) -> str:
    for kind, value in conditions:
        if kind == "min_length" and len(word) < value:
            word += make_word(rng, value - len(word), value - len(word))
    letters = list(word)
    for kind, value in conditions:
        if kind == "starts":
            letters[0] = value
        elif kind == "ends":
            letters[-1] = value
    word = "".join(letters)
    for kind, value in conditions:
        if kind == "contains" and value not in word:
            i = rng.randrange(1, len(word) - 1)
            word = word[:i] + value + word[i + 1 :]
    return word


def _satisfying(rng: random.Random, conditions: list) -> str:
    """A word meeting every condition: drawn where that is likely, else made to."""
    for _ in range(2):
        word = make_word(rng, 3, 8)
        if all(meets(word, c) for c in conditions):
            return word
    return _enforce(rng, make_word(rng, 3, 8), conditions)


class WordCount(Family):
    """The number of words in a generated text that meet one to three conditions."""

    knobs: ClassVar[dict[str, Knob]] = {
        "words": Knob("int", 6, 80, default=16, easy=6, hard=60, doc="words of text"),
        "conditions": Knob("int", 1, 3, default=1, doc="conditions a word must meet together"),
    }
    answer_syntax = "a single integer"
    answer_form = "integer"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, m = int(knobs["words"]), int(knobs["conditions"])
        kinds = rng.sample(KINDS, m)
        conditions = []
        for kind in kinds:
            if kind == "min_length":
                conditions.append([kind, rng.randint(5, 7)])
            elif kind == "contains":
                conditions.append([kind, rng.choice(VOWELS + "rstn")])
            else:
                conditions.append([kind, rng.choice(CONSONANTS[:10] + VOWELS)])
        total = rng.randint(0, 3 * n // 4)
        words = [_satisfying(rng, conditions) for _ in range(total)]
        while len(words) < n:
            word = make_word(rng, 3, 8)
            if not all(meets(word, c) for c in conditions):
                words.append(word)
        rng.shuffle(words)
        assert sum(all(meets(w, c) for c in conditions) for w in words) == total
        rule = " and ".join(describe(c) for c in conditions)
        question = (
            f"Text:\n{' '.join(words)}\n\nHow many words of the text (counting every "
            f"occurrence) meet this condition: the word {rule}?"
        )
        return Draft(question, str(total), {"words": words, "conditions": conditions})

    def check(self, problem: Problem, answer: str) -> Judgement:
        return judge_integer(answer, int(problem.answer))

    def complexity(self, problem: Problem) -> float:
        """Words times conditions."""
        return len(problem.meta["words"]) * len(problem.meta["conditions"])
