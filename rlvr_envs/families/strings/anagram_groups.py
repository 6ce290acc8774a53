"""AnagramGroups: group words that are anagrams of each other.

Classes of anagrams are drawn (a random letter multiset and one to four distinct orderings
of it), with near misses: classes whose letters differ from another class's in one letter.
The words are shuffled; the answer is the partition into anagram classes, single words
included. Any order of the groups and of the words in a group is right: the check compares
the partition as a set of sets.

Answer syntax: the groups separated by semicolons, the words of a group separated by commas
(``pots, stop, tops; cat; act, tac`` style).

Knobs: ``words`` (6 -> 30) and ``length`` (letters per word, 3 -> 7). Difficulty raises
both.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem

_WORD = re.compile(r"[a-z]+")
LETTERS = "abdeiklmnoprstu"


def groups_of(words: list[str]) -> list[list[str]]:
    """Anagram classes in order of first appearance."""
    classes: dict[str, list[str]] = {}
    for word in words:
        classes.setdefault("".join(sorted(word)), []).append(word)
    return list(classes.values())


class AnagramGroups(Family):
    """The partition of a word list into anagram classes."""

    knobs: ClassVar[dict[str, Knob]] = {
        "words": Knob("int", 4, 40, default=10, easy=6, hard=30, doc="words in the list"),
        "length": Knob("int", 3, 8, default=4, easy=3, hard=7, doc="letters per word"),
    }
    answer_syntax = (
        "the groups separated by semicolons, the words of each group separated by commas "
        "(e.g. pots, stop, tops; cat; act, tac), every word in exactly one group"
    )
    answer_form = "groups of words"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, size = int(knobs["words"]), int(knobs["length"])
        words: list[str] = []
        keys: set[str] = set()
        while len(words) < n:
            if keys and rng.random() < 0.3:  # a near miss of an earlier class
                base = list(rng.choice(sorted(keys)))
                base[rng.randrange(size)] = rng.choice(LETTERS)
            else:
                base = [rng.choice(LETTERS) for _ in range(size)]
            key = "".join(sorted(base))
            if key in keys:
                continue
            keys.add(key)
            members: list[str] = []
            for _ in range(rng.randint(1, 4)):
                rng.shuffle(base)
                word = "".join(base)
                if word not in members:
                    members.append(word)
            words += members[: n - len(words)]
        rng.shuffle(words)
        groups = groups_of(words)
        if len(groups) == 1 or len(groups) == len(words):
            return self.generate(rng, knobs)
        answer = "; ".join(", ".join(g) for g in groups)
        question = (
            f"Words:\n{' '.join(words)}\n\nGroup the words into anagram groups: two words are "
            "in the same group exactly when one is a rearrangement of the letters of the "
            "other. Every word belongs to exactly one group; a word with no anagram in the "
            "list is a group on its own."
        )
        return Draft(question, answer, {"words": words})

    def check(self, problem: Problem, answer: str) -> Judgement:
        groups = [[w.strip() for w in g.split(",")] for g in answer.split(";") if g.strip()]
        if not groups or not all(_WORD.fullmatch(w) for g in groups for w in g):
            return Judgement.unparsable("expected words separated by commas and semicolons")
        words = problem.meta["words"]
        if sorted(w for g in groups for w in g) != sorted(words):
            return Judgement.wrong(why="not every listed word exactly once")
        got = sorted(sorted(g) for g in groups)
        expected = sorted(sorted(g) for g in groups_of(words))
        return Judgement.right() if got == expected else Judgement.wrong()

    def complexity(self, problem: Problem) -> float:
        """Letters in the list."""
        return sum(map(len, problem.meta["words"]))
