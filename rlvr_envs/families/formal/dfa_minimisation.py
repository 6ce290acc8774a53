"""DfaMinimisation: the minimal DFA of a given DFA, checked by equivalence and state count.

A complete DFA is shown whose states include redundant ones: copies of states (the same
future behaviour, reached by some of the moves into the original) and, at the hard end,
states that cannot be reached. The answer is a complete DFA for the same language with the
fewest states possible. Any numbering of the minimal automaton scores 1: the check parses
the table, searches the product of the answer and the given automaton for a string on which
they disagree (the shortest one is named in the reason) and then counts the states against
the minimum (Moore's partition refinement, computed at generation). The given automaton is
never minimal, so copying it back earns 0.

Answer syntax: the table of :mod:`automata` (``accept: 2`` then ``1: a -> 2, b -> 1`` per
state, new lines or ``;`` between rows).

Knobs: ``states`` (states of the minimal automaton, 2 -> 6), ``redundant`` (states added,
1 -> 6) and ``letters`` (alphabet size, 2 -> 3). Difficulty raises all three.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.formal.automata import (
    Dfa,
    counterexample,
    example_dfa,
    judge_dfa,
    minimise,
    random_minimal_dfa,
    shuffled,
    table_rules,
    write_dfa,
)

ALPHABET = "abc"


def with_redundant_states(rng: random.Random, dfa: Dfa, extra: int, unreachable: int) -> Dfa:
    """``dfa`` with ``extra`` copies of its states (each reached by some moves that went to
    the original) and ``unreachable`` states no move leads to."""
    delta = [list(row) for row in dfa.delta]
    accept = set(dfa.accepting)
    for _ in range(extra):
        original = rng.randrange(len(delta))
        copy = len(delta)
        delta.append(list(delta[original]))
        if original in accept:
            accept.add(copy)
        incoming = [(s, i) for s, row in enumerate(delta) for i, t in enumerate(row)
                    if t == original]  # fmt: skip
        for s, i in incoming:
            if rng.random() < 0.5:
                delta[s][i] = copy
    k = len(dfa.alphabet)
    for _ in range(unreachable):
        delta.append([rng.randrange(len(delta)) for _ in range(k)])
        if rng.random() < 0.5:
            accept.add(len(delta) - 1)
    return Dfa(dfa.alphabet, tuple(tuple(r) for r in delta), frozenset(accept))


class DfaMinimisation(Family):
    """A minimal complete DFA equivalent to a shown, redundant one."""

    knobs: ClassVar[dict[str, Knob]] = {
        "states": Knob("int", 1, 8, default=4, easy=2, hard=6, doc="states of the minimal DFA"),
        "redundant": Knob("int", 1, 8, default=3, easy=1, hard=6, doc="redundant states added"),
        "letters": Knob("int", 2, 3, default=2, easy=2, hard=3, doc="alphabet size"),
    }  # fmt: skip
    answer_syntax = "the minimal DFA as a table: accept: ..., then one row per state"
    answer_form = "DFA table"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        m, extra = int(knobs["states"]), int(knobs["redundant"])
        alphabet = ALPHABET[: int(knobs["letters"])]
        unreachable = extra // 3
        while True:
            minimal = random_minimal_dfa(rng, m, alphabet)
            given = shuffled(rng, with_redundant_states(rng, minimal, extra - unreachable,
                                                        unreachable))  # fmt: skip
            if counterexample(minimal, example_dfa(alphabet)) is not None:
                break
        target = minimise(given)
        question = (
            f"This deterministic finite automaton over {{{', '.join(alphabet)}}} has "
            f"{given.size} states:\n\n{write_dfa(given)}\n\nGive an equivalent complete DFA "
            "(it accepts exactly the same strings) with the smallest possible number of "
            f"states.\n\n{table_rules(alphabet)}"
        )
        meta = {"dfa": given.to_json(), "minimal": target.to_json(), "states": target.size}
        return Draft(question, write_dfa(target), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        target = Dfa.from_json(problem.meta["minimal"])
        return judge_dfa(target, answer, min_states=problem.meta["states"])

    def complexity(self, problem: Problem) -> float:
        """States of the given automaton times its alphabet size (moves to refine)."""
        delta = problem.meta["dfa"]["delta"]
        return float(len(delta) * len(delta[0]))
