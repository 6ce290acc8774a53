"""PalindromePartition: cut a string into palindromes with as few cuts as possible.

A string over a small alphabet is drawn from random letters and planted palindromes (never
a palindrome itself). The answer is a partition, written as the pieces in order; the check
rejoins the pieces to the string, tests every piece, and compares the number of pieces with
the minimum (a dynamic programme over ``is_palindrome[i][j]``). Any minimum partition scores
1, a valid but longer one scores 0 (its ``score`` is minimum pieces / pieces).

Answer syntax: the pieces in order, separated by ``|`` (``aba|c|cdc``).

Knobs: ``length`` (letters, 6 -> 36) and ``alphabet`` (distinct letters, 4 -> 2: fewer
letters make more, and more overlapping, palindromes). Difficulty raises both.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem

_PIECE = re.compile(r"[a-z]+")


def min_pieces(s: str) -> int:
    """The fewest palindromes ``s`` splits into (O(n^2) expansion around centres)."""
    n = len(s)
    best = list(range(n + 1))  # best[j]: fewest pieces of s[:j]
    ends: list[list[int]] = [[] for _ in range(n + 1)]  # ends[j]: i with s[i:j] a palindrome
    for centre in range(2 * n - 1):
        i, j = centre // 2, centre // 2 + centre % 2
        while i >= 0 and j < n and s[i] == s[j]:
            ends[j + 1].append(i)
            i, j = i - 1, j + 1
    for j in range(1, n + 1):
        best[j] = min(best[i] + 1 for i in ends[j])
    return best[n]


def palindromes(s: str) -> int:
    """The number of palindromic substrings of two or more letters."""
    n, count = len(s), 0
    for centre in range(2 * n - 1):
        i, j = centre // 2, centre // 2 + centre % 2
        while i >= 0 and j < n and s[i] == s[j]:
            count += j > i
            i, j = i - 1, j + 1
    return count


def minimum_partition(s: str) -> list[str]:
    n = len(s)
    pal = [[False] * (n + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        for j in range(i + 1, n + 1):
            pal[i][j] = s[i] == s[j - 1] and (j - i <= 2 or pal[i + 1][j - 1])
    best, back = [0] + [n + 1] * n, [0] * (n + 1)
    for j in range(1, n + 1):
        for i in range(j):
            if pal[i][j] and best[i] + 1 < best[j]:
                best[j], back[j] = best[i] + 1, i
    pieces, j = [], n
    while j:
        pieces.append(s[back[j] : j])
        j = back[j]
    return pieces[::-1]


class PalindromePartition(Family):
    """A minimum partition of a string into palindromes, checked as a witness."""

    knobs: ClassVar[dict[str, Knob]] = {
        "length": Knob("int", 4, 48, default=12, easy=6, hard=36, doc="letters"),
        "alphabet": Knob("int", 2, 5, default=3, easy=4, hard=2, doc="distinct letters"),
    }
    answer_syntax = "the pieces in order, separated by | (e.g. aba|c|cdc)"
    answer_form = "pieces separated by |"
    unique_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, size = int(knobs["length"]), int(knobs["alphabet"])
        letters = rng.sample("abcdefghklmnoprstuv", size)
        while True:
            chars: list[str] = []
            while len(chars) < n:
                if rng.random() < 0.5:
                    half = [rng.choice(letters) for _ in range(rng.randint(1, 3))]
                    chars += (
                        half + ([rng.choice(letters)] if rng.random() < 0.5 else []) + half[::-1]
                    )
                else:
                    chars.append(rng.choice(letters))
            s = "".join(chars[:n])
            if s != s[::-1] and len(set(s)) > 1:
                break
        pieces = minimum_partition(s)
        question = (
            f"String: {s}\n\nCut the string into pieces that are each a palindrome (read the "
            "same forwards and backwards), using as few pieces as possible. Give the pieces "
            "in order."
        )
        return Draft(question, "|".join(pieces), {"string": s, "pieces": len(pieces)})

    def check(self, problem: Problem, answer: str) -> Judgement:
        parts = [p.strip() for p in answer.strip().split("|")]
        if not all(_PIECE.fullmatch(p) for p in parts):
            return Judgement.unparsable("expected lowercase pieces separated by |")
        if "".join(parts) != problem.meta["string"]:
            return Judgement.wrong(why="the pieces do not spell the string")
        if any(p != p[::-1] for p in parts):
            return Judgement.wrong(why="a piece is not a palindrome")
        best = problem.meta["pieces"]
        if len(parts) != best:
            return Judgement.wrong(score=best / len(parts), why="not the fewest pieces")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Palindromic substrings of two or more letters (the choices to weigh)."""
        return palindromes(problem.meta["string"]) + len(problem.meta["string"])
