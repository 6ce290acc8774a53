"""LongestCommonSubsequence: a longest common subsequence of two strings or token sequences.

Two sequences A and B are drawn over a small alphabet (``alphabet`` letters, or, with
``tokens``, as many colour words such as ``red`` and ``teal``); B is A with about 45% of
its elements changed, dropped or inserted, so the two share long runs. Instances where one
sequence is a subsequence of the other are redrawn (the answer would be written in the
prompt). Reference: the Wagner-Fischer-style dynamic programme over prefix pairs (Wagner and
Fischer 1974; Hirschberg 1975), with a traceback for one witness.

Answer syntax: ``length L; S``: the length, a semicolon, and one common subsequence of that
length. For letters S is written as one word (``ACAB``; spaces or commas between letters are
accepted, case is ignored); for tokens the words are separated by spaces or commas
(``red teal red``). Any common subsequence of the largest length is right: the verifier
checks the length against the witness, and the witness by subsequence tests on both inputs.
A valid but shorter common subsequence is wrong with partial credit ``score = length / best``.

Knobs: ``length`` (elements of A, 6 -> 30), ``alphabet`` (distinct symbols, 3 -> 6) and
``tokens`` (words instead of letters; easy False, hard True). Difficulty raises all three.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.algorithms.sequences import (
    AnswerError,
    read_head,
    read_items,
    strip_label,
)

LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"
WORDS = (
    "red",
    "blue",
    "gold",
    "gray",
    "pink",
    "teal",
    "navy",
    "rose",
    "jade",
    "lime",
    "plum",
    "sand",
)
EXAMPLE_LETTERS = list("ACAB")
EXAMPLE_WORDS = ["red", "teal", "red"]
_WITNESS_LABELS = ("subsequence", "common subsequence", "lcs", "sequence")


def lcs(a: list[str], b: list[str]) -> list[str]:
    """One longest common subsequence (dynamic programme over suffixes, then a walk)."""
    n, m = len(a), len(b)
    table = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        row, below = table[i], table[i + 1]
        ai = a[i]
        for j in range(m - 1, -1, -1):
            row[j] = below[j + 1] + 1 if ai == b[j] else max(below[j], row[j + 1])
    out, i, j = [], 0, 0
    while i < n and j < m:
        if a[i] == b[j]:
            out.append(a[i])
            i += 1
            j += 1
        elif table[i + 1][j] >= table[i][j + 1]:
            i += 1
        else:
            j += 1
    return out


def is_subsequence(small: list[str], big: list[str]) -> bool:
    it = iter(big)
    return all(any(x == y for y in it) for x in small)


def mutate(rng: random.Random, seq: list[str], symbols: list[str]) -> list[str]:
    """``seq`` with about 45% of its places changed, dropped or given an extra symbol."""
    out = []
    for x in seq:
        roll = rng.random()
        if roll < 0.16:
            continue
        if roll < 0.32:
            out.append(rng.choice(symbols))
        elif roll < 0.45:
            out += [x, rng.choice(symbols)]
        else:
            out.append(x)
    return out


class LongestCommonSubsequence(Family):
    """A longest common subsequence of two sequences: its length and one witness."""

    knobs: ClassVar[dict[str, Knob]] = {
        "length": Knob("int", 4, 60, default=10, easy=6, hard=30, doc="elements of sequence A"),
        "alphabet": Knob("int", 2, 12, default=4, easy=3, hard=6, doc="distinct symbols"),
        "tokens": Knob("bool", default=False, easy=False, hard=True, doc="words, not letters"),
    }
    answer_syntax = (
        "the length, a semicolon and one common subsequence of that length "
        "(e.g. length 4; ACAB, or for words length 3; red teal red)"
    )
    answer_form = "length and subsequence"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, k, tokens = int(knobs["length"]), int(knobs["alphabet"]), bool(knobs["tokens"])
        symbols = rng.sample(WORDS if tokens else LETTERS, k)
        while True:
            a = [rng.choice(symbols) for _ in range(n)]
            b = mutate(rng, a, symbols)
            if len(b) < 2 or rng.random() < 0.5:  # either may be the longer one
                a, b = b, a
            if len(a) < 2 or len(b) < 2:
                continue
            common = lcs(a, b)
            example = EXAMPLE_WORDS if tokens else EXAMPLE_LETTERS
            if len(common) == len(example) and all(is_subsequence(example, s) for s in (a, b)):
                continue  # the syntax example of the prompt would be right
            if common and len(common) < min(len(a), len(b)):
                break
        glue = " " if tokens else ""
        kind = "sequences of words" if tokens else "strings"
        form = "length N; word word ..." if tokens else "length N; LETTERS"
        question = (
            f"Here are two {kind}:\nA: {glue.join(a)}\nB: {glue.join(b)}\n\n"
            "Find a longest common subsequence of A and B: a sequence that can be obtained "
            "from each of them by deleting elements (not necessarily contiguous ones) without "
            "reordering the rest. Answer with its length, a semicolon, and the subsequence "
            f"itself, in the form: {form}"
        )
        answer = f"length {len(common)}; {glue.join(common)}"
        meta = {"a": a, "b": b, "tokens": tokens, "best": len(common)}
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        a, b, best = meta["a"], meta["b"], meta["best"]
        try:
            claimed, rest = read_head(answer, ("length",))
            items = read_items(strip_label(rest, _WITNESS_LABELS))
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if meta["tokens"]:
            witness = [item.lower() for item in items]
        else:
            if not all(re.fullmatch(r"[A-Za-z]+", item) for item in items):
                return Judgement.unparsable("the subsequence must be letters only")
            witness = list("".join(items).upper())
        if claimed != len(witness):
            why = f"the length claimed is {claimed}, the subsequence has {len(witness)}"
            return Judgement.wrong(why=why)
        for name, seq in (("A", a), ("B", b)):
            if not is_subsequence(witness, seq):
                return Judgement.wrong(why=f"it is not a subsequence of {name}")
        if len(witness) < best:
            return Judgement.wrong(score=len(witness) / best, why="a longer one exists")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Cells of the dynamic programme (|A| times |B|) over 10, plus the answer length."""
        meta = problem.meta
        return len(meta["a"]) * len(meta["b"]) / 10 + meta["best"]
