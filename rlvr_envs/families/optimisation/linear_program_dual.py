"""LinearProgramDual: a linear programme's optimum value, proved by dual multipliers.

The programme of :class:`~.linear_program.LinearProgram` (``maximise c.x subject to
A x <= b, x >= 0``, positive integer data, ``variables`` unknowns, ``constraints``
inequalities). The answer is the optimum value ``V`` with its certificate: one multiplier
``u_i >= 0`` per constraint such that ``A^T u >= c`` (for every variable, the multipliers
times its coefficients add up to at least its objective coefficient). Adding the constraints
with these weights shows that no feasible point beats ``b.u``, so a certificate whose bound
``b.u`` is ``V`` proves the value (LP duality: the best certificate's bound is the optimum).
The optimum and an optimal certificate are found at generation (:mod:`.linear_programs`,
the primal's value meeting the dual's; the tests use scipy's ``linprog``). The check tests
the multipliers exactly, requires ``V = b.y``, and grades the bound against the baseline of
the best bound one constraint proves alone (``b_i * max_j c_j / a_ij``; :mod:`.scoring`):
1 when the bound is the optimum, 0 for invalid multipliers or a value they do not prove.

Answer syntax: ``V; u1, u2, ..., um``, exact values (integers or fractions ``p/q``).

Knobs: ``variables`` (2 -> 3) and ``constraints`` (2 -> 4). Difficulty raises both.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.optimisation.linear_program import draw_programme, programme_text
from rlvr_envs.families.optimisation.linear_programs import read_values, show_value
from rlvr_envs.families.optimisation.scoring import (
    AnswerError,
    GradedFamily,
    judge_value,
    reward_sentence,
)


def single_bound(a: list[list[int]], b: list[int], c: list[int]) -> Fraction:
    """The best bound from one constraint alone: ``min_i b_i * max_j c_j / a_ij``."""
    return min(
        limit * max(Fraction(cj, aij) for cj, aij in zip(c, row)) for row, limit in zip(a, b)
    )


class LinearProgramDual(GradedFamily):
    """A linear programme's optimum with a dual certificate, graded by the bound proved."""

    knobs: ClassVar[dict[str, Knob]] = {
        "variables": Knob("int", 2, 4, default=2, easy=2, hard=3, doc="unknowns"),
        "constraints": Knob("int", 2, 5, default=3, easy=2, hard=4, doc="inequalities"),
    }
    answer_syntax = "V; u1, u2, ... with one multiplier per constraint (exact values)"
    answer_form = "a value and one multiplier per constraint"
    unique_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, m = int(knobs["variables"]), int(knobs["constraints"])
        while True:
            a, b, c, (best, _, y) = draw_programme(rng, n, m)
            baseline = single_bound(a, b, c)
            if best < baseline:
                break
        ys = ", ".join(f"u{i}" for i in range(1, m + 1))
        question = (
            f"{programme_text(a, b, c)}\n\nFind the largest value V of the objective and "
            f"prove it with multipliers {ys}, one for each numbered constraint, all >= 0, "
            "such that for each variable the sum over the constraints of the multiplier "
            "times that variable's coefficient is at least the variable's coefficient in the "
            "objective. Adding the constraints with these weights shows that the objective "
            f"is at most the bound u1*b1 + ... + u{m}*b{m} (b_i the right-hand side of "
            f"constraint i); V must equal this bound. Answer as V; {ys} with exact values "
            "(integers or fractions p/q).\n\n"
            + reward_sentence(
                "the best bound that one constraint proves alone (its right-hand side times "
                "the largest ratio of objective coefficient to its coefficient)",
                "a lower proved bound is better; multipliers that break a condition, or a V "
                "other than their bound, earn 0",
            )
        )
        meta = {"a": a, "b": b, "c": c, "best": str(best), "baseline": str(baseline)}
        answer = f"{show_value(best)}; " + ", ".join(show_value(v) for v in y)
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        a, b, c = problem.meta["a"], problem.meta["b"], problem.meta["c"]
        value, _, rest = answer.partition(";")
        try:
            (v,) = read_values(value, ["V"], integer=False)
            y = read_values(rest, [f"u{i}" for i in range(1, len(b) + 1)], integer=False)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if any(yi < 0 for yi in y):
            return Judgement.wrong(why="a multiplier is negative")
        for j, cj in enumerate(c):
            if sum(yi * row[j] for yi, row in zip(y, a)) < cj:
                return Judgement.wrong(why=f"the multipliers do not cover variable {j + 1}")
        bound = sum(yi * bi for yi, bi in zip(y, b))
        if bound != v:
            return Judgement.wrong(why=f"the multipliers prove {bound}, not {v}")
        return judge_value(
            bound, Fraction(problem.meta["baseline"]), Fraction(problem.meta["best"]), "bound"
        )

    def complexity(self, problem: Problem) -> float:
        """Variables times constraints: the coefficients."""
        return len(problem.meta["c"]) * len(problem.meta["b"])
