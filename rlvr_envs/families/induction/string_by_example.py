"""StringByExample: a hidden string transformation, from word -> word examples, on a new word.

The prompt states a library of 15 operations on words (reverse, capitals, drop the first
letter, rotate, double every letter, remove repeated letters, sort the letters, remove the
vowels, shift every letter to the next, swap the end letters, the word and its reverse, the
word twice) and says the hidden transformation applies at most ``depth`` of them in order.
Unique by proof: examples are added until every composition of at most ``depth`` library
operations that fits them gives the same word on the test word (an exhaustive enumeration
in :mod:`rlvr_envs.families.induction.compositions`); no shorter composition fits, and the
answer is never a word the prompt shows. The check compares the word exactly, capitals
included.

Answer syntax: the output word alone (``Abba``), case-sensitive; quotes around it are
ignored.

Knobs: ``depth`` (operations composed, 1 -> 3), ``length`` (letters of the longest input
word, 5 -> 9) and ``examples`` (examples shown at least, 4 -> 2; more are added where
needed). Difficulty raises the depth and the length and lowers the examples.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.induction.compositions import (
    UNDEFINED,
    Invariant,
    Operation,
    pin_examples,
    run,
)
from rlvr_envs.families.induction.readers import AnswerError, make_word, read_word

_VOWELS = frozenset("aeiouAEIOU")


def _shift(word: str) -> str:
    out = []
    for c in word:
        base = ord("a") if c.islower() else ord("A")
        out.append(chr(base + (ord(c) - base + 1) % 26))
    return "".join(out)


def _nonempty(fn: Callable[[str], str]) -> Callable[[str], str]:
    def op(word: str) -> str:
        out = fn(word)
        return out if out else UNDEFINED

    return op


LIBRARY: list[tuple[str, str, Callable[[str], str]]] = [
    ("reverse", "write the word backwards", lambda w: w[::-1]),
    ("upper", "write every letter as a capital", str.upper),
    ("capitalize", "write the first letter as a capital (the others unchanged)",
     lambda w: w[:1].upper() + w[1:]),
    ("drop_first", "remove the first letter", _nonempty(lambda w: w[1:])),
    ("drop_last", "remove the last letter", _nonempty(lambda w: w[:-1])),
    ("rotate_left", "move the first letter to the end", lambda w: w[1:] + w[:1]),
    ("rotate_right", "move the last letter to the front", lambda w: w[-1:] + w[:-1]),
    ("double_letters", "write every letter twice", lambda w: "".join(c + c for c in w)),
    ("unique", "remove every letter that already occurred earlier (capitals and small "
     "letters are different)", lambda w: "".join(dict.fromkeys(w))),
    ("sort", "sort the letters alphabetically, ignoring case (equal letters keep their "
     "order)", lambda w: "".join(sorted(w, key=str.lower))),
    ("remove_vowels", "remove every a, e, i, o and u (either case)",
     _nonempty(lambda w: "".join(c for c in w if c not in _VOWELS))),
    ("next_letter", "replace every letter by the next one in the alphabet (z becomes a), "
     "keeping its case", _shift),
    ("swap_ends", "swap the first and the last letter", lambda w: w[-1:] + w[1:-1] + w[:1]
     if len(w) > 1 else w),
    ("mirror", "write the word followed by the word backwards", lambda w: w + w[::-1]),
    ("repeat", "write the word twice", lambda w: w + w),
]  # fmt: skip
OPS: list[Operation] = [(name, fn) for name, _, fn in LIBRARY]
_NAMES = {name: i for i, (name, _, _) in enumerate(LIBRARY)}
_REORDER = ("reverse", "rotate_left", "rotate_right", "sort", "swap_ends")
_SAME_LENGTH = (*_REORDER, "upper", "capitalize", "next_letter")
INVARIANTS: list[Invariant] = [
    (len, frozenset(_NAMES[n] for n in _SAME_LENGTH)),
    (lambda w: "".join(sorted(w)), frozenset(_NAMES[n] for n in _REORDER)),
]


class StringByExample(Family):
    """A composition of word operations, pinned by examples, applied to a new word."""

    knobs: ClassVar[dict[str, Knob]] = {
        "depth": Knob("int", 1, 3, default=2, easy=1, hard=3, doc="operations composed"),
        "length": Knob("int", 4, 12, default=7, easy=5, hard=9, doc="longest input word"),
        "examples": Knob("int", 1, 6, default=3, easy=4, hard=2, doc="examples shown at least"),
    }
    answer_syntax = "the output word alone, with its capitals (e.g. Abba)"
    answer_form = "word"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        depth, length = int(knobs["depth"]), int(knobs["length"])
        while True:
            target = tuple(rng.randrange(len(OPS)) for _ in range(depth))
            query = make_word(rng, 3, length)
            out = run(OPS, target, query)
            if out is UNDEFINED or out == query:
                continue
            pool = [make_word(rng, 3, length) for _ in range(10)]
            if query in pool:
                continue
            pinned = pin_examples(OPS, depth, target, pool, [query], int(knobs["examples"]),
                                  INVARIANTS)  # fmt: skip
            if pinned is None:
                continue
            examples, programs = pinned
            if any(len(p) < depth for p in programs):
                continue
            shown = {query, *(x for pair in examples for x in pair)}
            if out not in shown and all(x != y for x, y in examples):
                break
        lines = "\n".join(f"  {x} -> {y}" for x, y in examples)
        library = "\n".join(f"  {name}: {doc}" for name, doc, _ in LIBRARY)
        at_most = "one operation" if depth == 1 else f"a sequence of at most {depth} operations"
        question = (
            f"A hidden transformation turns a word into a word. It is {at_most} from this "
            f"library, applied in order (an operation may repeat):\n{library}\n\n"
            f"Examples:\n{lines}\n\nWhat does the transformation give for {query}?"
        )
        meta = {
            "rule": [LIBRARY[i][0] for i in target],
            "examples": [list(pair) for pair in examples],
            "query": query,
            "fitting": len(programs),
        }
        return Draft(question, out, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            word = read_word(answer)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        return Judgement.right() if word == problem.answer else Judgement.wrong()

    def complexity(self, problem: Problem) -> float:
        """Operations times letters of the test word, over the examples shown."""
        meta = problem.meta
        return len(meta["rule"]) * (len(meta["query"]) + 2) * 4 / len(meta["examples"])
