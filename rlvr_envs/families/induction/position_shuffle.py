"""PositionShuffle: rearrange a new word by a hidden fixed reordering of letter positions.

Every word of ``length`` letters is rearranged by the same hidden permutation of positions
(the letter at position j moves to position p(j)); the prompt shows words with their
rearrangements and asks for the rearrangement of a new word. Unique by proof: for each
output position the positions it can come from are those whose letters match in every
example; examples are added until, for every output position, all those candidates hold the
same letter in the new word, so every permutation that fits the examples gives the same
answer. Words come from a small alphabet (``letters``), so repeated letters make several
positions look alike. The answer is never the new word itself or a word shown.

Answer syntax: the rearranged word alone, in small letters.

Knobs: ``length`` (letters per word, 5 -> 10), ``letters`` (the alphabet's size, 8 -> 3)
and ``examples`` (pairs shown at least, 3 -> 1; more are added where needed). Difficulty
raises the length and lowers the other two.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.induction.readers import AnswerError, read_word

ALPHABET = "abcdefghklmnoprstu"


def rearrange(word: str, source: list[int]) -> str:
    """The word whose letter at position i is ``word[source[i]]``."""
    return "".join(word[j] for j in source)


def determined(pairs: list[tuple[str, str]], query: str) -> bool:
    """Whether every permutation that fits ``pairs`` rearranges ``query`` the same way."""
    n = len(query)
    for i in range(n):
        candidates = [j for j in range(n) if all(out[i] == w[j] for w, out in pairs)]
        if len({query[j] for j in candidates}) != 1:
            return False
    return True


class PositionShuffle(Family):
    """A fixed permutation of positions, pinned by examples, applied to a new word."""

    knobs: ClassVar[dict[str, Knob]] = {
        "length": Knob("int", 4, 12, default=7, easy=5, hard=10, doc="letters per word"),
        "letters": Knob("int", 2, 12, default=5, easy=8, hard=3, doc="alphabet size"),
        "examples": Knob("int", 1, 5, default=2, easy=3, hard=1, doc="pairs shown at least"),
    }  # fmt: skip
    answer_syntax = "the rearranged word alone, in small letters"
    answer_form = "word"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, size = int(knobs["length"]), int(knobs["letters"])
        while True:
            alphabet = rng.sample(ALPHABET, size)
            source = list(range(n))
            while source == sorted(source):
                rng.shuffle(source)
            query = "".join(rng.choice(alphabet) for _ in range(n))
            out = rearrange(query, source)
            if out == query:
                continue
            pairs: list[tuple[str, str]] = []
            for _ in range(12):
                word = "".join(rng.choice(alphabet) for _ in range(n))
                if word == query:
                    continue
                pairs.append((word, rearrange(word, source)))
                if len(pairs) >= int(knobs["examples"]) and determined(pairs, query):
                    break
            else:
                continue
            if out not in {w for pair in pairs for w in pair}:
                break
        lines = "\n".join(f"  {w} -> {o}" for w, o in pairs)
        question = (
            f"A hidden rule rearranges the letters of every {n}-letter word in the same way: "
            "the letter in each position always moves to the same new position. Examples:\n"
            f"{lines}\n\nRearrange {query} by the same rule."
        )
        meta = {"source": source, "pairs": [list(p) for p in pairs], "query": query}
        return Draft(question, out, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            word = read_word(answer, "[a-z]+")
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        return Judgement.right() if word == problem.answer else Judgement.wrong()

    def complexity(self, problem: Problem) -> float:
        """Positions to track, times how alike the letters are, over the pairs shown."""
        query = problem.meta["query"]
        alike = len(query) / len(set("".join(w for p in problem.meta["pairs"] for w in p)))
        return len(query) * (1 + alike) * 3 / len(problem.meta["pairs"])
