"""GrammarWordOfLength: a string of a given length that a context-free grammar generates.

A random grammar (no empty or unit rules; every nonterminal reachable and productive) over two
or three terminals drawn per problem is given with a length n; the answer is any string of
exactly n letters that the grammar generates, checked by counting its parse trees (dynamic
programming over spans). One exists by construction (the reference is drawn by a random
derivation), and grammars with a terminal-only right-hand side of n letters (text a model
could copy from the prompt) are drawn again.

Answer syntax: the string, letters written together (``abba``).

Knobs: ``nonterminals`` (2 -> 5), ``rules`` (right-hand sides in all, 4 -> 12) and
``length`` (n, 4 -> 16). Difficulty raises all three.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.formal.grammars import (
    Grammar,
    count_parses,
    format_grammar,
    random_derivation,
    random_grammar,
)

LETTERS = "abcdfghk"
_WORD = re.compile(r"[a-z]{1,64}")


class GrammarWordOfLength(Family):
    """Any string of a given length in the language of a grammar."""

    knobs: ClassVar[dict[str, Knob]] = {
        "nonterminals": Knob("int", 2, 6, default=3, easy=2, hard=5, doc="nonterminals"),
        "rules": Knob("int", 3, 16, default=6, easy=4, hard=12, doc="right-hand sides"),
        "length": Knob("int", 3, 24, default=7, easy=4, hard=16, doc="letters of the string"),
    }
    answer_syntax = "the string, its letters written together"
    answer_form = "a string of the language"
    unique_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        nonterminals, rules, length = (int(knobs[k]) for k in ("nonterminals", "rules", "length"))
        while True:
            terminals = "".join(sorted(rng.sample(LETTERS, 2 + (nonterminals >= 4))))
            grammar = random_grammar(rng, nonterminals, rules, terminals)
            if any(len(rhs) == length and rhs.islower() for _, rhs in grammar.rules):
                continue
            forms = random_derivation(rng, grammar, length, length, tries=12)
            if forms:
                break
        question = (
            "A context-free grammar has the start symbol S; upper-case letters are "
            "nonterminals, lower-case letters terminals, and | separates the right-hand "
            "sides of one nonterminal:\n\n"
            f"{format_grammar(grammar)}\n\n"
            f"Give a string of exactly {length} letters that the grammar generates, its "
            "letters written together (like `xyyx` for a string of four letters)."
        )
        meta = {"rules": grammar.to_json(), "length": length, "steps": len(forms) - 1}
        return Draft(question, forms[-1], meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        word = "".join(answer.split())
        if not _WORD.fullmatch(word):
            return Judgement.unparsable("expected a string of lower-case letters")
        length = problem.meta["length"]
        if len(word) != length:
            return Judgement.wrong(why=f"{len(word)} letters, not {length}")
        if count_parses(Grammar.from_json(problem.meta["rules"]), word) == 0:
            return Judgement.wrong(why="the grammar does not generate it")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Steps of the reference derivation plus the grammar's right-hand sides."""
        return float(problem.meta["steps"] + len(problem.meta["rules"]))
