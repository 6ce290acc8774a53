"""LinearProgram: a point that maximises a linear objective under linear constraints.

``maximise c.x subject to A x <= b, x >= 0`` over real numbers, with ``variables`` unknowns
(x, y, z, w) and ``constraints`` inequalities whose coefficients are positive integers, so
the feasible region is a bounded polytope holding the origin. The optimum is a vertex with
rational coordinates, found at generation by solving every basis (numpy, then exact
fractions) and proved by LP duality: dual multipliers whose bound equals the value
(:mod:`.linear_programs`; the tests use scipy's ``linprog``). The check reads a point with
exact coordinates, tests every constraint exactly, and grades the objective against the
baseline of the best point on one axis (one variable as large as the constraints allow, the
others 0; :mod:`.scoring`); instances where that is already optimal are redrawn. Any
optimal point earns 1 (an edge of optima has many).

Answer syntax: the point as exact values in the order of the variables, integers or
fractions ``p/q`` (``(3/2, 4)``; ``x = 3/2, y = 4`` is read too).

Knobs: ``variables`` (2 -> 3) and ``constraints`` (2 -> 4). Difficulty raises both.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.optimisation.linear_programs import (
    NAMES,
    best_vertex,
    dual_vertex,
    feasible,
    linear_form,
    read_values,
    show_constraints,
    show_value,
)
from rlvr_envs.families.optimisation.scoring import (
    AnswerError,
    GradedFamily,
    judge_value,
    reward_sentence,
)


def axis_best(a: list[list[int]], b: list[int], c: list[int]) -> Fraction:
    """The best objective with one variable non-zero: ``max_j c_j * min_i b_i / a_ij``."""
    return max(
        c[j] * min(Fraction(limit, row[j]) for row, limit in zip(a, b)) for j in range(len(c))
    )


def draw_programme(
    rng: random.Random, n: int, m: int
) -> tuple[list[list[int]], list[int], list[int], tuple[Fraction, list, list]]:
    """A programme with positive integer data whose optimum beats every one-axis point,
    and its certified optimum (value, point, dual multipliers)."""
    while True:
        a = [[rng.randint(1, 9) for _ in range(n)] for _ in range(m)]
        b = [rng.randint(10, 60) for _ in range(m)]
        c = [rng.randint(1, 9) for _ in range(n)]
        primal = best_vertex(a, b, c)
        if primal[0] <= axis_best(a, b, c):
            continue
        bound, y = dual_vertex(a, b, c)
        if bound == primal[0]:  # the proof of optimality (LP duality)
            return a, b, c, (primal[0], primal[1], y)


def programme_text(a: list[list[int]], b: list[int], c: list[int]) -> str:
    """The programme as the prompts write it."""
    names = NAMES[: len(c)]
    return (
        f"Maximise {linear_form(c, names)} subject to\n{show_constraints(a, b, names)}\n"
        f"and {', '.join(names)} >= 0, where {', '.join(names)} are real numbers (not "
        "necessarily integers)."
    )


class LinearProgram(GradedFamily):
    """An optimal point of a small linear programme, graded by its objective."""

    knobs: ClassVar[dict[str, Knob]] = {
        "variables": Knob("int", 2, 4, default=2, easy=2, hard=3, doc="unknowns"),
        "constraints": Knob("int", 2, 5, default=3, easy=2, hard=4, doc="inequalities"),
    }
    answer_syntax = "the point as exact values in variable order (e.g. (3/2, 4))"
    answer_form = "a point with exact coordinates"
    unique_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, m = int(knobs["variables"]), int(knobs["constraints"])
        a, b, c, (best, point, _) = draw_programme(rng, n, m)
        names = NAMES[:n]
        question = (
            f"{programme_text(a, b, c)}\n\nGive a point ({', '.join(names)}) where the "
            "objective is as large as possible, with exact values: integers or fractions "
            "p/q.\n\n"
            + reward_sentence(
                "the best point on one axis (one variable as large as the constraints allow, "
                "the others 0)",
                "a larger objective is better",
            )
        )
        meta = {"a": a, "b": b, "c": c, "best": str(best), "baseline": str(axis_best(a, b, c))}
        answer = "(" + ", ".join(show_value(v) for v in point) + ")"
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        try:
            x = read_values(answer, NAMES[: len(meta["c"])], integer=False)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if not feasible(meta["a"], meta["b"], x):
            return Judgement.wrong(why="the point breaks a constraint")
        value = sum(cj * xj for cj, xj in zip(meta["c"], x))
        return judge_value(value, Fraction(meta["baseline"]), Fraction(meta["best"]), "objective")

    def complexity(self, problem: Problem) -> float:
        """Variables times constraints: the coefficients."""
        return len(problem.meta["c"]) * len(problem.meta["b"])
