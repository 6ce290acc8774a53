"""Entailment: do the premises entail the conclusion? If not, give a countermodel.

Premises and conclusion are random formulas over the atoms ``p, q, r, ...`` built from
``~`` (not), ``&`` (and), ``|`` (or), ``->`` (implies) and ``<->`` (if and only if). The
premises entail the conclusion when every assignment that makes all premises true makes the
conclusion true (semantic consequence, e.g. Enderton, "A Mathematical Introduction to
Logic", 1.2). Truth tables are computed as bitmasks over all ``2**atoms`` assignments, so
deciding entailment is a handful of integer operations. About half the problems are
entailed.

Answer syntax: when the premises do not entail the conclusion, ``no`` followed by a
countermodel, an assignment of every atom under which all premises are true and the
conclusion is false: ``no: p=1, q=0, r=1`` (any countermodel is accepted; a bare ``no`` is
wrong). When they do:

* ``rlvr/Entailment-v0`` (as first released): ``yes``. About half the problems are
  entailed, so answering ``yes`` to everything earns about 0.45: train on v1.
* ``rlvr/Entailment-v1``: ``yes`` followed by the premises it follows from, none of which can
  be left out: ``yes: P1, P3`` (the named premises entail the conclusion and no proper subset
  of them does; any such set is accepted). A bare ``yes`` is wrong. (``rlvr/Logic-v1``
  froze this generator under the v0 id, before v0 was restored.)

Knobs: ``atoms``, ``premises`` and ``depth`` (nesting of connectives in each formula).

The formulas come from :mod:`.propositional`.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.logic.propositional import (
    ATOMS,
    Formula,
    atom_masks,
    random_formula,
    render,
    size,
    truth,
)
from rlvr_envs.families.shared.answer_parsing import AnswerError, parse_bits, scan

MAX_TRIES = 200


class Entailment(Family):
    """Decide propositional entailment; a "no" gives a countermodel (v0, as released)."""

    knobs: ClassVar[dict[str, Knob]] = {
        "atoms": Knob("int", 2, 8, default=3, easy=2, hard=6, doc="propositional atoms"),
        "premises": Knob("int", 1, 8, default=3, easy=2, hard=6, doc="number of premises"),
        "depth": Knob("int", 1, 4, default=2, easy=1, hard=3, doc="connective nesting depth"),
    }
    answer_syntax = (
        "yes if the premises entail the conclusion, otherwise no and a countermodel "
        "(e.g. no: p=1, q=0, r=1)"
    )
    answer_form = "verdict, a no with a witness"
    unique_answer = False  # any countermodel is right
    # how the prompt asks for a yes (v1 asks for the premises too)
    ask_yes = "Answer yes, or "

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        atoms, depth = knobs["atoms"], knobs["depth"]
        masks, full = atom_masks(atoms), (1 << (1 << atoms)) - 1
        premises, holds = _premises(rng, knobs["premises"], depth, atoms, masks, full)
        want = rng.random() < 0.5
        conclusion, counter = None, 0
        for _ in range(MAX_TRIES):
            candidate = random_formula(rng, 1 + int(rng.random() * depth), atoms)
            table = truth(candidate, masks, full)
            if table == full or candidate in premises:
                continue
            conclusion, counter = candidate, holds & ~table
            if (counter == 0) == want:
                break
        names = list(ATOMS[:atoms])
        lines = [f"P{i}. {render(p, names)}" for i, p in enumerate(premises, 1)]
        question = (
            "In propositional logic, ~ is not, & is and, | is or, -> is implies and <-> is "
            f"if and only if. The atoms are {', '.join(names)}.\n\nPremises:\n"
            + "\n".join(lines)
            + f"\n\nConclusion: {render(conclusion, names)}\n\n"
            "Do the premises entail the conclusion, i.e. is the conclusion true under every "
            f"assignment of truth values that makes all the premises true? {self.ask_yes}"
            "answer no followed by a countermodel: a value (1 for true, 0 for false) for "
            f"every atom under which all premises are true and the conclusion is false, e.g. "
            f"no: {', '.join(f'{a}={1 - i % 2}' for i, a in enumerate(names))}."
        )
        if counter:
            j = _lowest_bit(counter)
            answer = "no: " + ", ".join(f"{a}={j >> i & 1}" for i, a in enumerate(names))
        else:
            answer = self.yes_answer(premises, truth(conclusion, masks, full), masks, full)
        meta = {"atoms": atoms, "premises": premises, "conclusion": conclusion}
        return Draft(question, answer, meta)

    def yes_answer(self, premises: list[Formula], conclusion: int, masks: tuple, full: int) -> str:
        return "yes"

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        atoms = meta["atoms"]
        masks, full = atom_masks(atoms), (1 << (1 << atoms)) - 1
        holds = full
        for premise in meta["premises"]:
            holds &= truth(premise, masks, full)
        counter = holds & ~truth(meta["conclusion"], masks, full)
        try:
            verdict, assignment, named = parse_verdict(
                answer, list(ATOMS[:atoms]), len(meta["premises"])
            )
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if verdict:
            if counter:
                return Judgement.wrong(why="not entailed")
            return self.check_yes(meta, named, masks, full)
        if counter == 0:
            return Judgement.wrong(why="the premises entail the conclusion")
        if assignment is None:
            return Judgement.wrong(why="a no needs a countermodel")
        j = sum(1 << i for i, value in enumerate(assignment) if value)
        if counter >> j & 1:
            return Judgement.right()
        return Judgement.wrong(why="the assignment is not a countermodel")

    def check_yes(self, meta: dict, named: list[int] | None, masks: tuple, full: int) -> Judgement:
        """A right yes: v0's prompt asks for the bare word."""
        if named:
            return Judgement.unparsable("nothing may follow yes")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Formula sizes (atoms and connectives) plus the atoms' count."""
        meta = problem.meta
        total = sum(size(p) for p in meta["premises"]) + size(meta["conclusion"])
        return total + meta["atoms"]


class EntailmentV1(Entailment):
    """Decide propositional entailment: a "yes" names the premises it needs, a "no" gives a
    countermodel."""

    name = "Entailment"
    answer_syntax = (
        "yes and the premises needed (e.g. yes: P1, P3) if the premises entail the "
        "conclusion, otherwise no and a countermodel (e.g. no: p=1, q=0, r=1)"
    )
    answer_form = "verdict with a witness"
    unique_answer = False  # any countermodel, any minimal set of premises is right
    ask_yes = (
        "Answer yes followed by the premises the conclusion follows from, none of which can "
        "be left out (e.g. yes: P1, P3), or "
    )

    def yes_answer(self, premises: list[Formula], conclusion: int, masks: tuple, full: int) -> str:
        needed = _needed_premises(premises, conclusion, masks, full)
        return "yes: " + ", ".join(f"P{i + 1}" for i in needed)

    def check_yes(self, meta: dict, named: list[int] | None, masks: tuple, full: int) -> Judgement:
        if not named:
            return Judgement.wrong(why="a yes needs the premises the conclusion follows from")
        return _needed_error(meta, named, masks, full) or Judgement.right()


def _premises(
    rng: random.Random, count: int, depth: int, atoms: int, masks: tuple[int, ...], full: int
) -> tuple[list[Formula], int]:
    """``count`` premises, none a tautology, jointly satisfiable; and where they all hold."""
    premises: list[Formula] = []
    holds = full
    for _ in range(MAX_TRIES):
        if len(premises) == count:
            break
        formula = random_formula(rng, 1 + int(rng.random() * depth), atoms)
        table = truth(formula, masks, full)
        if table == full or holds & table == 0 or formula in premises:
            continue
        premises.append(formula)
        holds &= table
    while len(premises) < count:  # pragma: no cover - 200 draws always suffice in practice
        premises.append(["atom", 0])
        holds &= masks[0]
    return premises, holds


def _entails(
    premises: list[Formula], chosen: list[int], conclusion: int, masks: tuple, full: int
) -> bool:
    holds = full
    for i in chosen:
        holds &= truth(premises[i], masks, full)
    return holds & ~conclusion == 0


def _needed_premises(
    premises: list[Formula], conclusion: int, masks: tuple[int, ...], full: int
) -> list[int]:
    """A set of premises that entails the conclusion and none of whose proper subsets does:
    all of them, then each left out in turn while the rest still entail it."""
    chosen = list(range(len(premises)))
    for i in range(len(premises)):
        rest = [j for j in chosen if j != i]
        if _entails(premises, rest, conclusion, masks, full):
            chosen = rest
    return chosen


def _needed_error(meta: dict, named: list[int], masks: tuple, full: int) -> Judgement | None:
    """Why the premises ``named`` (0-based) are not a minimal entailing set, or None.

    Minimal is checked one premise at a time: entailment is monotone in the premises, so if
    no single one can be dropped, no larger subset can either.
    """
    premises, conclusion = meta["premises"], truth(meta["conclusion"], masks, full)
    if not _entails(premises, named, conclusion, masks, full):
        return Judgement.wrong(why="those premises do not entail the conclusion")
    for i in named:
        if _entails(premises, [j for j in named if j != i], conclusion, masks, full):
            return Judgement.wrong(why=f"P{i + 1} is not needed")
    return None


def _lowest_bit(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


_ASSIGN = re.compile(r"([A-Za-z]\w{0,15})\s*(?:=|:|is)\s*(1|0|true|false|t|f)\b", re.IGNORECASE)


_PREMISE = re.compile(r"P\s*(\d{1,2})\b", re.IGNORECASE)


_VERDICT = re.compile(r"\s*(yes|no)\b[\s.,:;-]*", re.IGNORECASE)


def parse_verdict(
    text: str, names: list[str], premises: int
) -> tuple[bool, list[bool] | None, list[int] | None]:
    """``yes: P1, P3`` -> (True, None, [0, 2]); ``no: p=1, q=0`` -> (False, [True, False],
    None); a bare ``yes`` or ``no`` has None for its witness."""
    match = _VERDICT.match(text)
    if not match:
        raise AnswerError("the answer must start with yes or no")
    rest = text[match.end() :].strip().rstrip(".").strip()
    if match.group(1).lower() == "yes":
        if not rest:
            return True, None, None
        named: list[int] = []
        for item in scan(rest, _PREMISE, premises, "a premise like P1"):
            index = int(item.group(1)) - 1
            if not 0 <= index < premises or index in named:
                raise AnswerError(f"P{index + 1} is not a new premise of P1..P{premises}")
            named.append(index)
        return True, None, named
    if not rest:
        return False, None, None
    values: dict[str, bool] = {}
    for item in scan(rest, _ASSIGN, 2 * len(names), "an assignment like p=1"):
        name = item.group(1).lower()
        if name not in names or name in values:
            raise AnswerError(f"{name!r} is not a new atom of {', '.join(names)}")
        values[name] = parse_bits(item.group(2))
    if len(values) != len(names):
        raise AnswerError(f"the countermodel must assign every atom ({', '.join(names)})")
    return False, [values[name] for name in names], None
