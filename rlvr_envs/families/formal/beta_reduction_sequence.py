"""BetaReductionSequence: a beta-reduction sequence from a lambda term to its normal form,
checked step by step.

A random lambda term over the free variables a to e that normalises within a few steps is
drawn (as in BetaNormalForm). The answer lists the terms after each step, one per line. Any
reduction strategy is accepted: each line must be the previous term (the given term for the
first line) with exactly one beta-redex contracted, compared up to renaming of bound
variables (the check enumerates every one-step reduct in de Bruijn form), and the last line
must be the normal form. The reason of a wrong answer names the first wrong step and why.

Answer syntax: one lambda term per line (``\\x. body`` with ``\\`` or ``λ`` for lambda,
application by juxtaposition, parentheses for grouping), starting with the term after the
first step and ending with the normal form; a line may be numbered (``2. a b``) or start with
``->``.

Knobs: ``size`` (nodes of the term, 5 -> 18) and ``steps`` (the fewest normal-order steps
the term needs, 1 -> 6). Difficulty raises both.
"""

from __future__ import annotations

import random
import re
from typing import Any, ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.formal.terms import (
    LAMBDA_SYNTAX,
    draw_normalising,
    lambda_size,
    normal_order_step,
    one_step_reducts,
    parse_lambda,
    show_lambda,
)
from rlvr_envs.families.shared.answer_parsing import AnswerError

MAX_LINES = 60
FREE = "abcde"
"""Five free variables: with three, one reduction sequence was right for a tenth of the
problems (identity redexes around a free variable are common)."""
_PREFIX = re.compile(r"^\s*(?:(?:step\s*)?\d+\s*[.):]\s*)?(?:->|=>|→|⟶)?\s*", re.IGNORECASE)


def read_sequence(answer: str) -> list[str]:
    """The answer's non-empty lines with a step number or an arrow taken off the front."""
    lines = [_PREFIX.sub("", line, count=1).strip() for line in answer.splitlines()]
    lines = [line for line in lines if line]
    if not lines:
        raise AnswerError("no terms")
    if len(lines) > MAX_LINES:
        raise AnswerError(f"more than {MAX_LINES} lines")
    return lines


class BetaReductionSequence(Family):
    """A reduction sequence to normal form, each step one beta-reduction of any redex."""

    knobs: ClassVar[dict[str, Knob]] = {
        "size": Knob("int", 4, 24, default=10, easy=5, hard=18, doc="nodes of the term"),
        "steps": Knob("int", 1, 8, default=3, easy=1, hard=6, doc="fewest reduction steps"),
    }
    answer_syntax = (
        "the term after each step, one per line, the last line the normal form "
        "(e.g. two lines: (\\x. x) a and then a)"
    )
    answer_form = "reduction sequence"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        steps = int(knobs["steps"])
        size = int(knobs["size"])
        term, _, count = draw_normalising(rng, size, steps, max_steps=steps + 3, free=FREE)
        shown, lines = show_lambda(term), []
        current = normal_order_step(term)
        while current is not None:
            lines.append(show_lambda(current))
            current = normal_order_step(current)
        question = (
            f"Reduce this untyped lambda term to its beta-normal form step by step:\n\n"
            f"{shown}\n\n{LAMBDA_SYNTAX} The letters a, b, c, d and e are free variables "
            "(constants). Each step contracts exactly one beta-redex (\\x. M) N to M with N "
            "substituted for the free occurrences of x (renaming bound variables to avoid "
            "capture); any redex may be chosen at each step. Write the term after each step "
            "on its own line, without the starting term, until no redex is left; the last "
            "line is the normal form. Any names for the bound variables are accepted."
        )
        return Draft(question, "\n".join(lines), {"term": shown, "steps": count})

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            lines = read_sequence(answer)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        current = parse_lambda(problem.meta["term"])
        for number, line in enumerate(lines, 1):
            try:
                given = parse_lambda(line)
            except AnswerError as exc:
                return Judgement.unparsable(f"step {number}: {exc}")
            if given not in one_step_reducts(current):
                why = "is not one beta step from the previous term"
                if given == current:
                    why = "repeats the previous term"
                return Judgement.wrong(why=f"step {number} {why}", step=number)
            current = given
        if normal_order_step(current) is not None:
            return Judgement.wrong(why="the last term still has a beta-redex", step=len(lines))
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Normal-order steps, plus a quarter of the term's nodes."""
        return problem.meta["steps"] + lambda_size(parse_lambda(problem.meta["term"])) / 4
