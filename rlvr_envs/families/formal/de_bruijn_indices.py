"""DeBruijnIndices: a named lambda term written in de Bruijn notation.

A random lambda term over the free variables a, b, c is drawn and its binders are named,
reusing (shadowing) the name of an enclosing binder at a rate the ``shadowing`` knob sets,
wherever that binder is not referred to below the new one, so the named term means the same
term. The answer writes each bound variable as its de Bruijn index, the number of lambdas
between the occurrence and its binder (de Bruijn 1972): 0 for the nearest enclosing lambda.
De Bruijn notation is unique for a term, so the check parses the answer and compares it with
the term; an index that points past every enclosing lambda is refused as unparsable.

Answer syntax: ``\\`` (or ``λ``) for each lambda with no variable name, indices as numbers
from 0, free variables by their names, application by juxtaposition (left-associative) and
parentheses for grouping: ``\\x. \\y. x (y a)`` is ``\\ \\ 1 (0 a)``.

Knobs: ``size`` (nodes of the term, 5 -> 24) and ``shadowing`` (the chance that a binder
reuses an enclosing binder's name, 0 -> 0.6). Difficulty raises both.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.formal.terms import (
    lambda_size,
    parse_de_bruijn,
    parse_lambda,
    random_lambda,
    show_de_bruijn,
)
from rlvr_envs.families.shared.answer_parsing import AnswerError

FREE = "abc"
NAMES = "xyzwvu"
EXAMPLE_NAMED = r"\x. \y. x (y a)"
EXAMPLE_INDICES = r"\ \ 1 (0 a)"


def _refers(t: Any, index: int) -> bool:
    """Whether ``t`` uses the variable bound ``index`` lambdas above its top."""
    tag = t[0]
    if tag == "v":
        return t[1] == index
    if tag == "l":
        return _refers(t[1], index + 1)
    if tag == "a":
        return _refers(t[1], index) or _refers(t[2], index)
    return False


def name_binders(rng: random.Random, t: Any, scope: list[str], shadowing: float) -> str:
    """``t`` written with named binders: each binder takes a name no enclosing binder has,
    or, with chance ``shadowing``, the name of an enclosing binder that the body does not
    use (so the reuse shadows nothing that is needed)."""
    tag = t[0]
    if tag == "v":
        return scope[len(scope) - 1 - t[1]]
    if tag == "f":
        return t[1]
    if tag == "l":
        body = t[1]
        hidden = [
            name
            for k, name in enumerate(reversed(scope))
            if not _refers(body, k + 1) and name not in scope[len(scope) - k :]
        ]
        fresh = [n for n in NAMES if n not in scope]
        if hidden and (rng.random() < shadowing or not fresh):
            name = hidden[int(rng.random() * len(hidden))]
        else:
            name = fresh[0] if fresh else f"x{len(scope)}"
        return f"\\{name}. {name_binders(rng, body, [*scope, name], shadowing)}"
    left = name_binders(rng, t[1], scope, shadowing)
    right = name_binders(rng, t[2], scope, shadowing)
    if t[1][0] == "l":
        left = f"({left})"
    if t[2][0] in "la":
        right = f"({right})"
    return f"{left} {right}"


def _binders(t: Any) -> int:
    if t[0] == "l":
        return 1 + _binders(t[1])
    if t[0] == "a":
        return _binders(t[1]) + _binders(t[2])
    return 0


class DeBruijnIndices(Family):
    """A named lambda term in de Bruijn notation."""

    knobs: ClassVar[dict[str, Knob]] = {
        "size": Knob("int", 3, 30, default=10, easy=5, hard=24, doc="nodes of the term"),
        "shadowing": Knob("float", 0.0, 1.0, default=0.2, easy=0.0, hard=0.6, doc="name reuse"),
    }
    answer_syntax = f"the term in de Bruijn notation (e.g. {EXAMPLE_INDICES})"
    answer_form = "de Bruijn term"

    def generate(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        size, shadowing = int(knobs["size"]), float(knobs["shadowing"])
        example = parse_lambda(EXAMPLE_NAMED)
        while True:
            term = random_lambda(rng, size, FREE, 0.5)
            if _binders(term) >= 2 and term != example:
                break
        shown = name_binders(rng, term, [], shadowing)
        question = (
            f"Write this lambda term in de Bruijn notation:\n\n{shown}\n\n"
            "In the term, \\x. M is a lambda binding x in M, application is juxtaposition "
            "(left-associative) and a lambda's body reaches as far right as possible; a, b "
            "and c are free variables. In de Bruijn notation each lambda is written \\ with "
            "no name, each bound variable is replaced by the number of lambdas between it "
            "and its binder (0 for the nearest enclosing lambda), and free variables keep "
            f"their names: for example {EXAMPLE_NAMED} is {EXAMPLE_INDICES}."
        )
        meta = {"term": shown, "binders": _binders(term)}
        return Draft(question, show_de_bruijn(term), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            given = parse_de_bruijn(answer)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if given == parse_de_bruijn(problem.answer):
            return Judgement.right()
        return Judgement.wrong(why="not this term in de Bruijn notation")

    def complexity(self, problem: Problem) -> float:
        """Nodes of the term plus its shadowed binders, counted as the binders whose name an
        enclosing binder also has."""
        return lambda_size(parse_lambda(problem.meta["term"])) + _shadowed(problem)


def _shadowed(problem: Problem) -> int:
    """How many binders reuse a name another binder of the term has."""
    text = problem.meta["term"]
    names = [text[i + 1] for i, ch in enumerate(text) if ch == "\\"]
    return len(names) - len(set(names))
