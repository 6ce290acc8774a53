"""KthCombination: the k-th subset, the rank of a subset, or the k-th word in lexicographic
order.

One problem asks one of:

* ``unrank``: the ``k``-th ``r``-element subset of ``{1..n}``, the subsets written as
  increasing lists and ordered lexicographically, numbered from 1 (answer: the subset);
* ``rank``: the number (rank) of a given ``r``-subset in that order (answer: an integer);
* ``word``: the ``k``-th word of length ``L`` over an alphabet of a few letters whose order
  is given in the prompt (not the usual one), the words in lexicographic order by that
  alphabet, numbered from 1; where ``restricted`` is set, only words with no two equal
  adjacent letters count (answer: the word).

Every answer is unique. Reference: the combinatorial number system (at each position the
subsets starting with candidate ``c`` number ``C(n - c, left - 1)``); words: mixed-radix
counting (``s`` first letters, then ``s`` or ``s - 1`` choices per position).

Answer syntax: a subset as its numbers separated by spaces (``2 5 7``; commas or one pair of
brackets are fine; any order, no repeats); a rank as one integer; a word as its letters
written together (``cab``).

Knobs: ``n`` (ground-set size, 5..40; the alphabet has ``3 + n // 8`` letters and words
``3 + n // 4`` of them), ``modes`` (``unrank`` < ``unrank_rank`` < ``all``: the pool of
question kinds) and ``restricted`` (words without equal adjacent letters). Subset sizes
``r`` lie in ``[max(2, n // 4), n - max(2, n // 4)]``. At difficulty 1 subsets of {1..30}
(from 2e6 to 1.5e8 of them) and words of 10 letters over 6, with the adjacency rule: exact
counting, not listing.
"""

from __future__ import annotations

import math
import random
import re
import string
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.algorithms.enumeration import (
    AnswerError,
    numbers_in,
    read_integer,
    read_sequence,
    strip_period,
)

MODES = {
    "unrank": ["unrank"],
    "unrank_rank": ["unrank", "rank"],
    "all": ["unrank", "rank", "word"],
}
_WORD = re.compile(r"[A-Za-z](?:[ ,]*[A-Za-z])*")


def subset_at(n: int, r: int, rank: int) -> list[int]:
    """The 1-based ``rank``-th ``r``-subset of ``{1..n}`` in lexicographic order."""
    left, out, low = rank - 1, [], 1
    for need in range(r, 0, -1):
        c = low
        while True:
            block = math.comb(n - c, need - 1)
            if left < block:
                break
            left -= block
            c += 1
        out.append(c)
        low = c + 1
    return out


def subset_rank(n: int, subset: list[int]) -> int:
    """1-based lexicographic rank of an increasing ``subset`` of ``{1..n}``."""
    rank, low, r = 0, 1, len(subset)
    for i, c in enumerate(subset):
        need = r - i
        for smaller in range(low, c):
            rank += math.comb(n - smaller, need - 1)
        low = c + 1
    return rank + 1


def word_at(alphabet: str, length: int, rank: int, restricted: bool) -> str:
    """The ``rank``-th word (1-based) over ``alphabet`` (listed in its order)."""
    s, left, out = len(alphabet), rank - 1, []
    for pos in range(length):
        rest = length - pos - 1
        choices = [a for a in alphabet if not (restricted and out and a == out[-1])]
        block = ((s - 1) if restricted else s) ** rest
        out.append(choices[left // block])
        left %= block
    return "".join(out)


def word_count(s: int, length: int, restricted: bool) -> int:
    return s * (s - 1) ** (length - 1) if restricted else s**length


class KthCombination(Family):
    """The k-th r-subset of {1..n}, a subset's rank, or the k-th word in a custom alphabet."""

    knobs: ClassVar[dict[str, Knob]] = {
        "n": Knob("int", 5, 40, default=10, easy=6, hard=30, doc="size of the ground set"),
        "modes": Knob(
            "categorical",
            choices=("unrank", "unrank_rank", "all"),
            default="all",
            doc="the pool of question kinds: k-th subset; or a subset's rank; or a k-th word",
        ),
        "restricted": Knob("bool", default=False, doc="words may not repeat adjacent letters"),
    }
    answer_syntax = (
        "a rank as a single integer, a word as its letters written together (e.g. cab), or a "
        "subset as its numbers separated by spaces (e.g. 2 5 7)"
    )
    answer_form = "number set, integer or word"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, restricted = int(knobs["n"]), bool(knobs["restricted"])
        while True:
            mode = rng.choice(MODES[knobs["modes"]])
            meta: dict = {"mode": mode, "n": n}
            if mode in ("unrank", "rank"):
                edge = max(2, n // 4)  # sizes near n / 2: many subsets at large n
                r = rng.randint(edge, n - edge)
                total = math.comb(n, r)
                rank = rng.randint(2, total - 1)
                subset = subset_at(n, r, rank)
                first = " ".join(map(str, range(1, r + 1)))
                intro = (
                    f"Write each {r}-element subset of {{1, 2, ..., {n}}} as its elements in "
                    "increasing order, sort these lists lexicographically, and number them "
                    f"from 1 (rank 1 is {first}). There are {total} of them."
                )
                meta.update(r=r, total=total)
                if mode == "unrank":
                    question = f"{intro}\n\nWhich subset has rank {rank}?"
                    answer, meta["target"] = " ".join(map(str, subset)), subset
                    break
                question = (
                    f"{intro}\n\nWhat is the rank of the subset {' '.join(map(str, subset))}?"
                )
                answer, meta["target"] = str(rank), rank
                if rank not in numbers_in(question):
                    break
                continue
            s, length = 3 + n // 8, 3 + n // 4
            alphabet = "".join(rng.sample(string.ascii_lowercase, s))
            total = word_count(s, length, restricted)
            rank = rng.randint(2, total - 1)
            word = word_at(alphabet, length, rank, restricted)
            rule = (
                " in which no two adjacent letters are equal"
                if restricted
                else " (letters may repeat)"
            )
            question = (
                f"Take the alphabet of {s} letters ordered as {' < '.join(alphabet)}. Consider "
                f"all words of exactly {length} letters over this alphabet{rule}, sorted in "
                "lexicographic (dictionary) order with respect to that letter order and "
                f"numbered from 1. There are {total} such words. Which word has rank {rank}?"
            )
            meta.update(alphabet=alphabet, length=length, total=total, target=word)
            meta["restricted"] = restricted
            answer = word
            if word not in question.lower():
                break
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        mode = meta["mode"]
        try:
            if mode == "rank":
                value = read_integer(answer)
            elif mode == "unrank":
                value = read_sequence(answer)
            else:
                text = strip_period(answer)
                if not _WORD.fullmatch(text):
                    raise AnswerError("expected a word of letters")
                value = re.sub(r"[ ,]", "", text).lower()
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if mode == "unrank":
            if len(set(value)) != len(value):
                return Judgement.wrong(why="the subset repeats a number")
            if len(value) != meta["r"] or not all(1 <= v <= meta["n"] for v in value):
                return Judgement.wrong(why=f"not a {meta['r']}-subset of 1..{meta['n']}")
            value = sorted(value)
        if value != meta["target"]:
            return Judgement.wrong(why="not the asked subset, rank or word")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Bits of the number of objects listed."""
        return math.log2(problem.meta["total"])
