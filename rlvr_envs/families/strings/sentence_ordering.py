"""SentenceOrdering: put shuffled sentences in the order that stated clues force.

Sentences labelled A, B, C, ... are shown out of order; the clues relate the sentences that
are next to each other in the hidden order ("A comes immediately before D", "D comes
somewhere before F", "F comes after D"), so exactly one order meets them all; with more
difficulty they are phrased in more ways and joined by redundant clues about sentences
further apart. The check tests the answer against every clue (a permutation of the labels
that meets them all is the order). The hidden order is never the alphabetical one.

Answer syntax: the labels in order, separated by single spaces (``C A D B``).

Knobs: ``sentences`` (4 -> 9) and ``clues`` (``adjacent``: only "immediately before";
``mixed``: "before" and "after" too; ``redundant``: plus clues about sentences further
apart, all shuffled; easiest first). Difficulty raises both.
"""

from __future__ import annotations

import itertools
import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.strings.text import make_word

CLUES = ("adjacent", "mixed", "redundant")
LABELS = "ABCDEFGHIJ"
_LABEL = re.compile(r"[A-J]")


def holds(order: list[str], clue: list) -> bool:
    kind, a, b = clue
    i, j = order.index(a), order.index(b)
    return j == i + 1 if kind == "next" else i < j


def describe(clue: list, rng: random.Random, phrasing: str) -> str:
    kind, a, b = clue
    if kind == "next":
        return f"Sentence {a} comes immediately before sentence {b}."
    if phrasing != "adjacent" and rng.random() < 0.5:
        return f"Sentence {b} comes somewhere after sentence {a}."
    return f"Sentence {a} comes somewhere before sentence {b}."


class SentenceOrdering(Family):
    """The order of labelled sentences that a set of clues forces."""

    knobs: ClassVar[dict[str, Knob]] = {
        "sentences": Knob("int", 3, 10, default=5, easy=4, hard=9, doc="sentences to order"),
        "clues": Knob("categorical", choices=CLUES, default="adjacent", doc="kinds of clue"),
    }
    answer_syntax = "the sentence labels in order, separated by single spaces (e.g. C A D B)"
    answer_form = "labels separated by spaces"
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, phrasing = int(knobs["sentences"]), knobs["clues"]
        labels = list(LABELS[:n])
        order = labels[:]
        while order == labels:
            rng.shuffle(order)
        clues = []
        for a, b in itertools.pairwise(order):
            near = phrasing == "adjacent" or rng.random() < 0.4
            clues.append(["next" if near else "before", a, b])
        if phrasing == "redundant":
            for _ in range(n // 2):
                i, j = sorted(rng.sample(range(n), 2))
                if j > i + 1:
                    clues.append(["before", order[i], order[j]])
        rng.shuffle(clues)
        sentences = "\n".join(
            f"{label}: The {make_word(rng, 3, 7)} {make_word(rng, 3, 7)}s the "
            f"{make_word(rng, 3, 7)}."
            for label in labels
        )
        stated = "\n".join(f"- {describe(c, rng, phrasing)}" for c in clues)
        question = (
            f"Sentences:\n{sentences}\n\nClues about their correct order:\n{stated}\n\n"
            "Put the sentences in the order that meets every clue."
        )
        return Draft(question, " ".join(order), {"labels": labels, "clues": clues})

    def check(self, problem: Problem, answer: str) -> Judgement:
        got = answer.replace(",", " ").split()
        if not got or not all(_LABEL.fullmatch(x) for x in got):
            return Judgement.unparsable("expected capital labels separated by spaces")
        if sorted(got) != problem.meta["labels"]:
            return Judgement.wrong(why="not every label exactly once")
        broken = [c for c in problem.meta["clues"] if not holds(got, c)]
        return Judgement.wrong(broken=len(broken)) if broken else Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Sentences times distinct clue kinds plus clues."""
        meta = problem.meta
        kinds = {c[0] for c in meta["clues"]}
        return len(meta["labels"]) * len(kinds) + len(meta["clues"])
