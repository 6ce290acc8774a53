"""CharacterFrequency: the k most frequent letters of a text, with a stated tie-break.

Letter counts are drawn first (six to twelve letters, with ties made on purpose around the
k-th place), then the letters are shuffled into words of random lengths. Ties are broken as
the prompt says: ``alphabetical`` (a before b) or ``first_seen`` (the letter that occurs
first in the text comes first), so the answer is unique.

Answer syntax: the k letters, most frequent first, separated by single spaces (``e t a``).

Knobs: ``length`` (letters of text, 20 -> 200), ``k`` (1 -> 5) and ``tie_break``
(``alphabetical``, ``first_seen``; easiest first). Difficulty raises all three.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.strings.text import LETTERS, AnswerError, read_words

TIE_BREAKS = ("alphabetical", "first_seen")
_LETTER = re.compile(r"[a-z]")


def top_letters(text: str, k: int, tie_break: str) -> list[str]:
    letters = [c for c in text if c != " "]
    counts: dict[str, int] = {}
    for c in letters:
        counts[c] = counts.get(c, 0) + 1
    first = {c: letters.index(c) for c in counts}
    tie = (lambda c: c) if tie_break == "alphabetical" else (lambda c: first[c])
    return sorted(counts, key=lambda c: (-counts[c], tie(c)))[:k]


class CharacterFrequency(Family):
    """The k most frequent letters of a text, ties broken as stated."""

    knobs: ClassVar[dict[str, Knob]] = {
        "length": Knob("int", 12, 300, default=50, easy=20, hard=200, doc="letters of text"),
        "k": Knob("int", 1, 5, default=2, doc="letters asked for"),
        "tie_break": Knob(
            "categorical", choices=TIE_BREAKS, default="alphabetical", doc="how ties are broken"
        ),
    }
    answer_syntax = "the letters, most frequent first, separated by single spaces (e.g. e t a)"
    answer_form = "letters separated by spaces"
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, k, tie = int(knobs["length"]), int(knobs["k"]), knobs["tie_break"]
        m = rng.randint(k + 2, min(12, max(k + 2, n // 3)))
        chosen = rng.sample(LETTERS, m)
        weights = [rng.randint(1, 4) for _ in chosen]
        counts = [1] * m
        for index in rng.choices(range(m), weights, k=n - m):
            counts[index] += 1
        pool = [c for c, times in zip(chosen, counts) for _ in range(times)]
        rng.shuffle(pool)
        words, i = [], 0
        while i < len(pool):
            size = rng.randint(2, 7)
            words.append("".join(pool[i : i + size]))
            i += size
        if len(words) > 1 and len(words[-1]) == 1:
            words[-2:] = [words[-2] + words[-1]]
        text = " ".join(words)
        answer = top_letters(text, k, tie)
        rule = (
            "alphabetical order (a first)"
            if tie == "alphabetical"
            else "the order in which the letters first occur in the text"
        )
        which = "letter occurs" if k == 1 else f"{k} letters occur"
        question = (
            f"Text:\n{text}\n\nWhich {which} most often in the text (spaces do not "
            f"count)? List the {k} most frequent letters, most frequent first; letters with "
            f"equal counts are ordered by {rule}."
        )
        return Draft(question, " ".join(answer), {"text": text, "k": k, "tie_break": tie})

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            got = read_words(answer.replace(",", " "), _LETTER)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        return Judgement.right() if " ".join(got) == problem.answer else Judgement.wrong()

    def complexity(self, problem: Problem) -> float:
        """Letters of text times letters asked for."""
        return len(problem.meta["text"]) * problem.meta["k"]
