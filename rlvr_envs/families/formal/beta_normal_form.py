"""BetaNormalForm: the beta-normal form of an untyped lambda term, accepted up to renaming of
bound variables.

A random lambda term over the free variables a to e is drawn and reduced by normal-order
(leftmost-outermost) reduction, which reaches the normal form whenever one exists; only
terms that reach it within a step cap are kept, and at least ``steps`` steps are needed, so
the normal form exists and is unique (Church-Rosser). The check parses the answer into de
Bruijn form, so any choice of bound-variable names (alpha-equivalence) is accepted; a term
that still holds a redex, or a different normal form, is wrong, with the reason saying which.

Answer syntax: one lambda term, ``\\x. body`` with ``\\`` (or ``λ``) for lambda, application
by juxtaposition (left-associative), parentheses for grouping (``\\x. a (x b)``).

Knobs: ``size`` (nodes of the term, 6 -> 22) and ``steps`` (the fewest normal-order steps
the term needs, 1 -> 7). Difficulty raises both.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.formal.terms import (
    LAMBDA_SYNTAX,
    draw_normalising,
    lambda_size,
    normal_order_step,
    parse_lambda,
    show_lambda,
)
from rlvr_envs.families.shared.answer_parsing import AnswerError

FREE = "abcde"
"""Five free variables: with three, ``\\x. b`` alone was right for a tenth of the problems."""


class BetaNormalForm(Family):
    """The beta-normal form of a normalising lambda term, up to alpha-equivalence."""

    knobs: ClassVar[dict[str, Knob]] = {
        "size": Knob("int", 4, 30, default=12, easy=6, hard=22, doc="nodes of the term"),
        "steps": Knob("int", 1, 10, default=3, easy=1, hard=7, doc="fewest reduction steps"),
    }
    answer_syntax = "the normal form as one lambda term (e.g. \\x. a (x b))"
    answer_form = "lambda term"

    def generate(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        size, least = int(knobs["size"]), int(knobs["steps"])
        term, normal, steps = draw_normalising(rng, size, least, free=FREE)
        shown, answer = show_lambda(term), show_lambda(normal)
        question = (
            f"Reduce this untyped lambda term to its beta-normal form:\n\n{shown}\n\n"
            f"{LAMBDA_SYNTAX} The letters a, b, c, d and e are free variables (constants). "
            "Beta-reduce until no redex (\\x. M) N is left anywhere, inside lambdas too; the "
            "term has a normal form. Any names for the bound variables are accepted."
        )
        return Draft(question, answer, {"term": shown, "steps": steps})

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            given = parse_lambda(answer)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if given == parse_lambda(problem.answer):
            return Judgement.right()
        if normal_order_step(given) is not None:
            return Judgement.wrong(why="not a normal form: a beta-redex is left")
        return Judgement.wrong(why="a normal form, but not the one this term reduces to")

    def complexity(self, problem: Problem) -> float:
        """Normal-order steps, plus a quarter of the term's nodes."""
        return problem.meta["steps"] + lambda_size(parse_lambda(problem.meta["term"])) / 4
