"""ShortestCommonSupersequence: the shortest string that holds each given string as a
subsequence.

Two or three words over a small alphabet, none a subsequence of another. The shortest length
is found at generation by the textbook dynamic programme over prefixes (for two strings,
``len(a) + len(b) - LCS``; for three, the same recurrence in three dimensions). The check
tests each given string as a subsequence of the answer (a greedy scan) and grades the
answer's length against the baseline of the strings written one after the other
(:mod:`.scoring`); instances the programme cannot shorten are redrawn.

Answer syntax: one string of lowercase letters (``abcab``).

Knobs: ``length`` (letters of each string, 4 -> 10) and ``strings`` (2 -> 3). Difficulty
raises both.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.optimisation.scoring import GradedFamily, judge_value, reward_sentence

_WORD = re.compile(r"[a-z]{1,200}")


def is_subsequence(small: str, big: str) -> bool:
    """Whether ``small``'s letters appear in ``big`` in order (a greedy scan)."""
    letters = iter(big)
    return all(c in letters for c in small)


def shortest_supersequence(words: list[str]) -> str:
    """One shortest common supersequence of two or three words: ``rest[at]`` is the shortest
    length for the suffixes from positions ``at`` (a dynamic programme over suffixes), and the
    string is read back by taking, at each step, the first letter that keeps to it."""
    rest: dict[tuple[int, ...], int] = {}

    def length(at: tuple[int, ...]) -> int:
        if at in rest:
            return rest[at]
        left = [w[i] for w, i in zip(words, at) if i < len(w)]
        if not left:
            return 0
        best = 1 + min(length(step(at, c)) for c in set(left))
        rest[at] = best
        return best

    def step(at: tuple[int, ...], c: str) -> tuple[int, ...]:
        return tuple(i + (i < len(w) and w[i] == c) for w, i in zip(words, at))

    at, out = tuple(0 for _ in words), []
    while (need := length(at)) > 0:
        c = min(
            c for w, i in zip(words, at) if i < len(w) if length(step(at, c := w[i])) == need - 1
        )
        out.append(c)
        at = step(at, c)
    return "".join(out)


class ShortestCommonSupersequence(GradedFamily):
    """A shortest common supersequence, graded against writing the strings one after another."""

    knobs: ClassVar[dict[str, Knob]] = {
        "length": Knob("int", 3, 12, default=6, easy=4, hard=10, doc="letters per string"),
        "strings": Knob("int", 2, 3, default=2, easy=2, hard=3, doc="strings to hold"),
    }
    answer_syntax = "one string of lowercase letters (e.g. abcab)"
    answer_form = "a lowercase string"
    unique_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, count = int(knobs["length"]), int(knobs["strings"])
        alphabet = rng.sample("abcdeghkmnprstuw", 3)
        while True:
            words = ["".join(rng.choice(alphabet) for _ in range(n)) for _ in range(count)]
            if not any(
                is_subsequence(a, b) for i, a in enumerate(words) for j, b in enumerate(words)
                if i != j
            ):  # fmt: skip
                answer = shortest_supersequence(words)
                if len(answer) < n * count:
                    break
        shown = "\n".join(words)
        question = (
            f"Find a shortest string that contains each of these {count} strings as a "
            f"subsequence (its letters in order, not necessarily next to each other).\n\n"
            f"{shown}\n\n"
            + reward_sentence("the strings written one after another", "a shorter string is better")
        )
        return Draft(question, answer, {"words": words, "best": len(answer)})

    def check(self, problem: Problem, answer: str) -> Judgement:
        text = answer.strip()
        if not _WORD.fullmatch(text):
            return Judgement.unparsable("expected one string of lowercase letters")
        words = problem.meta["words"]
        if not all(is_subsequence(w, text) for w in words):
            return Judgement.wrong(why="a string is not a subsequence of the answer")
        baseline = sum(map(len, words))
        return judge_value(len(text), baseline, problem.meta["best"], "length")

    def complexity(self, problem: Problem) -> float:
        """Letters to merge, times the strings (the dimensions of the programme)."""
        words = problem.meta["words"]
        return sum(map(len, words)) * len(words)
