"""LongestPalindromicSubstring: a longest palindrome inside a string, contiguous or not.

A string of lowercase letters over ``alphabet`` letters is drawn; for substrings a palindrome
of a fifth to a third of the length is planted at a random place (another may still be as
long). Strings that are palindromes themselves are redrawn. By ``kind`` the task asks for a
longest palindromic substring (contiguous) or a longest palindromic subsequence (letters
picked in order, not necessarily contiguous). Reference: expansion around every centre
(O(n^2)) for substrings, the interval dynamic programme over (i, j) with a traceback for
subsequences (the longest common subsequence of the string and its reverse, computed
directly).

Answer syntax: for a substring, ``start i; p``: its 1-based start position, a semicolon and
the palindrome itself (``start 4; abccba``); for a subsequence, ``length L; indices i1, ...,
iL``: the length and the 1-based positions of the picked letters in increasing order. Any
longest palindrome is right: the verifier checks that the text at the position is the
palindrome given (or that the positions are valid and spell a palindrome of the length
claimed) and that no longer one exists. A shorter valid palindrome is wrong with partial
credit ``score = length / best``.

Knobs: ``length`` (letters, 8 -> 40), ``alphabet`` (distinct letters, 3 -> 5) and ``kind``
(substring, subsequence; easiest first). Difficulty raises all three; at difficulty 1 a
longest palindromic subsequence of forty letters.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.algorithms.sequences import (
    AnswerError,
    check_positions,
    read_head,
    read_indices,
    read_items,
    strip_label,
)

KINDS = ("substring", "subsequence")
EXAMPLES = {"substring": "start 4; abccba", "subsequence": "length 5; indices 1, 3, 4, 6, 9"}


def longest_substring(s: str) -> tuple[int, int]:
    """(start, length) of the first longest palindromic substring (expansion around centres)."""
    best = (0, 1)
    n = len(s)
    for centre in range(2 * n - 1):
        lo, hi = centre // 2, (centre + 1) // 2
        while lo >= 0 and hi < n and s[lo] == s[hi]:
            lo -= 1
            hi += 1
        if hi - lo - 1 > best[1]:
            best = (lo + 1, hi - lo - 1)
    return best


def longest_subsequence(s: str) -> list[int]:
    """0-based positions of one longest palindromic subsequence (interval DP, traceback)."""
    n = len(s)
    table = [[0] * n for _ in range(n)]
    for i in range(n - 1, -1, -1):
        row, below = table[i], table[i + 1] if i + 1 < n else None
        row[i] = 1
        for j in range(i + 1, n):
            if s[i] == s[j]:
                row[j] = (below[j - 1] if j - 1 >= i + 1 else 0) + 2
            else:
                row[j] = max(below[j], row[j - 1])
    left, right, i, j = [], [], 0, n - 1
    while i <= j:
        if i == j:
            left.append(i)
            break
        if s[i] == s[j]:
            left.append(i)
            right.append(j)
            i, j = i + 1, j - 1
        elif table[i + 1][j] >= table[i][j - 1]:
            i += 1
        else:
            j -= 1
    return left + right[::-1]


def judge(meta: dict, answer: str) -> Judgement:
    s, best = meta["string"], meta["best"]
    try:
        if meta["kind"] == "substring":
            start, rest = read_head(answer, ("start",))
            items = read_items(strip_label(rest, ("substring", "palindrome")))
            if not all(re.fullmatch(r"[A-Za-z]+", item) for item in items):
                raise AnswerError("the palindrome must be letters only")
            word = "".join(items).lower()
        else:
            claimed, rest = read_head(answer, ("length",))
            indices = read_indices(rest)
    except AnswerError as exc:
        return Judgement.unparsable(str(exc))
    if meta["kind"] == "substring":
        if not 1 <= start <= len(s) or s[start - 1 : start - 1 + len(word)] != word:
            return Judgement.wrong(why=f"the text at position {start} is not {word!r}")
        size = len(word)
    else:
        why = check_positions(indices, len(s))
        if why:
            return Judgement.wrong(why=why)
        word, size = "".join(s[i - 1] for i in indices), len(indices)
        if claimed != size:
            return Judgement.wrong(why=f"the length claimed is {claimed}, the witness has {size}")
    if word != word[::-1]:
        return Judgement.wrong(why=f"{word!r} is not a palindrome")
    if size < best:
        return Judgement.wrong(score=size / best, why="a longer palindrome exists")
    return Judgement.right()


class LongestPalindromicSubstring(Family):
    """A longest palindromic substring (start and text) or subsequence (length and positions)."""

    knobs: ClassVar[dict[str, Knob]] = {
        "length": Knob("int", 5, 80, default=12, easy=8, hard=40, doc="letters in the string"),
        "alphabet": Knob("int", 2, 8, default=3, easy=3, hard=5, doc="distinct letters"),
        "kind": Knob(
            "categorical",
            choices=KINDS,
            default="substring",
            doc="a contiguous palindrome, or one picked as a subsequence",
        ),
    }
    answer_syntax = (
        "the answer in the form the question states (e.g. start 4; abccba for a substring, or "
        "length 5; indices 1, 3, 4, 6, 9 for a subsequence)"
    )
    answer_form = "start and palindrome, or length and indices"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, k, kind = int(knobs["length"]), int(knobs["alphabet"]), knobs["kind"]
        letters = rng.sample("abcdefghijklmnopqrstuvwxyz", k)
        while True:
            chars = [rng.choice(letters) for _ in range(n)]
            if kind == "substring":
                size = rng.randint(max(3, n // 5), max(3, n // 3))
                half = [rng.choice(letters) for _ in range((size + 1) // 2)]
                planted = half + half[::-1][size % 2 :]
                at = rng.randint(0, n - size)
                chars[at : at + size] = planted
            s = "".join(chars)
            if s == s[::-1]:
                continue
            if kind == "substring":
                start, best = longest_substring(s)
                answer = f"start {start + 1}; {s[start : start + best]}"
            else:
                picked = longest_subsequence(s)
                best = len(picked)
                answer = f"length {best}; indices " + ", ".join(str(i + 1) for i in picked)
            meta = {"string": s, "kind": kind, "best": best}
            if not judge(meta, EXAMPLES[kind]).correct:
                break
        if kind == "substring":
            goal = (
                "Find a longest palindromic substring: a run of consecutive letters that reads "
                "the same forwards and backwards. Answer with its start position, a semicolon, "
                "and the palindrome, in the form: start i; letters"
            )
        else:
            goal = (
                "Find a longest palindromic subsequence: letters picked in order, not "
                "necessarily consecutive, that read the same forwards and backwards. Answer "
                "with its length, a semicolon, and the positions of the picked letters in "
                "increasing order, in the form: length N; indices i1, i2, ..."
            )
        question = f"Here is a string of {n} letters (positions start at 1):\n{s}\n\n{goal}"
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        return judge(problem.meta, answer)

    def complexity(self, problem: Problem) -> float:
        """Letters plus the length of the longest palindrome (twice for subsequences)."""
        meta = problem.meta
        weight = 2 if meta["kind"] == "subsequence" else 1
        return len(meta["string"]) + weight * meta["best"]
