"""WordReversal: reverse a sentence's word order, the letters of its words, or both.

A sentence of generated words is transformed by one stated rule: ``word_order`` (the words
in reverse order), ``letters`` (each word's letters reversed, words in place), ``both`` (the
whole sentence backwards: words in reverse order, each spelled backwards) or ``alternate``
(the letters of every second word reversed: the 2nd, 4th, ...). The result always differs
from the sentence, so copying it earns nothing.

Answer syntax: the resulting words separated by single spaces.

Knobs: ``words`` (3 -> 20) and ``mode`` (``word_order``, ``letters``, ``both``,
``alternate``; easiest first). Difficulty raises both.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.strings.text import AnswerError, make_word, read_words

MODES = ("word_order", "letters", "both", "alternate")
RULES = {
    "word_order": "Write its words in reverse order (each word spelled as it is).",
    "letters": "Reverse the letters of each word, keeping the words in their order.",
    "both": "Write the whole sentence backwards: the words in reverse order, each word "
    "spelled backwards.",
    "alternate": "Reverse the letters of every second word (the 2nd, the 4th, and so on); "
    "the other words stay as they are, and the order of the words does not change.",
}


def transform(words: list[str], mode: str) -> list[str]:
    if mode == "word_order":
        return words[::-1]
    if mode == "letters":
        return [w[::-1] for w in words]
    if mode == "both":
        return [w[::-1] for w in words[::-1]]
    return [w[::-1] if i % 2 else w for i, w in enumerate(words)]


class WordReversal(Family):
    """A sentence with its words, their letters, or both reversed."""

    knobs: ClassVar[dict[str, Knob]] = {
        "words": Knob("int", 3, 30, default=6, easy=3, hard=20, doc="words in the sentence"),
        "mode": Knob("categorical", choices=MODES, default="letters", doc="what is reversed"),
    }
    answer_syntax = "the resulting words separated by single spaces"
    answer_form = "words separated by spaces"
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, mode = int(knobs["words"]), knobs["mode"]
        while True:
            words = [make_word(rng, 2, 9) for _ in range(n)]
            result = transform(words, mode)
            if result != words:
                break
        question = f"Sentence:\n{' '.join(words)}\n\n{RULES[mode]} What is the result?"
        return Draft(question, " ".join(result), {"words": words, "mode": mode})

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            got = read_words(answer)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        return Judgement.right() if " ".join(got) == problem.answer else Judgement.wrong()

    def complexity(self, problem: Problem) -> float:
        """Letters of the sentence times the rule's rank."""
        meta = problem.meta
        return sum(map(len, meta["words"])) * (MODES.index(meta["mode"]) + 1)
