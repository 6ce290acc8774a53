"""Boolean satisfiability: find a satisfying assignment of a random 3-CNF formula, or say UNSAT.

Random 3-SAT in the fixed clause-length model (Mitchell, Selman & Levesque, "Hard and easy
distributions of SAT problems", 1992): ``round(ratio * variables)`` clauses, each over three
distinct variables with random signs. Satisfiability is decided exactly at generation by
Minisat 2.2 (python-sat); near ``ratio`` 4.26, the phase transition, about half the
formulas are unsatisfiable and solving is hardest.

Answer syntax: a value for every variable, ``x1=1, x2=0, x3=1`` (``true``/``false`` also
work; commas or spaces between items), or ``UNSAT`` when no assignment satisfies every
clause. Any satisfying assignment is right: the verifier evaluates every clause. ``UNSAT``
is right exactly when the solver proved the formula unsatisfiable.

Knobs: ``variables`` and ``ratio`` (clauses per variable).
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.shared.answer_parsing import AnswerError, parse_bits, scan, small_int
from rlvr_envs.families.shared.sat import new_solver

WIDTH = 3
_UNSAT = re.compile(r"\s*(unsat|unsatisfiable)\s*\.?\s*", re.IGNORECASE)
_ITEM = re.compile(r"x(\d+)\s*[=:]\s*(1|0|true|false|t|f)\b", re.IGNORECASE)


class Satisfiability(Family):
    """Satisfy a random 3-CNF formula, or recognise that it is unsatisfiable."""

    knobs: ClassVar[dict[str, Knob]] = {
        "variables": Knob("int", 3, 60, default=10, easy=4, hard=30, doc="variables"),
        "ratio": Knob(
            "float",
            1.0,
            6.0,
            default=3.5,
            easy=2.5,
            hard=4.26,
            doc="clauses per variable (4.26 is the 3-SAT phase transition)",
        ),
    }
    answer_syntax = "a 0/1 value for every variable (e.g. x1=1, x2=0, x3=1), or UNSAT"
    answer_form = "assignment or UNSAT"
    unique_answer = False  # any satisfying assignment is right

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n = knobs["variables"]
        clauses = random_cnf(rng, n, max(1, round(knobs["ratio"] * n)))
        solver = new_solver(clauses)
        try:
            satisfiable = bool(solver.solve())
            model = solver.get_model() if satisfiable else None
            stats = solver.accum_stats()
        finally:
            solver.delete()
        if model is not None:
            values = {abs(lit): lit > 0 for lit in model}
            answer = ", ".join(f"x{v}={int(values.get(v, False))}" for v in range(1, n + 1))
        else:
            answer = "UNSAT"
        lines = ["(" + " | ".join(_literal_text(lit) for lit in c) + ")" for c in clauses]
        question = (
            f"Here is a Boolean formula in conjunctive normal form over the variables x1 to "
            f"x{n}. Each line is a clause, the OR (|) of its literals, where ~ means NOT; the "
            "formula is the AND of all the clauses.\n\n"
            + "\n".join(lines)
            + "\n\nFind an assignment of 0 (false) or 1 (true) to every variable that makes "
            "every clause true, or answer UNSAT if no such assignment exists."
        )
        meta = {
            "variables": n,
            "clauses": clauses,
            "satisfiable": satisfiable,
            "conflicts": int(stats.get("conflicts", 0)),
            "decisions": int(stats.get("decisions", 0)),
        }
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        if _UNSAT.fullmatch(answer):
            if meta["satisfiable"]:
                return Judgement.wrong(why="the formula is satisfiable")
            return Judgement.right()
        try:
            values = parse_assignment(answer, meta["variables"])
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        for index, clause in enumerate(meta["clauses"], 1):
            if not any(values[abs(lit)] == (lit > 0) for lit in clause):
                return Judgement.wrong(why=f"clause {index} is false")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Clauses plus Minisat's decisions and conflicts on the formula."""
        meta = problem.meta
        return len(meta["clauses"]) + meta["decisions"] + meta["conflicts"]


def random_cnf(rng: random.Random, n: int, m: int) -> list[list[int]]:
    """``m`` distinct clauses of three distinct variables of 1..n, random signs."""
    width = min(WIDTH, n)
    clauses: list[list[int]] = []
    seen: set[tuple[int, ...]] = set()
    for _ in range(50 * m):
        if len(clauses) == m:
            break
        variables = sorted(rng.sample(range(1, n + 1), width))
        clause = [v if rng.random() < 0.5 else -v for v in variables]
        if tuple(clause) not in seen:
            seen.add(tuple(clause))
            clauses.append(clause)
    return clauses


def _literal_text(literal: int) -> str:
    return f"x{literal}" if literal > 0 else f"~x{-literal}"


def parse_assignment(text: str, n: int) -> list[bool]:
    """values[v] for v in 1..n (index 0 unused) from ``x1=1, x2=0`` items; each once."""
    values: list[bool | None] = [None] * (n + 1)
    for item in scan(text, _ITEM, n + 1, "an item like x1=1"):
        v = small_int(item.group(1))
        if not 1 <= v <= n or values[v] is not None:
            raise AnswerError(f"x{v} is not a new variable of x1..x{n}")
        values[v] = parse_bits(item.group(2))
    missing = [v for v in range(1, n + 1) if values[v] is None]
    if missing:
        raise AnswerError(f"x{missing[0]} has no value")
    return [bool(v) for v in values]
