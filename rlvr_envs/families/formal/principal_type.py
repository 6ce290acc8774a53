"""PrincipalType: the principal simple type of a closed lambda term, accepted up to renaming
of the type variables.

A random closed lambda term (a few leading binders around a random body) is drawn and typed
by Hindley-Milner inference (Hindley 1969, Milner 1978; here for the simply typed fragment:
no let), which unifies the types of every application and gives the most general type from
which every other type of the term is an instance. Untypable terms (``\\x. x x``) are kept
rarely, about one problem in twenty, and then the answer is the word ``untypable``. The check
renames the answer's type variables in order of first appearance and compares with the
principal type so renamed, so any names are accepted; a type that is only an instance of the
principal type (less general) is wrong, with the reason saying so.

Answer syntax: a type over type variables (lowercase names) with ``->`` (or ``→``),
right-associative, and parentheses (``(b -> c) -> b -> c``), or the word ``untypable``.

Knobs: ``binders`` (leading lambdas, 1 -> 4) and ``size`` (nodes of the body under them,
2 -> 12). Difficulty raises both.
"""

from __future__ import annotations

import itertools
import random
from typing import Any, ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.formal.terms import (
    LAMBDA_SYNTAX,
    canonical_type,
    infer_type,
    lambda_size,
    match,
    parse_lambda,
    parse_type,
    random_lambda,
    show_lambda,
    show_type,
    type_size,
)
from rlvr_envs.families.shared.answer_parsing import AnswerError

UNTYPABLE = "untypable"
UNTYPABLE_RATE = 0.05
"""The chance a problem is an untypable term (then the word ``untypable`` is the answer)."""
EXAMPLE = "(b -> c) -> b -> c"
_EXAMPLE_TYPES = {canonical_type(parse_type(t)) for t in (EXAMPLE, "b -> c", "c")}


def draw_term(rng: random.Random, binders: int, size: int) -> tuple[Any, Any | None]:
    """A closed term of ``binders`` leading lambdas around a body of ``size`` nodes, and its
    principal type (None when untypable, which is kept only at :data:`UNTYPABLE_RATE`)."""
    untypable = rng.random() < UNTYPABLE_RATE and size >= 3  # x x needs three nodes
    for tries in itertools.count():
        if tries == 200:  # a body too small or too simple to be untypable often
            untypable = False
        term = random_lambda(rng, size, "", 0.3, depth=binders)
        for _ in range(binders):
            term = ("l", term)
        principal = infer_type(term)
        if untypable and principal is None:
            return term, None
        if not untypable and principal is not None and principal not in _EXAMPLE_TYPES:
            return term, principal
    raise AssertionError("unreachable")  # pragma: no cover


def _as_arrows(ty: Any) -> Any:
    """A parsed type (names at the leaves) in the (``->``, a, b) form :func:`match` reads."""
    return ty if isinstance(ty, str) else ("->", (_as_arrows(ty[1]), _as_arrows(ty[2])))


class PrincipalType(Family):
    """The most general simple type of a closed lambda term, or ``untypable``."""

    knobs: ClassVar[dict[str, Knob]] = {
        "binders": Knob("int", 1, 5, default=2, easy=1, hard=4, doc="leading lambdas"),
        "size": Knob("int", 1, 16, default=6, easy=2, hard=12, doc="nodes of the body"),
    }
    answer_syntax = f"the type, such as {EXAMPLE}, or the word untypable"
    answer_form = "simple type"

    def generate(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        term, principal = draw_term(rng, int(knobs["binders"]), int(knobs["size"]))
        shown = show_lambda(term)
        question = (
            f"Find the principal (most general) simple type of this closed lambda term:\n\n"
            f"{shown}\n\n{LAMBDA_SYNTAX} Types are built from type variables (a, b, c, ...) "
            "with the arrow ->, which associates to the right: a -> b -> c is "
            "a -> (b -> c). Every simple type of the term must be an instance of your answer "
            "(the variables may have any names). If the term has no simple type, answer "
            f"{UNTYPABLE}."
        )
        answer = UNTYPABLE if principal is None else show_type(principal)
        return Draft(question, answer, {"term": shown})

    def check(self, problem: Problem, answer: str) -> Judgement:
        expected = problem.answer
        if answer.strip().lower() == UNTYPABLE:
            if expected == UNTYPABLE:
                return Judgement.right()
            return Judgement.wrong(why="the term has a simple type")
        try:
            given = parse_type(answer)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if expected == UNTYPABLE:
            return Judgement.wrong(why="the term has no simple type")
        principal = parse_type(expected)
        if canonical_type(given) == canonical_type(principal):
            return Judgement.right()
        if match(_as_arrows(principal), _as_arrows(given)) is not None:
            return Judgement.wrong(why="a type of the term, but not the most general one")
        return Judgement.wrong(why="not a type of this term")

    def complexity(self, problem: Problem) -> float:
        """Nodes of the term plus those of its type."""
        size = lambda_size(parse_lambda(problem.meta["term"]))
        if problem.answer == UNTYPABLE:
            return float(size)
        return float(size + type_size(canonical_type(parse_type(problem.answer))))
