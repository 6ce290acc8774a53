"""MinSwapsAlternating: the fewest swaps that make a binary string alternate, as a witness.

A binary string with as many 0s as 1s (one more of one kind when its length is odd), drawn
by swapping ``disorder`` pairs of an alternating string, is never alternating itself. A swap
exchanges the characters at any two positions. The answer is the swaps themselves; the
check applies them in order, tests that the result alternates (0101... or 1010...) and that
their number is the minimum: the number of positions where the string differs from the
nearer alternating pattern, halved. Any minimum set of swaps scores 1.

Answer syntax: the swaps in order, each as two 1-based positions joined by ``-``,
separated by spaces (``2-5 7-10``).

Knobs: ``length`` (6 -> 40) and ``disorder`` (swaps drawn, 1 -> 8). Difficulty raises both.
"""

from __future__ import annotations

import itertools
import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem

_SWAP = re.compile(r"\(?\s*(\d{1,4})\s*[-,]\s*(\d{1,4})\s*\)?")


def alternates(s: str) -> bool:
    return all(a != b for a, b in itertools.pairwise(s))


def minimum_swaps(s: str) -> tuple[int, str]:
    """The fewest swaps, and the alternating pattern they reach."""
    best = None
    for first in "01":
        target = "".join(first if i % 2 == 0 else "10"[int(first)] for i in range(len(s)))
        if sorted(target) != sorted(s):
            continue
        cost = sum(a != b for a, b in zip(s, target)) // 2
        if best is None or cost < best[0]:
            best = (cost, target)
    assert best is not None
    return best


def swaps_to(s: str, target: str) -> list[tuple[int, int]]:
    zeros = [i for i, (a, b) in enumerate(zip(s, target)) if a == "0" and b == "1"]
    ones = [i for i, (a, b) in enumerate(zip(s, target)) if a == "1" and b == "0"]
    return list(zip(zeros, ones))


class MinSwapsAlternating(Family):
    """The fewest swaps that make a binary string alternate, given as the swaps."""

    knobs: ClassVar[dict[str, Knob]] = {
        "length": Knob("int", 4, 60, default=10, easy=6, hard=40, doc="characters"),
        "disorder": Knob("int", 1, 12, default=2, easy=1, hard=8, doc="swaps drawn"),
    }
    answer_syntax = (
        "the swaps in order, each as two 1-based positions joined by - (e.g. 2-5), "
        "separated by spaces (e.g. 2-5 7-10)"
    )
    answer_form = "swaps as position pairs"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, r = int(knobs["length"]), int(knobs["disorder"])
        first = rng.choice("01")
        chars = [first if i % 2 == 0 else "10"[int(first)] for i in range(n)]
        while alternates("".join(chars)):
            for _ in range(min(r, n // 2)):
                i, j = rng.sample(range(n), 2)
                chars[i], chars[j] = chars[j], chars[i]
        s = "".join(chars)
        cost, target = minimum_swaps(s)
        answer = " ".join(f"{i + 1}-{j + 1}" for i, j in swaps_to(s, target))
        question = (
            f"Binary string: {s}\n\nA swap exchanges the characters at any two positions "
            "(positions count from 1). Using as few swaps as possible, make the string "
            "alternate (no two equal characters next to each other). Give the swaps."
        )
        return Draft(question, answer, {"string": s, "swaps": cost})

    def check(self, problem: Problem, answer: str) -> Judgement:
        s = list(problem.meta["string"])
        tokens = (
            answer.replace(",", " ").split()
            if "(" not in answer
            else re.findall(r"\([^)]*\)", answer)
        )
        swaps = [_SWAP.fullmatch(t.strip()) for t in tokens]
        if not swaps or not all(swaps):
            return Judgement.unparsable("expected swaps such as 2-5 separated by spaces")
        for match in swaps:
            i, j = int(match.group(1)) - 1, int(match.group(2)) - 1
            if not (0 <= i < len(s) and 0 <= j < len(s)) or i == j:
                return Judgement.wrong(why="a position out of range")
            s[i], s[j] = s[j], s[i]
        if not alternates("".join(s)):
            return Judgement.wrong(why="the result does not alternate")
        if len(swaps) != problem.meta["swaps"]:
            return Judgement.wrong(score=problem.meta["swaps"] / len(swaps), why="not fewest")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Characters plus ten per swap needed."""
        return len(problem.meta["string"]) + 10 * problem.meta["swaps"]
