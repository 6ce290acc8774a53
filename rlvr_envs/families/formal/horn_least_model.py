"""HornLeastModel: the least model of a set of propositional Horn clauses.

The prompt lists facts (atoms that are true) and rules ``b1 & b2 -> h`` over the atoms ``a,
b, c, ...``. The least model (van Emden and Kowalski, "The Semantics of Predicate Logic as a
Programming Language", 1976) is the set of atoms true in every model of the clauses: exactly
the atoms that forward chaining derives from the facts. The answer is that set; it is unique
and compared exactly. Instances are redrawn until some atom needs a chain of at least two
rules, the model leaves some atom out, and rules whose bodies are never satisfied exist, so
neither the facts nor every atom is the answer.

Answer syntax: the atoms in braces, ``{a, c, f}`` (any order).

Knobs: ``atoms`` (6 -> 14), ``rules`` (5 -> 16) and ``body`` (the most atoms in a rule's
body, 1 -> 3). Difficulty raises all three.
"""

from __future__ import annotations

import math
import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.shared.answer_parsing import AnswerError, scan

LETTERS = "abcdefghijklmnop"
_SET = re.compile(r"\{([^{}]*)\}")
_ATOM = re.compile(r"[a-z](?![a-z])")

Rule = tuple[tuple[str, ...], str]


def least_model(facts: list[str], rules: list[Rule]) -> tuple[set[str], int]:
    """Forward chaining to a fixpoint: the least model and the rounds it took."""
    model, rounds = set(facts), 0
    while True:
        new = {head for body, head in rules if head not in model and set(body) <= model}
        if not new:
            return model, rounds
        model |= new
        rounds += 1


def read_atoms(answer: str) -> set[str]:
    match = _SET.fullmatch(answer.strip())
    if match is None:
        raise AnswerError("expected a set of atoms in braces, e.g. {a, b}")
    if not match.group(1).strip():
        return set()
    found = [m.group() for m in scan(match.group(1), _ATOM, 64, "an atom")]
    if len(set(found)) != len(found):
        raise AnswerError("an atom is listed twice")
    return set(found)


def _distinct_rules(atoms: int, facts: int, widest: int) -> int:
    """How many rules (body, head) there are with a head that is not a fact and a body of
    1 to ``widest`` other atoms."""
    return (atoms - facts) * sum(math.comb(atoms - 1, w) for w in range(1, widest + 1))


class HornLeastModel(Family):
    """The atoms that propositional Horn clauses force to be true."""

    knobs: ClassVar[dict[str, Knob]] = {
        "atoms": Knob("int", 4, 16, default=10, easy=6, hard=14, doc="distinct atoms"),
        "rules": Knob("int", 3, 20, default=10, easy=5, hard=16, doc="rules"),
        "body": Knob("int", 1, 4, default=2, easy=1, hard=3, doc="most atoms in a body"),
    }
    answer_syntax = "the set of atoms in braces, e.g. {x, y}"
    answer_form = "a set of atoms"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        atoms = LETTERS[: int(knobs["atoms"])]
        count, widest = int(knobs["rules"]), int(knobs["body"])
        tries = 0
        while True:
            tries += 1
            if tries % 200 == 0 and count > 3:
                # no draw left an atom out of the model with a rule idle (few atoms, many
                # rules derive everything): one rule fewer, instead of for ever
                count -= 1
            facts = rng.sample(atoms, rng.randint(1, max(1, len(atoms) // 4)))
            rules: list[Rule] = []
            # at most as many rules as there are distinct ones (few atoms, narrow bodies)
            wanted = min(count, _distinct_rules(len(atoms), len(facts), widest))
            while len(rules) < wanted:
                head = rng.choice(atoms)
                width = min(rng.randint(1, widest), len(atoms) - 1)
                body = tuple(sorted(rng.sample([a for a in atoms if a != head], width)))
                if (body, head) not in rules and head not in facts:
                    rules.append((body, head))
            model, rounds = least_model(facts, rules)
            idle = sum(1 for body, _ in rules if not set(body) <= model)
            if rounds >= 2 and len(model) < len(atoms) and idle:
                break
        listed = "\n".join(f"  {' & '.join(body)} -> {head}" for body, head in rules)
        question = (
            f"Facts: {', '.join(sorted(facts))}\nRules:\n{listed}\n\n"
            "The facts are true, and each rule says that when every atom on its left is "
            "true, the atom on its right is true. Which atoms are true in the least model, "
            "that is, in every assignment that makes the facts and all the rules true? Give "
            "them as a set in braces, such as {x, y}."
        )
        meta = {"rounds": rounds, "rules": len(rules)}
        return Draft(question, "{" + ", ".join(sorted(model)) + "}", meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            found = read_atoms(answer)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        return Judgement.right() if found == read_atoms(problem.answer) else Judgement.wrong()

    def complexity(self, problem: Problem) -> float:
        """Forward-chaining rounds times rules scanned."""
        return float(problem.meta["rounds"] * problem.meta["rules"])
