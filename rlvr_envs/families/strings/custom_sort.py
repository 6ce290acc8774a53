"""CustomSort: sort words by a stated key.

Distinct generated words are sorted by one key: their length, their last letter, their
number of vowels (a, e, i, o, u), or the order of a stated custom alphabet (compared letter
by letter, a word before every longer word it begins). With ``descending`` the key runs from
largest to smallest; ties are always broken alphabetically (a to z), so the order is unique.
The words are shown in an order that is not the answer.

Answer syntax: the words in sorted order, separated by single spaces.

Knobs: ``words`` (4 -> 16), ``key`` (``length``, ``last_letter``, ``vowels``, ``custom``;
easiest first) and ``descending``. Difficulty raises all three.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.strings.text import VOWELS, AnswerError, read_words, vocabulary

KEYS = ("length", "last_letter", "vowels", "custom")


def sort_words(words: list[str], key: str, descending: bool, alphabet: str = "") -> list[str]:
    """The words in the stated order (ties alphabetical, a to z)."""
    if key == "custom":
        rank = {c: i for i, c in enumerate(alphabet)}
        ordered = sorted(words, key=lambda w: [rank[c] for c in w])
        return ordered[::-1] if descending else ordered
    measure = {
        "length": len,
        "last_letter": lambda w: ord(w[-1]),
        "vowels": lambda w: sum(c in VOWELS for c in w),
    }[key]
    sign = -1 if descending else 1
    return sorted(words, key=lambda w: (sign * measure(w), w))


def describe(key: str, descending: bool, alphabet: str) -> str:
    if key == "custom":
        way = "reverse " if descending else ""
        return (
            f"in {way}dictionary order under this custom alphabet (a letter earlier in it comes "
            f"first; a word comes before every longer word that begins with it): {alphabet}"
            + (
                ". Reverse dictionary order means the word that would come last comes first."
                if descending
                else ""
            )
        )
    what = {
        "length": "number of letters",
        "last_letter": "last letter (in the usual alphabet)",
        "vowels": "number of vowels (a, e, i, o, u)",
    }[key]
    way = "largest first" if descending else "smallest first"
    if key == "last_letter":
        way = "z first" if descending else "a first"
    return f"by {what}, {way}; words that tie are in alphabetical order (a to z)"


class CustomSort(Family):
    """Words sorted by length, last letter, vowel count or a custom alphabet."""

    knobs: ClassVar[dict[str, Knob]] = {
        "words": Knob("int", 3, 24, default=8, easy=4, hard=16, doc="words to sort"),
        "key": Knob("categorical", choices=KEYS, default="length", doc="sort key (easiest first)"),
        "descending": Knob("bool", default=False, doc="largest key first"),
    }
    answer_syntax = "the words in sorted order, separated by single spaces"
    answer_form = "words separated by spaces"
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, key, down = int(knobs["words"]), knobs["key"], bool(knobs["descending"])
        words = vocabulary(rng, n, 3, 8)
        letters = sorted({c for w in words for c in w})
        alphabet = "".join(rng.sample(letters, len(letters))) if key == "custom" else ""
        answer = sort_words(words, key, down, alphabet)
        while words == answer:
            rng.shuffle(words)
        question = f"Words:\n{' '.join(words)}\n\nSort these words {describe(key, down, alphabet)}."
        meta = {"words": words, "key": key, "descending": down, "alphabet": alphabet}
        return Draft(question, " ".join(answer), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            got = read_words(answer)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if sorted(got) != sorted(problem.meta["words"]):
            return Judgement.wrong(why="not the given words, each once")
        return Judgement.right() if " ".join(got) == problem.answer else Judgement.wrong()

    def complexity(self, problem: Problem) -> float:
        """Words times the key's rank (custom alphabets last) and direction."""
        meta = problem.meta
        return len(meta["words"]) * (KEYS.index(meta["key"]) + 1 + meta["descending"])
