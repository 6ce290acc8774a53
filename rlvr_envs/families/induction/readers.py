"""Strict readers of the induction families' answers, and the generated words they show.

Every reader takes an answer after the front end (docs/answers.md), raises
:class:`AnswerError` on anything outside the stated syntax, never evaluates text and is
linear in its length. Words are made from consonant-vowel syllables drawn from the
family's own ``rng``, so every instance is a pure function of its seed.
"""

from __future__ import annotations

import random
import re

from rlvr_envs.families.shared.answer_parsing import AnswerError
from rlvr_envs.numbers import normalise

CONSONANTS = "bcdfghklmnprstvz"
VOWELS = "aeiou"
LETTERS = "abcdefghijklmnopqrstuvwxyz"
_HEDGE_WORDS = frozenset({"or", "either", "maybe", "perhaps", "possibly", "and", "not"})
_INT_LIST = re.compile(r"\s*(-?\d{1,30}(?:(?:\s*,\s*|\s+)-?\d{1,30})*)?\s*")
_INT = re.compile(r"-?\d{1,30}")


def read_int_list(answer: str) -> list[int]:
    """Integers separated by commas and/or spaces inside one pair of brackets
    (``[3, 1, 2]``, ``[3 1 2]``); ``[]`` is the empty list."""
    text = normalise(answer).strip()
    if len(text) > 2_000:
        raise AnswerError("the list is too long")
    if not (text.startswith("[") and text.endswith("]")):
        raise AnswerError("expected a list in square brackets such as [3, 1, 2]")
    match = _INT_LIST.fullmatch(text[1:-1])
    if not match:
        raise AnswerError("expected a list of integers such as [3, 1, 2]")
    return [int(v) for v in _INT.findall(match.group(1) or "")]


def read_digit_row(answer: str) -> list[int]:
    """A row of single digits, written together or separated by spaces or commas."""
    text = re.sub(r"[\s,]", "", normalise(answer))
    if not text or not text.isdigit() or not text.isascii():
        raise AnswerError("expected a row of digits such as 0033000")
    return [int(c) for c in text]


def read_word(answer: str, pattern: str = "[A-Za-z]+") -> str:
    """One word fully matching ``pattern`` (surrounding quotes or backticks allowed)."""
    text = normalise(answer).strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'`":
        text = text[1:-1]
    if len(text) > 500 or not re.fullmatch(pattern, text):
        raise AnswerError("expected one word")
    return text


def make_word(rng: random.Random, low: int, high: int) -> str:
    """A pronounceable lowercase word of ``low`` to ``high`` letters (never a hedge word)."""
    while True:
        size = rng.randint(low, high)
        letters = []
        vowel = rng.random() < 0.3
        while len(letters) < size:
            letters.append(rng.choice(VOWELS if vowel else CONSONANTS))
            vowel = not vowel if rng.random() < 0.85 else vowel
        word = "".join(letters)
        if word not in _HEDGE_WORDS:
            return word


def distinct_words(rng: random.Random, count: int, low: int, high: int) -> list[str]:
    """``count`` distinct words of ``low`` to ``high`` letters, in drawing order."""
    seen: dict[str, None] = {}
    while len(seen) < count:
        seen.setdefault(make_word(rng, low, high))
    return list(seen)
