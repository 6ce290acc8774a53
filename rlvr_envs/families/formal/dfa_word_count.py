"""DfaWordCount: how many strings of a given length a DFA accepts.

A complete DFA is shown as a transition table (:mod:`automata`'s syntax) with a length n;
the answer is the number of strings of exactly n letters it accepts. The reference is the
transfer-matrix count (the number of strings leading to each state, advanced n times), and
the count is never 0 nor every string, so ``0`` is never right. The answer is one integer,
unique.

Answer syntax: one integer (``37``).

Knobs: ``states`` (3 -> 8), ``length`` (n, 4 -> 24) and ``letters`` (alphabet size,
2 -> 3). Difficulty raises all three.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.formal.automata import count_accepted, letters_text, random_dfa, write_dfa
from rlvr_envs.families.shared.answer_parsing import judge_integer

ALPHABET = "abc"


class DfaWordCount(Family):
    """The number of strings of length n a shown DFA accepts."""

    knobs: ClassVar[dict[str, Knob]] = {
        "states": Knob("int", 2, 10, default=5, easy=3, hard=8, doc="states of the automaton"),
        "length": Knob("int", 2, 30, default=12, easy=4, hard=24, doc="string length n"),
        "letters": Knob("int", 2, 3, default=2, easy=2, hard=3, doc="alphabet size"),
    }  # fmt: skip
    answer_syntax = "one integer"
    answer_form = "integer"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, length = int(knobs["states"]), int(knobs["length"])
        alphabet = "abc"[: int(knobs["letters"])]
        total = len(alphabet) ** length
        while True:
            dfa = random_dfa(rng, n, alphabet, rng.uniform(0.3, 0.6))
            count = count_accepted(dfa, length)
            if 0 < count < total:
                break
        question = (
            f"A deterministic finite automaton over the letters {letters_text(alphabet)} has "
            "this transition table (state 1 is the start; 'accept:' lists the accepting "
            "states; 'q: σ -> r' means that in state q the letter σ leads to state r):\n\n"
            f"{write_dfa(dfa)}\n\nA string is accepted when reading it letter by letter from "
            f"state 1 ends in an accepting state. How many of the {total} strings of exactly "
            f"{length} letters does it accept?"
        )
        meta = {"dfa": dfa.to_json(), "length": length}
        return Draft(question, str(count), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        return judge_integer(answer, int(problem.answer), "not the number of accepted strings")

    def complexity(self, problem: Problem) -> float:
        """Moves the count follows: states times letters times the length."""
        delta = problem.meta["dfa"]["delta"]
        return float(len(delta) * len(delta[0]) * problem.meta["length"])
