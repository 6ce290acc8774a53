"""AmbiguityWitness: a string with two different parse trees in a context-free grammar.

A random grammar (no empty or unit rules) is made ambiguous by a planted shortcut: for a
nonterminal X other than S, a word w that X derives in ``depth`` or more steps becomes the
new rule X -> w, so any string whose derivation passes through X deriving w has two parse
trees. The terminals are two or three letters drawn per problem, so no fixed string fits many
problems. The answer is any string of at most the stated length with two or more parse
trees; the check counts parse trees exactly (dynamic programming over spans), so a string
that is ambiguous for another reason is right too. Grammars in which a terminal-only
right-hand side (text a model could copy from the prompt) is itself ambiguous are drawn
again.

Answer syntax: the string, letters written together (``abba``).

Knobs: ``nonterminals`` (2 -> 5), ``rules`` (right-hand sides before the planted one, 4 ->
12) and ``depth`` (steps of X's other derivation of w, 2 -> 6). Difficulty raises all
three.
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
    is_terminal,
    random_derivation,
    random_grammar,
    word_through,
)

LETTERS = "abcdfghk"
_WORD = re.compile(r"[a-z]{1,64}")


def planted(rng: random.Random, nonterminals: int, rules: int, depth: int) -> tuple[Grammar, str]:
    """An ambiguous grammar and a string with two parse trees (see the module docstring)."""
    while True:
        terminals = "".join(sorted(rng.sample(LETTERS, 2 + (nonterminals >= 4))))
        grammar = random_grammar(rng, nonterminals, rules, terminals)
        inner_symbol = rng.choice(grammar.nonterminals[1:])
        forms = None
        for _ in range(4):
            forms = random_derivation(rng, grammar, 2, 3 + depth, tries=3, symbol=inner_symbol)
            if (
                forms
                and len(forms) - 1 >= depth
                and forms[-1] not in grammar.alternatives(inner_symbol)
            ):
                break
            forms = None
        if forms is None:
            continue
        grammar = Grammar((*grammar.rules, (inner_symbol, forms[-1])))
        word = word_through(grammar, inner_symbol, forms[-1])  # two parse trees: see above
        if word is None:
            continue
        copyable = {rhs for _, rhs in grammar.rules if all(map(is_terminal, rhs))}
        if all(count_parses(grammar, w) < 2 for w in copyable):
            return grammar, word


class AmbiguityWitness(Family):
    """A string with two parse trees in a planted ambiguous grammar."""

    knobs: ClassVar[dict[str, Knob]] = {
        "nonterminals": Knob("int", 2, 6, default=3, easy=2, hard=5, doc="nonterminals"),
        "rules": Knob("int", 3, 16, default=6, easy=4, hard=12, doc="right-hand sides"),
        "depth": Knob("int", 2, 8, default=3, easy=2, hard=6, doc="steps of the other parse"),
    }
    answer_syntax = "the string, its letters written together"
    answer_form = "an ambiguous string"
    unique_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        grammar, word = planted(
            rng, int(knobs["nonterminals"]), int(knobs["rules"]), int(knobs["depth"])
        )
        bound = max(12, len(word) + 4)
        question = (
            "A context-free grammar has the start symbol S; upper-case letters are "
            "nonterminals, lower-case letters terminals, and | separates the right-hand "
            "sides of one nonterminal:\n\n"
            f"{format_grammar(grammar)}\n\n"
            f"The grammar is ambiguous. Give a string of at most {bound} letters that it "
            "generates with two (or more) different parse trees, that is with two different "
            "leftmost derivations. Write the string's letters together (like `xyyx`)."
        )
        meta = {"rules": grammar.to_json(), "bound": bound}
        return Draft(question, word, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        word = "".join(answer.split())
        if not _WORD.fullmatch(word):
            return Judgement.unparsable("expected a string of lower-case letters")
        bound = problem.meta["bound"]
        if len(word) > bound:
            return Judgement.wrong(why=f"longer than {bound} letters")
        parses = count_parses(Grammar.from_json(problem.meta["rules"]), word)
        if parses >= 2:
            return Judgement.right(parses=parses)
        why = "the grammar does not generate it" if parses == 0 else "it has one parse tree"
        return Judgement.wrong(why=why)

    def complexity(self, problem: Problem) -> float:
        """Letters of the reference string plus the grammar's right-hand sides."""
        return float(len(problem.answer) + len(problem.meta["rules"]))
