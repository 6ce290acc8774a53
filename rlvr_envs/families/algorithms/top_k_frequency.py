"""TopKFrequency: frequency counts over a list of words.

A text of words drawn with skewed frequencies from a small vocabulary; the question is one of

* ``count``: how often each of two or three named words occurs;
* ``top_k``: the k most frequent words with their counts, most frequent first, ties broken
  as stated (alphabetically, or by first occurrence in the text);
* ``exactly``: every word occurring exactly m times (m chosen so that at least two do).

With ``messy`` text, words carry capitals and punctuation: words are compared ignoring case
and punctuation, as the prompt says. The reference counts with a hash map in one pass and
sorts by (count descending, tie key); the tests recount with ``collections.Counter`` and rank
by brute force (a word's rank is the number of words that beat it).

Answer syntax: ``count`` and ``top_k``: ``word: count`` pairs separated by commas
(``apple: 5, pear: 3``), for ``top_k`` in rank order; ``exactly``: the words separated by
commas, in alphabetical order (any order is accepted). ``=`` for ``:``, semicolons, new
lines, brackets around the whole and quotes around words are accepted; words in any case.
The answer is unique.

Knobs: ``length`` (words in the text, 8..200), ``vocabulary`` (distinct words, 3..30),
``question`` (``count`` < ``top_k`` < ``exactly``) and ``messy`` (capitals and punctuation);
difficulty raises all four. At difficulty 1: 120 words over 16 distinct ones with mixed case
and punctuation, and every word's count has to be known to find those with a given count.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.algorithms.records import (
    AnswerError,
    read_names,
    read_pairs,
    unique_keys,
)

WORDS = [
    "apple",
    "pear",
    "plum",
    "fig",
    "lime",
    "kiwi",
    "mango",
    "peach",
    "grape",
    "melon",
    "lemon",
    "cherry",
    "olive",
    "date",
    "guava",
    "berry",
    "cat",
    "dog",
    "fox",
    "owl",
    "bee",
    "ant",
    "elk",
    "yak",
    "hen",
    "cow",
    "ram",
    "bat",
    "eel",
    "cod",
]
PUNCTUATION = (",", ".", "!", "?", ";")


class TopKFrequency(Family):
    """Count words: counts of named words, the top k with ties broken, or those seen m times."""

    knobs: ClassVar[dict[str, Knob]] = {
        "length": Knob("int", 8, 200, default=30, easy=12, hard=120, doc="words in the text"),
        "vocabulary": Knob("int", 3, 30, default=6, easy=4, hard=16, doc="distinct words"),
        "question": Knob(
            "categorical",
            choices=("count", "top_k", "exactly"),
            default="top_k",
            doc="counts of named words; the k most frequent; the words seen exactly m times",
        ),
        "messy": Knob("bool", default=False, easy=False, hard=True, doc="capitals and punctuation"),
    }
    answer_syntax = (
        "word: count pairs separated by commas (e.g. apple: 5, pear: 3), or, where the "
        "question asks only for words, the words separated by commas"
    )
    answer_form = "word counts or words"
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        while True:
            draft = self._draw(rng, knobs)
            if draft is not None:
                return draft

    def _draw(self, rng: random.Random, knobs: dict) -> Draft | None:
        length, size = int(knobs["length"]), int(knobs["vocabulary"])
        size = min(size, length // 2, len(WORDS))
        question, messy = knobs["question"], bool(knobs["messy"])
        vocab = rng.sample(WORDS, size)
        weights = [rng.choice((1, 2, 2, 3, 4, 6)) for _ in vocab]
        tokens = list(vocab) + rng.choices(vocab, weights, k=length - size)
        rng.shuffle(tokens)
        counts: dict[str, int] = {}
        first: dict[str, int] = {}
        for i, word in enumerate(tokens):
            counts[word] = counts.get(word, 0) + 1
            first.setdefault(word, i)
        if messy:
            shown = []
            for word in tokens:
                roll = rng.random()
                word = word.capitalize() if roll < 0.3 else word.upper() if roll < 0.4 else word
                if rng.random() < 0.25:
                    word += rng.choice(PUNCTUATION)
                shown.append(word)
            text = " ".join(shown)
            rule = (
                " Words are compared ignoring capital letters and punctuation (Apple, apple "
                "and APPLE! are the same word)."
            )
        else:
            text = " ".join(tokens)
            rule = ""
        meta: dict = {"question": question, "length": length, "distinct": size}
        if question == "count":
            named = rng.sample(vocab, min(len(vocab), rng.randint(2, 3)))
            ask = (
                f"How many times does each of the words {', '.join(named)} occur in the text? "
                "Give each word with its count."
            )
            answer = ", ".join(f"{w}: {counts[w]}" for w in named)
            meta["pairs"] = [[w, counts[w]] for w in named]
        elif question == "top_k":
            k = min(rng.randint(2, 4), size - 1)
            tie = rng.choice(("alphabetical", "first"))
            tie_key = (lambda w: w) if tie == "alphabetical" else (lambda w: first[w])
            ranked = sorted(vocab, key=lambda w: (-counts[w], tie_key(w)))[:k]
            tie_text = (
                "alphabetically (a before b)"
                if tie == "alphabetical"
                else "by first occurrence (the word that appears first in the text comes first)"
            )
            ask = (
                f"Which are the {k} most frequent words, with their counts? List them from "
                f"most to least frequent; words with equal counts are ordered {tie_text}."
            )
            answer = ", ".join(f"{w}: {counts[w]}" for w in ranked)
            meta["pairs"] = [[w, counts[w]] for w in ranked]
            meta["tie"] = tie
        else:
            shared = sorted({c for c in counts.values() if list(counts.values()).count(c) >= 2})
            shared = [c for c in shared if list(counts.values()).count(c) < size]
            if not shared:
                return None
            m = rng.choice(shared)
            words = sorted(w for w in vocab if counts[w] == m)
            ask = (
                f"Which words occur exactly {m} times in the text? List them in alphabetical "
                "order, without counts."
            )
            answer = ", ".join(words)
            meta["words"] = words
            meta["m"] = m
        question_text = f"Here is a text of {length} words:\n\n{text}\n\n{rule.strip()}"
        question_text = question_text.rstrip() + f"\n\n{ask}"
        return Draft(question_text, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        if meta["question"] == "exactly":
            try:
                given = [w.lower() for w in read_names(answer)]
            except AnswerError as exc:
                return Judgement.unparsable(str(exc))
            if len(set(given)) != len(given):
                return Judgement.wrong(why="a word is listed twice")
            if set(given) != set(meta["words"]):
                return Judgement.wrong(why="not the words with that count")
            return Judgement.right()
        try:
            pairs = read_pairs(answer, r"[A-Za-z]+")
            given = unique_keys(pairs)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        expected = {w: c for w, c in meta["pairs"]}
        if given != expected:
            return Judgement.wrong(why="not the expected words and counts")
        if meta["question"] == "top_k" and [k.lower() for k, _ in pairs] != list(expected):
            return Judgement.wrong(why="the words are not in rank order")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Words in the text plus distinct words."""
        return problem.meta["length"] + problem.meta["distinct"]
