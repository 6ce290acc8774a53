"""LeftmostDerivation: a leftmost derivation of a given string from a context-free grammar,
checked step by step.

A random grammar (no empty or unit rules; every nonterminal reachable and productive) and a
string it generates are given. The answer is a derivation: the sentential forms from ``S``
to the string, each obtained from the one before by replacing its leftmost nonterminal with
one right-hand side of one of that nonterminal's rules. Every leftmost derivation of the
string is accepted (an ambiguous grammar has several); the check replays the steps and its
reason names the first wrong one (its number and why).

Answer syntax: the forms separated by ``=>``, symbols written together (``S => aSb => ab``).

Knobs: ``nonterminals`` (2 -> 5), ``rules`` (right-hand sides in all, 4 -> 12) and
``length`` (letters of the string, 3 -> 14). Difficulty raises all three; from 4
nonterminals the terminals are a, b and c, else a and b.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.formal.grammars import (
    Grammar,
    derivation_error,
    format_grammar,
    random_derivation,
    random_grammar,
)

MAX_FORMS = 400
_FORM = re.compile(r"[A-Za-z]{1,200}")


def read_forms(answer: str) -> list[str] | None:
    """The sentential forms of a derivation written with ``=>`` (or ``⇒``, or one per line);
    ``None`` when it is not that."""
    parts = re.split(r"=>|⇒|\n", answer)
    forms = ["".join(p.split()) for p in parts]
    if forms and not forms[0]:
        forms = forms[1:]
    if not forms or len(forms) > MAX_FORMS or not all(_FORM.fullmatch(f) for f in forms):
        return None
    return forms


def grammar_problem(
    rng: random.Random, nonterminals: int, rules: int, length: int
) -> tuple[Grammar, list[str]]:
    """A random grammar and a random leftmost derivation of a word of about ``length``
    letters (``length`` - 1 to ``length`` + 1) from it."""
    terminals = "abc" if nonterminals >= 4 else "ab"
    while True:
        grammar = random_grammar(rng, nonterminals, rules, terminals)
        forms = random_derivation(rng, grammar, max(1, length - 1), length + 1)
        if forms and len(forms) > 2:
            return grammar, forms


class LeftmostDerivation(Family):
    """A leftmost derivation of a string from a grammar, checked step by step."""

    knobs: ClassVar[dict[str, Knob]] = {
        "nonterminals": Knob("int", 2, 6, default=3, easy=2, hard=5, doc="nonterminals"),
        "rules": Knob("int", 3, 16, default=6, easy=4, hard=12, doc="right-hand sides"),
        "length": Knob("int", 2, 20, default=6, easy=3, hard=14, doc="letters of the string"),
    }
    answer_syntax = "the sentential forms from S to the string, separated by =>"
    answer_form = "a leftmost derivation"
    unique_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        grammar, forms = grammar_problem(
            rng, int(knobs["nonterminals"]), int(knobs["rules"]), int(knobs["length"])
        )
        word = forms[-1]
        question = (
            "A context-free grammar has the start symbol S; upper-case letters are "
            "nonterminals, lower-case letters terminals, and | separates the right-hand "
            "sides of one nonterminal:\n\n"
            f"{format_grammar(grammar)}\n\n"
            f"Give a leftmost derivation of the string {word}: the sentential forms from S "
            "to the string, each obtained from the one before by replacing its leftmost "
            "nonterminal with one of that nonterminal's right-hand sides, separated by => "
            "with the symbols of a form written together (with the rules S -> xSy | z, the "
            "string xzy has the derivation `S => xSy => xzy`)."
        )
        meta = {"rules": grammar.to_json(), "word": word, "steps": len(forms) - 1}
        return Draft(question, " => ".join(forms), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        forms = read_forms(answer)
        if forms is None:
            return Judgement.unparsable("expected sentential forms of letters separated by =>")
        grammar = Grammar.from_json(problem.meta["rules"])
        error = derivation_error(grammar, forms, problem.meta["word"])
        if error is None:
            return Judgement.right(steps=len(forms) - 1)
        step, why = error
        where = "the first form" if step == 0 else f"step {step}"
        if step == len(forms) and step > 0:
            where = "the end"
        return Judgement.wrong(why=f"{where}: {why}", step=step)

    def complexity(self, problem: Problem) -> float:
        """Steps of the reference derivation."""
        return float(problem.meta["steps"])
