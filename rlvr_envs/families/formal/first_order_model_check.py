"""FirstOrderModelCheck: the elements of a finite structure that satisfy a first-order formula.

The prompt gives a finite structure (the domain ``0 .. n-1``, unary predicates ``P, Q, S``
as sets and a binary relation ``R`` as a set of pairs) and a formula ``phi(x)`` of
first-order logic with one free variable ``x``, nested quantifiers over ``y, z, w`` and the
connectives ``~ & | ->`` (Tarski's satisfaction relation; Enderton, "A Mathematical
Introduction to Logic", 2.2). The answer is the set of all elements ``a`` with ``phi(a)``
true in the structure: one set, unique, compared exactly. Problems whose set is empty,
a single element (in domains of five or more), the whole domain or all but one element, or
one of the predicates listed in the prompt are redrawn, so no constant and no copied set
earns much.

Answer syntax: the elements in braces, ``{0, 3, 4}`` (any order; ``{}`` for none).

Knobs: ``domain`` (elements, 4 -> 8), ``quantifiers`` (nested quantifiers, 1 -> 3) and
``predicates`` (unary predicates, 1 -> 3). Difficulty raises all three.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.formal.models import random_fo, satisfying, show_fo
from rlvr_envs.families.shared.answer_parsing import AnswerError, scan, small_int

_SET = re.compile(r"\{([^{}]*)\}")
_ELEMENT = re.compile(r"\d{1,6}")


def read_set(answer: str) -> set[int]:
    """``{0, 3, 4}`` -> {0, 3, 4}; ``{}`` -> the empty set; repeats are refused."""
    match = _SET.fullmatch(answer.strip())
    if match is None:
        raise AnswerError("expected a set in braces, e.g. {1, 2}")
    if not match.group(1).strip():
        return set()
    found = [small_int(m.group()) for m in scan(match.group(1), _ELEMENT, 64, "an element")]
    if len(set(found)) != len(found):
        raise AnswerError("an element is listed twice")
    return set(found)


def show_set(members: list[int] | set[int]) -> str:
    return "{" + ", ".join(str(i) for i in sorted(members)) + "}"


class FirstOrderModelCheck(Family):
    """The set of elements satisfying a first-order formula in a finite structure."""

    knobs: ClassVar[dict[str, Knob]] = {
        "domain": Knob("int", 3, 10, default=6, easy=4, hard=8, doc="elements"),
        "quantifiers": Knob("int", 1, 3, default=2, easy=1, hard=3, doc="nested quantifiers"),
        "predicates": Knob("int", 1, 3, default=2, easy=1, hard=3, doc="unary predicates"),
    }
    answer_syntax = "the set of elements in braces, e.g. {12, 15}"
    answer_form = "a set of domain elements"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, q = int(knobs["domain"]), int(knobs["quantifiers"])
        preds = "PQS"[: int(knobs["predicates"])]
        while True:
            predicates = {name: {i for i in range(n) if rng.random() < 0.45} for name in preds}
            density = rng.uniform(0.2, 0.4)
            relation = {(i, j) for i in range(n) for j in range(n) if rng.random() < density}
            formula = random_fo(rng, q, preds)
            members = satisfying(formula, n, predicates, relation)
            listed = [sorted(s) for s in predicates.values()]
            if min(2, n - 3) <= len(members) < n - 1 and members not in listed:
                break
        lines = [f"Domain: {show_set(range(n))}"]
        lines += [f"{name} = {show_set(predicates[name])}" for name in preds]
        pairs = ", ".join(f"({i}, {j})" for i, j in sorted(relation))
        lines.append(f"R = {{{pairs}}}")
        text = show_fo(formula)
        question = (
            "In this finite structure (P, Q, S are sets of elements, R a set of ordered "
            "pairs, and R(a, b) holds when (a, b) is in R):\n\n"
            + "\n".join(lines)
            + f"\n\nlet phi(x) = {text}\n\n"
            "Quantifiers range over the domain; ~ is not, & and, | or, -> implies. Which "
            "elements a of the domain make phi(a) true? Give all of them as a set in braces, "
            "such as {12, 15} (or {} if there are none)."
        )
        meta = {"formula": text, "quantifiers": q, "domain": n}
        return Draft(question, show_set(members), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            found = read_set(answer)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        return Judgement.right() if found == read_set(problem.answer) else Judgement.wrong()

    def complexity(self, problem: Problem) -> float:
        """Assignments a brute-force evaluation visits: domain ** (quantifiers + 1)."""
        return float(problem.meta["domain"] ** (problem.meta["quantifiers"] + 1))
