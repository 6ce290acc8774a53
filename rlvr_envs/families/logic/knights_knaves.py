"""Knights and knaves: knights always tell the truth, knaves always lie; who is which?

The puzzle of Raymond Smullyan ("What Is the Name of This Book?", 1978): each inhabitant
makes one statement about who is a knight, built from "X is a knight/knave" with and, or,
if ... then, if and only if and "it is not true that". An assignment of roles is consistent
when every knight's statement is true and every knave's is false.

Every puzzle has exactly one consistent assignment. Statements are evaluated on all
``2**people`` assignments at once as truth-table bitmasks (:mod:`.propositional`), so the
generator counts consistent assignments exactly, and redraws statements (keeping them true
of the hidden roles) until only the hidden roles remain.

Answer syntax: every person's role, e.g. ``Alice: knight, Bob: knave`` (separated by commas,
semicolons, newlines or "and"; ``Alice is a knight`` also works). The verifier checks that
the roles are consistent with every statement.

Knobs: ``people`` and ``depth`` (how deeply the connectives of a statement nest).
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.logic.propositional import (
    BINARY,
    Formula,
    atom_masks,
    random_formula,
    size,
    truth,
)
from rlvr_envs.families.shared.answer_parsing import AnswerError

NAMES = (
    "Alice", "Bob", "Carol", "Dave", "Eve", "Frank", "Grace", "Henry", "Iris", "Jack",
    "Kate", "Leo", "Mia", "Noah", "Olga", "Paul",
)  # fmt: skip
RESTARTS = 50
_CONNECTIVE = {"and": "and", "or": "or", "iff": "if and only if"}


class KnightsKnaves(Family):
    """Decide who is a knight and who is a knave (exactly one answer is consistent)."""

    knobs: ClassVar[dict[str, Knob]] = {
        "people": Knob("int", 2, 8, default=3, easy=2, hard=6, doc="inhabitants"),
        "depth": Knob("int", 1, 3, default=1, easy=1, hard=3, doc="connective nesting depth"),
    }
    answer_syntax = "every person's role (e.g. Alice: knight, Bob: knave)"
    answer_form = "role of each person"
    # The answer is unique, but it has no digits for the generic perturbation test to change:
    # the negatives (every single role flipped) are in tests/families/logic/test_knights_knaves.py.
    unique_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, depth = knobs["people"], knobs["depth"]
        names = rng.sample(NAMES, n)
        for _ in range(RESTARTS):
            found = _puzzle(rng, n, depth)
            if found is not None:
                break
        else:  # pragma: no cover - a restart almost never fails, fifty in a row never
            raise RuntimeError("no unique knights-and-knaves puzzle found")
        roles, statements = found
        lines = [
            f'{names[i]} says: "{_capital(say(s, names, i))}."' for i, s in enumerate(statements)
        ]
        question = (
            "On an island, every inhabitant is either a knight, who always tells the truth, "
            f"or a knave, who always lies. You meet {n} inhabitants: {', '.join(names)}.\n"
            + "\n".join(lines)
            + "\n\nWho is a knight and who is a knave?"
        )
        answer = ", ".join(f"{name}: {'knight' if r else 'knave'}" for name, r in zip(names, roles))
        return Draft(question, answer, {"names": names, "statements": statements})

    def check(self, problem: Problem, answer: str) -> Judgement:
        names, statements = problem.meta["names"], problem.meta["statements"]
        try:
            roles = parse_roles(answer, names)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        n = len(names)
        j = sum(1 << i for i in range(n) if roles[i])
        masks, full = atom_masks(n), (1 << (1 << n)) - 1
        for i, statement in enumerate(statements):
            if (truth(statement, masks, full) >> j & 1) != roles[i]:
                role = "knight" if roles[i] else "knave"
                return Judgement.wrong(why=f"{names[i]}'s statement does not fit a {role}")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Total size of the statements (atoms and connectives) plus the people."""
        statements = problem.meta["statements"]
        return sum(size(s) for s in statements) + len(statements)


def _puzzle(rng: random.Random, n: int, depth: int) -> tuple[list[bool], list[Formula]] | None:
    """Hidden roles and statements that only they satisfy, or None after too many redraws."""
    masks, full = atom_masks(n), (1 << (1 << n)) - 1
    roles = [rng.random() < 0.5 for _ in range(n)]
    hidden = sum(1 << i for i in range(n) if roles[i])
    statements, agree = [], []  # agree[i]: assignments where i's role fits i's statement
    for i in range(n):
        statement, table = _statement(rng, roles[i], hidden, depth, n, masks, full)
        statements.append(statement)
        agree.append(full & ~(masks[i] ^ table))
    consistent = _all(agree, full)
    for _ in range(12 * n):
        if consistent.bit_count() == 1:
            return roles, statements
        i = rng.randrange(n)
        statement, table = _statement(rng, roles[i], hidden, depth, n, masks, full)
        trial = [*agree[:i], full & ~(masks[i] ^ table), *agree[i + 1 :]]
        narrowed = _all(trial, full)
        if narrowed.bit_count() <= consistent.bit_count():
            statements[i], agree, consistent = statement, trial, narrowed
    return (roles, statements) if consistent.bit_count() == 1 else None


def _all(masks: list[int], full: int) -> int:
    out = full
    for mask in masks:
        out &= mask
    return out


def _statement(
    rng: random.Random,
    role: bool,
    hidden: int,
    depth: int,
    n: int,
    masks: tuple[int, ...],
    full: int,
) -> tuple[Formula, int]:
    """A statement, neither always true nor always false, whose truth matches ``role``."""
    for _ in range(1000):  # about half of all draws fit, so a few draws suffice
        formula = random_formula(rng, rng.randint(max(1, depth - 1), depth), n)
        table = truth(formula, masks, full)
        if table not in (0, full) and bool(table >> hidden & 1) == role:
            return formula, table
    raise RuntimeError("no statement fits")  # pragma: no cover


def say(formula: Formula, names: list[str], speaker: int) -> str:
    """The statement in English, in the speaker's voice; nested parts in parentheses."""
    op = formula[0]
    if op == "atom" or (op == "not" and formula[1][0] == "atom"):
        i = formula[1] if op == "atom" else formula[1][1]
        kind = "knight" if op == "atom" else "knave"
        return f"I am a {kind}" if i == speaker else f"{names[i]} is a {kind}"
    if op == "not":
        return f"it is not true that {_part(formula[1], names, speaker)}"
    left, right = (_part(child, names, speaker) for child in formula[1:])
    if op == "imp":
        return f"if {left} then {right}"
    return f"{left} {_CONNECTIVE[op]} {right}"


def _part(formula: Formula, names: list[str], speaker: int) -> str:
    text = say(formula, names, speaker)
    compound = formula[0] in BINARY or (formula[0] == "not" and formula[1][0] != "atom")
    return f"({text})" if compound else text


def _capital(text: str) -> str:
    return text[0].upper() + text[1:]


_SPLIT = re.compile(r"[,;\n]+|\s+and\s+", re.IGNORECASE)
_ROLE = re.compile(
    r"([A-Za-z]+)\s*(?::|=|-|\bis an?\b|\bis\b)\s*(?:an?\s+)?(knight|knave)s?\s*\.?",
    re.IGNORECASE,
)


def parse_roles(text: str, names: list[str]) -> list[bool]:
    """Roles in the order of ``names`` from ``Name: knight`` items; every person once."""
    lookup = {name.lower(): i for i, name in enumerate(names)}
    roles: list[bool | None] = [None] * len(names)
    items = [item.strip() for item in _SPLIT.split(text) if item.strip()]
    if not items or len(items) > 2 * len(names):
        raise AnswerError(f"expected one role for each of {len(names)} people")
    for item in items:
        match = _ROLE.fullmatch(item)
        if not match:
            raise AnswerError(f"expected 'Name: knight' or 'Name: knave', got {item[:30]!r}")
        i = lookup.get(match.group(1).lower())
        if i is None or roles[i] is not None:
            raise AnswerError(f"{match.group(1)[:20]!r} is not a new person of this puzzle")
        roles[i] = match.group(2).lower() == "knight"
    if any(role is None for role in roles):
        raise AnswerError("give the role of every person")
    return [bool(role) for role in roles]
