"""GroupEquationalProof: prove an identity of group words from the axioms, one rewrite per step.

The prompt states an equation ``s = t`` between two products of the letters ``a, b, c, d``,
their inverses ``a^-1, ...`` and the identity ``e``, which holds in every group, and the
axioms of a group as equations: associativity ``(x * y) * z = x * (y * z)``, identity
``e * x = x`` and ``x * e = x``, inverse ``x^-1 * x = e`` and ``x * x^-1 = e``. The answer is
an equational proof: a chain of terms from ``s`` to ``t`` in which each term comes from the
one before by replacing one subterm by the other side of one axiom instance (either
direction, ``x, y, z`` any terms). The check reads the chain and names the first step that
is not one such rewrite; every chain is accepted, not only the reference (which rewrites
both sides to their reduced, right-nested normal form and meets in the middle).

Answer syntax: one term per line, the first ``s`` and the last ``t``; products written with
``*`` and parenthesised whenever a factor is itself a product (``a * b * c`` reads as
``(a * b) * c``); ``x^-1`` for an inverse. Example (of the syntax, not an answer):
``(a * b) * b^-1`` / ``a * (b * b^-1)`` / ``a * e`` / ``a``.

Knobs: ``letters`` (distinct letters, 2 -> 4), ``length`` (letters of the reduced word both
sides equal, 1 -> 4) and ``insertions`` (cancelling pairs and identities hidden in the
sides, 1 -> 4). Difficulty raises all three; the reference chain grows from about 6 to 40
terms.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.formal.proofs import (
    E,
    Term,
    normalise_steps,
    one_step,
    parse_term,
    show_term,
)
from rlvr_envs.families.shared.answer_parsing import AnswerError

MAX_LINES = 300
MAX_ORACLE = 45


def bracket(rng: random.Random, factors: list[Term]) -> Term:
    """A random binary bracketing of a product of ``factors``."""
    if len(factors) == 1:
        return factors[0]
    cut = rng.randint(1, len(factors) - 1)
    return ("mul", bracket(rng, factors[:cut]), bracket(rng, factors[cut:]))


def read_chain(answer: str) -> list[Term]:
    """One term per line (or ``s = u = t`` on one line); a leading ``=`` on a line is read
    as notation."""
    text = answer.strip()
    # bold around the whole chain: the front end keeps ** where the reference holds *, but
    # no term has two stars in a row, so here they can only be emphasis
    if len(text) > 4 and text.startswith("**") and text.endswith("**"):
        text = text[2:-2].strip()
    text = text.removesuffix(".")
    rows = [row.strip() for row in text.splitlines() if row.strip()]
    if len(rows) == 1 and "=" in rows[0]:
        rows = [part.strip() for part in rows[0].split("=")]
    if len(rows) > MAX_LINES:
        raise AnswerError(f"more than {MAX_LINES} terms")
    return [parse_term(row[1:] if row.startswith("=") else row) for row in rows]


class GroupEquationalProof(Family):
    """A chain of single group-axiom rewrites between two equal words."""

    knobs: ClassVar[dict[str, Knob]] = {
        "letters": Knob("int", 1, 4, default=2, easy=2, hard=4, doc="distinct letters"),
        "length": Knob("int", 0, 6, default=2, easy=1, hard=4, doc="reduced word length"),
        "insertions": Knob("int", 1, 6, default=2, easy=1, hard=4, doc="hidden pairs and e"),
    }
    answer_syntax = "the chain of terms from the left side to the right side, one per line"
    answer_form = "a chain of one-step axiom rewrites"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        letters = "abcd"[: int(knobs["letters"])]
        length, insertions = int(knobs["length"]), int(knobs["insertions"])
        tries = 0
        while True:
            tries += 1
            if tries % 200 == 0:
                # no draw was a proof worth asking (length 0 with one insertion only gives
                # e = e or a one-step x * x^-1 = e): one insertion more, instead of for ever
                insertions += 1
            word: list[Term] = []
            while len(word) < length:
                x = ("var", rng.choice(letters))
                factor = ("inv", x) if rng.random() < 0.4 else x
                if word and (word[-1] == ("inv", factor) or factor == ("inv", word[-1])):
                    continue
                word.append(factor)
            left = list(word)
            for _ in range(insertions):
                at = rng.randint(0, len(left))
                if rng.random() < 0.25:
                    left[at:at] = [E]
                    continue
                x = ("var", rng.choice(letters))
                pair = [x, ("inv", x)] if rng.random() < 0.5 else [("inv", x), x]
                left[at:at] = pair
            lhs = bracket(rng, left)
            rhs = bracket(rng, word) if word else E
            if lhs == rhs or one_step(lhs, rhs):
                continue
            forward, backward = normalise_steps(lhs), normalise_steps(rhs)
            chain = forward + backward[::-1][1:]
            if len(chain) <= MAX_ORACLE:
                break
        s, t = show_term(lhs), show_term(rhs)
        question = (
            f"Prove that this equation holds in every group:\n\n    {s} = {t}\n\n"
            "Use only the group axioms, for any terms x, y, z:\n"
            "  associativity: (x * y) * z = x * (y * z)\n"
            "  identity:      e * x = x   and   x * e = x\n"
            "  inverse:       x^-1 * x = e   and   x * x^-1 = e\n"
            "Write the proof as a chain of terms, one per line, starting with the left side "
            "and ending with the right side, where each term comes from the previous one by "
            "replacing one subterm with the other side of one axiom instance (in either "
            "direction). Write * for the product, x^-1 for an inverse and e for the "
            "identity, and put parentheses around every factor that is itself a product "
            "(a * b * c is read as (a * b) * c). For example, (a * b) * b^-1 = a is proved "
            "by the chain:\n(a * b) * b^-1\na * (b * b^-1)\na * e\na"
        )
        meta = {"left": s, "right": t, "steps": len(chain) - 1}
        return Draft(question, "\n".join(show_term(term) for term in chain), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            chain = read_chain(answer)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if chain[0] != parse_term(problem.meta["left"]):
            return Judgement.wrong(why="the first term is not the left side")
        for i in range(1, len(chain)):
            if one_step(chain[i - 1], chain[i]) is None:
                return Judgement.wrong(
                    why=f"term {i + 1} does not follow from term {i} by one axiom rewrite"
                )
        if chain[-1] != parse_term(problem.meta["right"]):
            return Judgement.wrong(why="the last term is not the right side")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Rewrite steps of the reference chain."""
        return float(problem.meta["steps"])
