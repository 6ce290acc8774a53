"""CombinatorNormalForm: the normal form of a term of combinatory logic over S, K and I.

A random combinator term over S, K, I and the variables x, y, z is drawn and reduced by
normal-order (leftmost-outermost) weak reduction with the rules ``I a -> a``,
``K a b -> a`` and ``S a b c -> a c (b c)`` (Schönfinkel 1924, Curry 1958). Only terms that
reach a normal form within a step cap, after at least ``steps`` steps, are kept; combinatory
logic is confluent, so that normal form is unique, and the check compares the answer's
parse with it (a term still holding a redex is wrong, with the reason saying so).

Answer syntax: one combinator term: S, K, I and the variables x, y, z, application by
juxtaposition (left-associative: ``S x y`` is ``(S x) y``) and parentheses for grouping
(``x (K y) z``).

Knobs: ``size`` (atoms of the term, 4 -> 14) and ``steps`` (the fewest reduction steps it
needs, 1 -> 8). Difficulty raises both.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.formal.terms import (
    combinator_size,
    combinator_step,
    parse_combinator,
    show_combinator,
)
from rlvr_envs.families.shared.answer_parsing import AnswerError

MAX_STEPS = 40
MAX_SIZE = 30
EXAMPLE = "x (K y) z"


def _parts(term: Any) -> set[Any]:
    out, stack = set(), [term]
    while stack:
        t = stack.pop()
        out.add(t)
        if not isinstance(t, str):
            stack.extend(t)
    return out


_EXAMPLE_PARTS = frozenset(_parts(parse_combinator(EXAMPLE)) | _parts(parse_combinator("S x y")))


def random_combinator(rng: random.Random, size: int, variables: str) -> Any:
    """A random application tree with ``size`` atoms, three in four of them S, K or I."""
    if size <= 1:
        if rng.random() < 0.75:
            return "SKI"[int(rng.random() * 3)]
        return variables[int(rng.random() * len(variables))]
    k = 1 + int(rng.random() * (size - 1))
    return (random_combinator(rng, k, variables), random_combinator(rng, size - k, variables))


def draw_combinator(rng: random.Random, size: int, steps: int) -> tuple[Any, Any, int]:
    """A term needing at least ``steps`` steps to a normal form of at most :data:`MAX_SIZE`
    atoms, that normal form (not a part of the term or of the prompt's examples) and the
    number of steps. Every 200 failed draws the size grows by one."""
    for tries in range(1, 1_000_000):
        term = random_combinator(rng, size + tries // 200, "xyz")
        current, count = term, 0
        while count <= MAX_STEPS and combinator_size(current) <= 2 * MAX_SIZE:
            nxt = combinator_step(current)
            if nxt is None:
                break
            current, count = nxt, count + 1
        else:
            continue
        if count < steps or combinator_size(current) > MAX_SIZE:
            continue
        if current in _EXAMPLE_PARTS or current in _parts(term):
            continue
        return term, current, count
    raise AssertionError("unreachable")  # pragma: no cover


class CombinatorNormalForm(Family):
    """The weak normal form of an S, K, I term."""

    knobs: ClassVar[dict[str, Knob]] = {
        "size": Knob("int", 3, 20, default=8, easy=4, hard=14, doc="atoms of the term"),
        "steps": Knob("int", 1, 10, default=3, easy=1, hard=8, doc="fewest reduction steps"),
    }
    answer_syntax = f"the normal form as one combinator term (e.g. {EXAMPLE})"
    answer_form = "combinator term"

    def generate(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        term, normal, count = draw_combinator(rng, int(knobs["size"]), int(knobs["steps"]))
        shown = show_combinator(term)
        question = (
            f"Reduce this term of combinatory logic to its normal form:\n\n{shown}\n\n"
            "The combinators reduce by I a -> a, K a b -> a and S a b c -> a c (b c), where "
            "a, b and c stand for any terms; x, y and z are variables (constants). Application "
            "is written by juxtaposition and is left-associative: S x y is (S x) y. Apply the "
            "rules anywhere in the term, inside arguments too, until none applies; the term "
            "has a normal form."
        )
        return Draft(question, show_combinator(normal), {"term": shown, "steps": count})

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            given = parse_combinator(answer)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if given == parse_combinator(problem.answer):
            return Judgement.right()
        if combinator_step(given) is not None:
            return Judgement.wrong(why="not a normal form: a rule still applies")
        return Judgement.wrong(why="a normal form, but not the one this term reduces to")

    def complexity(self, problem: Problem) -> float:
        """Reduction steps plus a quarter of the term's atoms."""
        size = combinator_size(parse_combinator(problem.meta["term"]))
        return problem.meta["steps"] + size / 4
