"""What the strings families share: a generated vocabulary and strict readers of answers.

Words are made here from consonant-vowel syllables drawn from the family's own ``rng`` (no
word list), so every text is a pure function of the seed. Words that the answer front end
reads as a hedge (``or``, ``maybe``) are never made. The readers take an answer after the
front end (docs/answers.md) and raise :class:`AnswerError` on anything outside the stated
syntax; they never evaluate text and are linear in its length.
"""

from __future__ import annotations

import random
import re

from rlvr_envs.families.shared.answer_parsing import AnswerError
from rlvr_envs.numbers import normalise

CONSONANTS = "bcdfghklmnprstvz"
VOWELS = "aeiou"
LETTERS = "abcdefghijklmnopqrstuvwxyz"
_HEDGE_WORDS = frozenset({"or", "either", "maybe", "perhaps", "possibly", "and"})
_WORD = re.compile(r"[a-z]+")


def make_word(rng: random.Random, low: int, high: int) -> str:
    """A pronounceable lowercase word of ``low`` to ``high`` letters."""
    while True:
        size = rng.randint(low, high)
        letters = []
        vowel = rng.random() < 0.3
        while len(letters) < size:
            letters.append(rng.choice(VOWELS if vowel else CONSONANTS))
            vowel = not vowel
        word = "".join(letters)
        if word not in _HEDGE_WORDS:
            return word


def vocabulary(rng: random.Random, count: int, low: int, high: int) -> list[str]:
    """``count`` distinct words of ``low`` to ``high`` letters, in drawing order."""
    seen: dict[str, None] = {}
    while len(seen) < count:
        seen.setdefault(make_word(rng, low, high))
    return list(seen)


def random_letters(rng: random.Random, size: int, alphabet: str) -> str:
    return "".join(rng.choice(alphabet) for _ in range(size))


def read_words(answer: str, pattern: re.Pattern[str] = _WORD) -> list[str]:
    """Words separated by whitespace, each fully matching ``pattern``."""
    words = normalise(answer).split()
    if not words:
        raise AnswerError("the answer is empty")
    bad = next((w for w in words if not pattern.fullmatch(w)), None)
    if bad is not None:
        raise AnswerError(f"{bad[:40]!r} is not a word of the stated syntax")
    return words


def read_lines(answer: str) -> list[str]:
    """The answer's lines with trailing whitespace removed (blank edge lines dropped)."""
    lines = [line.rstrip() for line in normalise(answer).strip("\n").split("\n")]
    if not any(lines):
        raise AnswerError("the answer is empty")
    return lines
