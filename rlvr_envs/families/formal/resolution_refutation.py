"""ResolutionRefutation: derive the empty clause from an unsatisfiable clause set by resolution.

The prompt lists numbered clauses over the atoms ``p, q, r, ...`` whose conjunction is
unsatisfiable. The answer continues the numbering with resolvents: each new line is a clause
and the two earlier lines it is resolved from, and the last line is the empty clause ``{}``.
A resolvent of ``C1`` and ``C2`` on an atom ``x`` with ``x`` in ``C1`` and ``~x`` in ``C2`` is
``(C1 - {x}) | (C2 - {~x})`` (Robinson, "A Machine-Oriented Logic Based on the Resolution
Principle", 1965): the check recomputes it and names the first line whose clause is not a
resolvent of the lines it cites. Any refutation is accepted.

The clause set is planted: a random resolution tree is grown down from the empty clause
(each split of a clause ``C`` on a fresh atom ``x`` gives ``C | {x}`` and ``C | {~x}``),
its leaves are the input clauses, and a few distractor clauses are mixed in; the tree,
written leaves first, is the reference refutation.

Answer syntax: one line per resolvent, ``N. {p, ~q} from I, J``, numbered on from the last
given clause; the empty clause is ``{}``. Example (of the syntax, not an answer): after
``1. {a, b}``, ``2. {~a}``, ``3. {~b}`` comes ``4. {b} from 1, 2`` and ``5. {} from 3, 4``.

Knobs: ``atoms`` (3 -> 6), ``steps`` (resolution steps of the planted refutation, 3 -> 10)
and ``distractors`` (clauses not used by it, 0 -> 3). Difficulty raises all three.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.formal.proofs import Literal, parse_clause, show_clause
from rlvr_envs.families.shared.answer_parsing import AnswerError

MAX_LINES = 300
Clause = frozenset[Literal]
_LINE = re.compile(
    r"(\d{1,4})\s*[.:)]?\s*(\{[^{}]*\})\s*(?:from|by|:)?\s*(?:lines?)?\s*"
    r"(\d{1,4})(?:\s*,\s*|\s+and\s+|\s*&\s*|\s+)(\d{1,4})"
)


def resolvents(first: Clause, second: Clause) -> list[Clause]:
    """Every resolvent of two clauses, one per clashing atom."""
    return [
        (first - {(atom, pos)}) | (second - {(atom, not pos)})
        for atom, pos in first
        if (atom, not pos) in second
    ]


def plant(rng: random.Random, atoms: str, steps: int) -> tuple[list[Clause], list[tuple]]:
    """A random resolution tree of at most ``steps`` splits below the empty clause: its
    leaves, and its internal nodes as (clause, child with x, child with ~x), root first."""
    leaves: list[Clause] = [frozenset()]
    nodes: list[tuple] = []
    for _ in range(steps):
        open_ = [c for c in leaves if len(c) < len(atoms)]
        if not open_:
            break
        # split a short clause more often: the leaves stay short and the tree bushy
        weights = [(len(atoms) - len(c)) ** 2 for c in open_]
        clause = rng.choices(open_, weights)[0]
        used = {a for a, _ in clause}
        atom = rng.choice([a for a in atoms if a not in used])
        plus, minus = clause | {(atom, True)}, clause | {(atom, False)}
        leaves.remove(clause)
        leaves += [plus, minus]
        nodes.append((clause, plus, minus, atom))
    return leaves, nodes


def read_steps(answer: str, given: int) -> list[tuple[Clause, int, int]]:
    """The answer's lines as (clause, first reference, second reference)."""
    rows = [row.strip() for row in answer.strip().splitlines() if row.strip()]
    if not rows:
        raise AnswerError("no resolution steps")
    if len(rows) > MAX_LINES:
        raise AnswerError(f"more than {MAX_LINES} lines")
    out = []
    for i, row in enumerate(rows, given + 1):
        match = _LINE.fullmatch(row[:400])
        if match is None:
            raise AnswerError(f"expected 'N. {{clause}} from I, J', got {row[:40]!r}")
        number, clause, first, second = match.groups()
        if int(number) != i:
            raise AnswerError(f"line {number} should be numbered {i}: number on from {given}")
        out.append((parse_clause(clause), int(first), int(second)))
    return out


def check_refutation(clauses: list[Clause], steps: list[tuple[Clause, int, int]]) -> str | None:
    """Why the steps do not refute ``clauses`` (the first wrong line), or None."""
    known = list(clauses)
    for clause, first, second in steps:
        number = len(known) + 1
        if not (1 <= first < number and 1 <= second < number):
            return f"line {number} cites a line that is not earlier"
        if clause not in resolvents(known[first - 1], known[second - 1]) + resolvents(
            known[second - 1], known[first - 1]
        ):
            return (
                f"line {number}: {show_clause(clause)} is not a resolvent of lines "
                f"{first} and {second}"
            )
        known.append(clause)
    if known[-1]:
        return "the last line is not the empty clause {}"
    return None


class ResolutionRefutation(Family):
    """A resolution refutation of a planted unsatisfiable clause set."""

    knobs: ClassVar[dict[str, Knob]] = {
        "atoms": Knob("int", 2, 7, default=4, easy=3, hard=6, doc="distinct atoms"),
        "steps": Knob("int", 2, 14, default=6, easy=3, hard=10, doc="planted resolution steps"),
        "distractors": Knob("int", 0, 5, default=1, easy=0, hard=3, doc="unused clauses"),
    }
    answer_syntax = "the resolution steps, one per line: N. {literals} from I, J"
    answer_form = "numbered resolvents ending in {}"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        atoms = "pqrstuv"[: int(knobs["atoms"])]
        leaves, nodes = plant(rng, atoms, int(knobs["steps"]))
        clauses = list(leaves)
        for _ in range(int(knobs["distractors"])):
            for _ in range(20):
                width = rng.randint(1, min(3, len(atoms)))
                extra = frozenset((atom, rng.random() < 0.5) for atom in rng.sample(atoms, width))
                if extra not in clauses:
                    clauses.append(extra)
                    break
        rng.shuffle(clauses)
        number = {clause: i for i, clause in enumerate(clauses, 1)}
        lines: list[str] = []
        for clause, plus, minus, _atom in reversed(nodes):  # children before parents
            number[clause] = len(clauses) + len(lines) + 1
            lines.append(f"{number[clause]}. {show_clause(clause)} from {number[plus]}, "
                         f"{number[minus]}")  # fmt: skip
        listing = "\n".join(f"{i}. {show_clause(c)}" for i, c in enumerate(clauses, 1))
        question = (
            "These clauses (sets of literals, read as disjunctions; ~ is not) are jointly "
            f"unsatisfiable:\n\n{listing}\n\n"
            "Refute them by resolution: from a clause with a literal x and a clause with ~x, "
            "derive the clause of all their other literals (resolve on one atom at a time). "
            f"Continue the numbering from {len(clauses) + 1}, one resolvent per line, "
            "written as N. {literals} from I, J (the two earlier lines it comes from), and "
            "end with the empty clause {}. For example, after 1. {a, b}, 2. {~a}, 3. {~b} "
            "one could write:\n4. {b} from 1, 2\n5. {} from 3, 4"
        )
        meta = {"clauses": [show_clause(c) for c in clauses], "steps": len(lines)}
        return Draft(question, "\n".join(lines), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        clauses = [parse_clause(c) for c in problem.meta["clauses"]]
        try:
            steps = read_steps(answer, len(clauses))
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        why = check_refutation(clauses, steps)
        return Judgement.right() if why is None else Judgement.wrong(why=why)

    def complexity(self, problem: Problem) -> float:
        """Resolution steps of the planted refutation."""
        return float(problem.meta["steps"])
