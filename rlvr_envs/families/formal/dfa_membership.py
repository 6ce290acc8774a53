"""DfaMembership: which of several strings a given DFA accepts, run letter by letter.

A complete deterministic automaton is shown as a transition table (:mod:`automata`'s
syntax) with a list of distinct strings; the answer is the set of listed strings it
accepts. At least one listed string is accepted and at least one rejected, so neither
``none`` nor the whole list is ever right. The check compares sets (any order, each string
once) and names the first string it got wrong and the state the run ends in.

Answer syntax: the accepted strings separated by commas (``ab, bba``), in any order.

Knobs: ``states`` (3 -> 8), ``letters`` (alphabet size, 2 -> 3), ``length`` (the longest
listed string, 3 -> 14) and ``strings`` (how many are listed, 4 -> 8). Difficulty raises
all four.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.formal.automata import (
    Dfa,
    accepts,
    letters_text,
    random_dfa,
    write_dfa,
)
from rlvr_envs.families.shared.answer_parsing import AnswerError

ALPHABET = "abc"
_ITEM = re.compile(r"[a-z]{1,60}")


def read_strings(answer: str, allowed: list[str]) -> set[str]:
    """The comma-separated strings of an answer, each one of ``allowed``, none twice."""
    items = [item.strip() for item in answer.split(",")]
    if len(items) > len(allowed):
        raise AnswerError("more strings than were listed")
    found: set[str] = set()
    for item in items:
        if not _ITEM.fullmatch(item):
            raise AnswerError(f"{item[:20]!r} is not a string of letters")
        if item not in allowed:
            raise AnswerError(f"{item!r} is not one of the listed strings")
        if item in found:
            raise AnswerError(f"{item!r} is given twice")
        found.add(item)
    return found


class DfaMembership(Family):
    """The listed strings a shown DFA accepts."""

    knobs: ClassVar[dict[str, Knob]] = {
        "states": Knob("int", 2, 10, default=5, easy=3, hard=8, doc="states of the automaton"),
        "letters": Knob("int", 2, 3, default=2, easy=2, hard=3, doc="alphabet size"),
        "length": Knob("int", 2, 20, default=8, easy=3, hard=14, doc="longest listed string"),
        "strings": Knob("int", 3, 10, default=6, easy=4, hard=8, doc="strings listed"),
    }  # fmt: skip
    answer_syntax = "the accepted strings separated by commas (e.g. bab, aa)"
    answer_form = "set of strings"
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, k = int(knobs["states"]), int(knobs["letters"])
        length, count = int(knobs["length"]), int(knobs["strings"])
        alphabet = ALPHABET[:k]
        count = min(count, sum(k**i for i in range(1, length + 1)) - 1)
        while True:
            dfa = random_dfa(rng, n, alphabet, rng.uniform(0.3, 0.6))
            words: list[str] = []
            for _ in range(count * 20):
                size = length if not words else rng.randint(1, length)
                word = "".join(rng.choice(alphabet) for _ in range(size))
                if word not in words:
                    words.append(word)
                if len(words) == count:
                    break
            accepted = [w for w in words if accepts(dfa, w)]
            if len(words) == count and 0 < len(accepted) < count:
                break
        rng.shuffle(words)
        accepted = [w for w in words if accepts(dfa, w)]
        listing = "\n".join(words)
        question = (
            f"A deterministic finite automaton over the letters {letters_text(alphabet)} has "
            "this transition table (state 1 is the start; 'accept:' lists the accepting "
            "states; 'q: σ -> r' means that in state q the letter σ leads to state r):\n\n"
            f"{write_dfa(dfa)}\n\nA string is accepted when reading it letter by letter from "
            "state 1 ends in an accepting state. Which of these strings does it accept?\n\n"
            f"{listing}\n\nList every accepted string from the list and no other."
        )
        meta = {"dfa": dfa.to_json(), "strings": words, "accepted": accepted}
        return Draft(question, ", ".join(accepted), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        try:
            given = read_strings(answer, meta["strings"])
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        dfa = Dfa.from_json(meta["dfa"])
        for word in meta["strings"]:
            if (word in given) != (word in meta["accepted"]):
                end = 0
                for letter in word:
                    end = dfa.step(end, letter)
                verb = "accepted" if word in meta["accepted"] else "rejected"
                return Judgement.wrong(
                    why=f"{word!r} is {verb}: its run ends in state {end + 1}", first=word
                )
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Letters read over all the runs, times the table's size."""
        letters = sum(len(w) for w in problem.meta["strings"])
        return float(letters * len(problem.meta["dfa"]["delta"]))
