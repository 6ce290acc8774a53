"""Anagram: rearrange scrambled letters into a word, or into a given number of words.

The letters are those of ``words`` words drawn from the list of
:mod:`rlvr_envs.families.puzzles.words` (common English nouns, verbs and adjectives in their
base form, as the prompt says), ``letters`` letters in all, shuffled. Any answer that uses
every letter exactly once and splits into the asked number of words of the list is right,
not only the words drawn: ``listen`` may come back as ``silent`` or ``tinsel``. The scramble
is never itself an answer, and no word of the prompt is an answer either.

Answer syntax: the word, or the words separated by spaces or commas, in any order, e.g.
``silent`` or ``rose, garden``; case is ignored. With several words each has at least 3
letters.

Knobs: ``letters`` (4..12 letters in all) and ``words`` (1..3 words to find; each has at
least 3 and at most 10 letters, so fewer words are made when the letters are too few and
more when they are too many for the asked number).

Versions: v0 uses the ``wonderwords`` list, which holds plurals and past tenses the prompt
rules out (``fries``, ``acted``) and lacks common words (``dog``, ``play``); v1 (issue 26)
uses the ``common`` list of :mod:`~rlvr_envs.families.puzzles.words`, built from lexicons
with lemma data and word frequencies, and is otherwise the same.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.puzzles.words import DESCRIPTION, all_words, of_length

MIN_LETTERS, MAX_LETTERS = 3, 10  # per word


class Anagram(Family):
    """Unscramble letters into words of the list (any valid arrangement is right)."""

    knobs: ClassVar[dict[str, Knob]] = {
        "letters": Knob("int", 4, 12, default=6, easy=4, hard=10, doc="letters in all"),
        "words": Knob("int", 1, 3, default=1, easy=1, hard=3, doc="words to make"),
    }
    answer_syntax = "the word or words, separated by spaces (e.g. silent or rose garden)"
    answer_form = "words"
    unique_answer = False
    single_answer = False
    lexicon: ClassVar[str] = "wonderwords"  # the word list (see words.py)

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        total = int(knobs["letters"])
        # at least 3 letters a word (fewer words when the letters are few), at most 10 (more
        # words when they are many)
        k = max(-(-total // MAX_LETTERS), min(int(knobs["words"]), total // MIN_LETTERS))
        while True:
            lengths = _split(rng, total, k)
            chosen = [rng.choice(of_length(n, self.lexicon)) for n in lengths]
            letters = list("".join(chosen))
            key = "".join(sorted(letters))
            for _ in range(20):
                rng.shuffle(letters)
                scramble = "".join(letters)
                if k > 1 or scramble not in all_words(self.lexicon):
                    break
            question = _question(scramble, k)
            # no word of the prompt (the scramble included) may be an answer by itself
            prompt = {t.lower() for t in _tokens(question + " " + self.instruction())}
            vocabulary = all_words(self.lexicon)
            if k > 1 or all(t not in vocabulary or "".join(sorted(t)) != key for t in prompt):
                break
        meta = {"letters": scramble, "words": k}
        return Draft(question, " ".join(chosen), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        if len(answer) > 4 * len(meta["letters"]) + 40:
            return Judgement.unparsable("the answer is far longer than the letters")
        parts = [p for p in re.split(r"[\s,;]+", answer.strip().rstrip(".")) if p]
        if not parts or not all(p.isascii() and p.isalpha() for p in parts):
            return Judgement.unparsable("expected words of letters separated by spaces")
        parts = [p.lower() for p in parts]
        if len(parts) != meta["words"]:
            return Judgement.wrong(why=f"expected {meta['words']} word(s), got {len(parts)}")
        if len(parts) > 1 and min(map(len, parts)) < MIN_LETTERS:
            return Judgement.wrong(why=f"every word needs at least {MIN_LETTERS} letters")
        if Counter("".join(parts)) != Counter(meta["letters"]):
            return Judgement.wrong(why="the letters used are not exactly the given letters")
        vocabulary = all_words(self.lexicon)
        for part in parts:
            if part not in vocabulary:
                return Judgement.wrong(why=f"{part!r} is not in the word list")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Letters in all, plus 3 per extra word (where to split)."""
        return len(problem.meta["letters"]) + 3 * (problem.meta["words"] - 1)


class AnagramV1(Anagram):
    """v1: the word list built from lexicons with lemma data, as the prompt describes it."""

    name = "Anagram"
    lexicon: ClassVar[str] = "common"


def _split(rng: random.Random, total: int, k: int) -> list[int]:
    """k word lengths between MIN_LETTERS and MAX_LETTERS summing to ``total``."""
    while True:
        cuts = sorted(rng.sample(range(1, total), k - 1))
        lengths = [b - a for a, b in zip([0, *cuts], [*cuts, total])]
        if all(MIN_LETTERS <= n <= MAX_LETTERS for n in lengths):
            return lengths


def _question(scramble: str, k: int) -> str:
    letters = scramble.upper()
    if k == 1:
        task = f"Rearrange all {len(scramble)} letters into one word"
    else:
        task = (
            f"Rearrange all {len(scramble)} letters into {k} words (of any lengths, at least "
            f"{MIN_LETTERS} letters each)"
        )
    return (
        f"Letters: {letters}\n\n{task}, using every letter exactly once. Every word must be "
        f"one of the {DESCRIPTION}. Any such answer is accepted."
    )


def _tokens(text: str) -> list[str]:
    return re.findall(r"[A-Za-z]+", text)
