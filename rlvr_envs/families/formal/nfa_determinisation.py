"""NfaDeterminisation: a deterministic, complete DFA equivalent to a shown NFA.

A nondeterministic automaton (no epsilon moves; at least one move leads to two or more
states, so it is never already deterministic) is shown as a table whose moves go to sets of
states (``a -> {1, 2}``, ``b -> {}``). The answer is any complete DFA for the same language
(the subset construction gives one; a smaller one is as good). The check parses the answer in
the deterministic syntax (one state per letter per state, so the NFA's own table is
unparsable), then searches the product of the answer with the minimised subset automaton
for a string on which they disagree and names the shortest one.

Answer syntax: the table of :mod:`automata` (``accept: 2`` then ``1: a -> 2, b -> 1`` per
state, new lines or ``;`` between rows).

Knobs: ``states`` (NFA states, 3 -> 7), ``letters`` (2 -> 3) and ``density`` (the chance of
each extra move, 0.1 -> 0.25). Difficulty raises all three.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.formal.automata import (
    Dfa,
    Nfa,
    counterexample,
    determinise,
    example_dfa,
    judge_dfa,
    letters_text,
    minimise,
    random_nfa,
    table_rules,
    write_dfa,
    write_nfa,
)

ALPHABET = "abc"


class NfaDeterminisation(Family):
    """Any complete DFA equivalent to a shown NFA."""

    knobs: ClassVar[dict[str, Knob]] = {
        "states": Knob("int", 2, 8, default=5, easy=3, hard=7, doc="NFA states"),
        "letters": Knob("int", 2, 3, default=2, easy=2, hard=3, doc="alphabet size"),
        "density": Knob("float", 0.05, 0.4, default=0.15, easy=0.1, hard=0.25, doc="extra moves"),
    }  # fmt: skip
    answer_syntax = "the DFA as a table: accept: ..., then one row per state"
    answer_form = "DFA table"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, density = int(knobs["states"]), float(knobs["density"])
        alphabet = ALPHABET[: int(knobs["letters"])]
        while True:
            nfa = random_nfa(rng, n, alphabet, density)
            subsets = determinise(nfa)
            target = minimise(subsets)
            if target.size >= 2 and counterexample(target, example_dfa(alphabet)) is not None:
                break  # neither empty nor every string nor the prompt's own example
        question = (
            "This nondeterministic finite automaton (NFA) over the letters "
            f"{letters_text(alphabet)} starts in state 1; 'q: x -> {{...}}' lists the states "
            "the letter x can lead to from q (possibly none), and a string is accepted when "
            "some run on it ends in an accepting state:\n\n"
            f"{write_nfa(nfa)}\n\nGive a complete deterministic finite automaton (DFA) that "
            "accepts exactly the same strings. The subset construction gives one; any "
            f"equivalent DFA is accepted.\n\n{table_rules(alphabet)}"
        )
        meta = {"nfa": nfa.to_json(), "target": target.to_json(), "subsets": subsets.size}
        return Draft(question, write_dfa(target), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        return judge_dfa(Dfa.from_json(problem.meta["target"]), answer)

    def complexity(self, problem: Problem) -> float:
        """Reachable subsets times the alphabet size (the construction's work)."""
        return float(problem.meta["subsets"] * len(problem.meta["nfa"]["alphabet"]))


def nfa_of(problem: Problem) -> Nfa:
    """The problem's NFA (for tests and tools)."""
    return Nfa.from_json(problem.meta["nfa"])
