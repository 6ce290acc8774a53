"""RegexToDfa: a complete DFA for a regular expression of a small stated language.

An expression over a small alphabet (letters, concatenation, ``|``, postfix ``*``, ``+``,
``?``, parentheses; :mod:`automata`) is shown; the answer is any complete DFA that accepts
exactly the strings the expression matches as a whole. The reference is built by Glushkov's
position automaton, the subset construction and minimisation; the check searches the product
of the answer with it for a string on which they disagree and names the shortest such string
(so the learner sees, say, that ``ab`` should have been accepted).

Answer syntax: the table of :mod:`automata` (``accept: 2`` then ``1: a -> 2, b -> 1`` per
state, new lines or ``;`` between rows).

Knobs: ``size`` (letters and operators in the expression, 3 -> 10) and ``letters``
(alphabet size, 2 -> 3). Difficulty raises both.
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
    letters_text,
    random_regex,
    regex_dfa,
    regex_size,
    table_rules,
    write_dfa,
    write_regex,
)

ALPHABET = "abc"
REGEX_RULES = (
    "In the expression, juxtaposition is concatenation, | is alternation (lowest "
    "precedence), and a postfix * means zero or more, + one or more and ? zero or one of "
    "what it follows; parentheses group. The expression must match the whole string."
)


class RegexToDfa(Family):
    """Any complete DFA accepting exactly the strings a regular expression matches."""

    knobs: ClassVar[dict[str, Knob]] = {
        "size": Knob("int", 2, 14, default=6, easy=3, hard=10, doc="letters and operators"),
        "letters": Knob("int", 2, 3, default=2, easy=2, hard=3, doc="alphabet size"),
    }  # fmt: skip
    answer_syntax = "the DFA as a table: accept: ..., then one row per state"
    answer_form = "DFA table"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        size, alphabet = int(knobs["size"]), ALPHABET[: int(knobs["letters"])]
        while True:
            regex = random_regex(rng, size, alphabet)
            target = regex_dfa(regex, alphabet)
            if target.size >= 2 and counterexample(target, example_dfa(alphabet)) is not None:
                break
        question = (
            f"Give a complete deterministic finite automaton over {letters_text(alphabet)} "
            "that accepts exactly the strings matched by the regular expression\n\n"
            f"    {write_regex(regex)}\n\n{REGEX_RULES}\n\n{table_rules(alphabet)}"
        )
        meta = {"regex": write_regex(regex), "target": target.to_json(),
                "size": regex_size(regex)}  # fmt: skip
        return Draft(question, write_dfa(target), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        return judge_dfa(Dfa.from_json(problem.meta["target"]), answer)

    def complexity(self, problem: Problem) -> float:
        """The expression's size plus the minimal automaton's states."""
        return float(problem.meta["size"] + len(problem.meta["target"]["delta"]))
