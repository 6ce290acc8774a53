"""CipherByExample: encode a new word with a letter cipher known only from examples.

The prompt states the kind of cipher and shows plain -> coded word pairs; the key is
hidden. Kinds: ``shift`` (every letter moves k places along the alphabet, wrapping), ``affine``
(letter number x, a = 0, becomes a*x + b mod 26 with a coprime to 26) and ``alternating``
(two affine keys, one for the letters in odd positions and one for those in even
positions). Unique by proof: every key of the stated kind is tried (26, 312, or 312 per
position class), and pairs are added until all keys that fit them code the asked word the
same way. The coded word is never a word the prompt shows.

Answer syntax: the coded word alone, in small letters.

Knobs: ``kind`` (shift, affine, alternating), ``length`` (letters per word, 4 -> 8) and
``examples`` (pairs shown at least, 3 -> 1; more are added where needed). Difficulty raises
the kind and the length and lowers the examples.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.induction.readers import AnswerError, make_word, read_word

ALPHABET = "abcdefghijklmnopqrstuvwxyz"
_UNITS = [a for a in range(1, 26) if a % 2 and a != 13]
Key = tuple[int, int]


def keys(kind: str) -> list[Key]:
    """Every key of one position class: (a, b) with x -> a*x + b mod 26."""
    if kind == "shift":
        return [(1, b) for b in range(26)]
    return [(a, b) for a in _UNITS for b in range(26)]


def code(word: str, key_of_class: list[Key]) -> str:
    """``word`` coded with key ``key_of_class[i % classes]`` at position ``i``."""
    out = []
    for i, c in enumerate(word):
        a, b = key_of_class[i % len(key_of_class)]
        out.append(ALPHABET[(a * ALPHABET.index(c) + b) % 26])
    return "".join(out)


def _fitting(kind: str, pairs: list[tuple[str, str]], cls: int, classes: int) -> list[Key]:
    """The keys of position class ``cls`` that code every pair's letters in that class."""
    letters = {(p[i], c[i]) for p, c in pairs for i in range(cls, len(p), classes)}
    return [
        (a, b)
        for a, b in keys(kind)
        if all(ALPHABET[(a * ALPHABET.index(x) + b) % 26] == y for x, y in letters)
    ]


class CipherByExample(Family):
    """A word coded by a cipher whose key every fitting key of the stated kind agrees on."""

    knobs: ClassVar[dict[str, Knob]] = {
        "kind": Knob("categorical", choices=("shift", "affine", "alternating"), doc="cipher kind"),
        "length": Knob("int", 3, 10, default=6, easy=4, hard=8, doc="letters per word"),
        "examples": Knob("int", 1, 5, default=2, easy=3, hard=1, doc="pairs shown at least"),
    }  # fmt: skip
    answer_syntax = "the coded word alone, in small letters"
    answer_form = "word"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        kind, length = knobs["kind"], int(knobs["length"])
        classes = 2 if kind == "alternating" else 1
        family_kind = "shift" if kind == "shift" else "affine"
        while True:
            key = [rng.choice(keys(family_kind)) for _ in range(classes)]
            if any(k == (1, 0) for k in key):
                continue
            query = make_word(rng, max(3, length - 2), length)
            pool = [make_word(rng, max(3, length - 2), length) for _ in range(8)]
            pairs: list[tuple[str, str]] = []
            for word in pool:
                if word == query:
                    continue
                pairs.append((word, code(word, key)))
                if len(pairs) < int(knobs["examples"]):
                    continue
                fits = [_fitting(family_kind, pairs, c, classes) for c in range(classes)]
                # every fitting key of class c codes the query's letters of that class alike
                if all(
                    len({code(query[c::classes], [k]) for k in fits[c]}) == 1
                    for c in range(classes)
                ):
                    break
            else:
                continue
            out = code(query, key)
            shown = {query, *(w for pair in pairs for w in pair)}
            if out not in shown:
                break
        lines = "\n".join(f"  {p} -> {c}" for p, c in pairs)
        rule = {
            "shift": "every letter is moved the same number of places along the alphabet "
            "(after z comes a again)",
            "affine": "with the letters numbered a = 0 to z = 25, every letter x becomes "
            "(a*x + b) mod 26 for fixed whole numbers a and b, a sharing no factor with 26",
            "alternating": "with the letters numbered a = 0 to z = 25, every letter x becomes "
            "(a*x + b) mod 26, with one pair of fixed numbers a, b for the letters in odd "
            "positions (1st, 3rd, ...) and another pair for those in even positions (each a "
            "sharing no factor with 26)",
        }[kind]
        question = (
            f"A secret cipher codes words letter by letter: {rule}. These words were coded "
            f"with the same secret key:\n{lines}\n\nCode the word {query} with that key."
        )
        meta = {"kind": kind, "pairs": [list(p) for p in pairs], "query": query}
        return Draft(question, out, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            word = read_word(answer, "[a-z]+")
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        return Judgement.right() if word == problem.answer else Judgement.wrong()

    def complexity(self, problem: Problem) -> float:
        """Letters to code times the key space's size, over the pairs shown."""
        size = {"shift": 1, "affine": 2, "alternating": 3}[problem.meta["kind"]]
        return len(problem.meta["query"]) * size * 3 / len(problem.meta["pairs"])
