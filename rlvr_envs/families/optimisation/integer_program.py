"""IntegerProgram: whole numbers that maximise a linear objective under linear constraints.

``maximise c.x subject to A x <= b`` with every unknown a whole number from 0 to ``bound``:
``variables`` unknowns (x, y, z, w), three inequalities with positive integer coefficients.
The optimum is found at generation by evaluating every point of the box at once (numpy; the
tests use scipy's MILP solver). The check reads whole values, tests every constraint, and
grades the objective against the baseline of greedy filling (the variables in turn from the
largest objective coefficient, each as large as its bound and the room left allow;
:mod:`.scoring`); instances where that is already optimal are redrawn. Any optimal point earns 1.

Answer syntax: the whole values in the order of the variables (``(2, 0, 3)``; ``x = 2, y = 0,
z = 3`` is read too).

Knobs: ``variables`` (2 -> 4) and ``bound`` (largest value of each unknown, 5 -> 12).
Difficulty raises both.
"""

from __future__ import annotations

import itertools
import random
from functools import cache
from typing import ClassVar

import numpy as np

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.optimisation.linear_programs import (
    NAMES,
    linear_form,
    read_values,
    show_constraints,
)
from rlvr_envs.families.optimisation.scoring import (
    AnswerError,
    GradedFamily,
    judge_value,
    reward_sentence,
)

CONSTRAINTS = 3


@cache
def _box(n: int, bound: int) -> np.ndarray:
    return np.array(list(itertools.product(range(bound + 1), repeat=n)), dtype=np.int64)


def greedy_value(a: list[list[int]], b: list[int], c: list[int], bound: int) -> int:
    """The objective of raising the variables in turn, largest objective coefficient first
    (lowest index on ties), each as far as its bound and the room left allow."""
    room, value = list(b), 0
    for j in sorted(range(len(c)), key=lambda j: (-c[j], j)):
        x = min(bound, *(r // row[j] for row, r in zip(a, room)))
        room = [r - row[j] * x for row, r in zip(a, room)]
        value += c[j] * x
    return value


class IntegerProgram(GradedFamily):
    """A small bounded integer programme, graded by its objective."""

    knobs: ClassVar[dict[str, Knob]] = {
        "variables": Knob("int", 2, 4, default=3, easy=2, hard=4, doc="unknowns"),
        "bound": Knob("int", 3, 14, default=8, easy=5, hard=12, doc="largest value of each"),
    }
    answer_syntax = "the whole values in variable order (e.g. (2, 0, 3))"
    answer_form = "a point with whole coordinates"
    unique_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, bound = int(knobs["variables"]), int(knobs["bound"])
        box = _box(n, bound)
        while True:
            a = [[rng.randint(1, 20) for _ in range(n)] for _ in range(CONSTRAINTS)]
            b = [rng.randint(sum(row) * bound // 5, sum(row) * bound * 3 // 5) for row in a]
            c = [rng.randint(1, 20) for _ in range(n)]
            fits = (box @ np.array(a).T <= np.array(b)).all(axis=1)
            values = np.where(fits, box @ np.array(c), -1)
            row = int(np.argmax(values))
            best, baseline = int(values[row]), greedy_value(a, b, c, bound)
            if best > baseline:
                break
        names = NAMES[:n]
        question = (
            f"Maximise {linear_form(c, names)} subject to\n{show_constraints(a, b, names)}\n"
            f"where {', '.join(names)} are whole numbers from 0 to {bound}.\n\n"
            f"Give a point ({', '.join(names)}) where the objective is as large as possible.\n\n"
            + reward_sentence(
                "greedy filling (the variables in turn from the largest objective coefficient, "
                "lowest position on ties, each as large as its bound and the room the "
                "constraints leave allow)",
                "a larger objective is better",
            )
        )
        meta = {"a": a, "b": b, "c": c, "bound": bound, "best": best, "baseline": baseline}
        answer = "(" + ", ".join(str(v) for v in box[row].tolist()) + ")"
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        try:
            x = [int(v) for v in read_values(answer, NAMES[: len(meta["c"])], integer=True)]
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if not all(0 <= v <= meta["bound"] for v in x):
            return Judgement.wrong(why=f"a value is outside 0..{meta['bound']}")
        if any(sum(k * v for k, v in zip(row, x)) > lim for row, lim in zip(meta["a"], meta["b"])):
            return Judgement.wrong(why="the point breaks a constraint")
        value = sum(k * v for k, v in zip(meta["c"], x))
        return judge_value(value, meta["baseline"], meta["best"], "objective")

    def complexity(self, problem: Problem) -> float:
        """The points of the box."""
        return (problem.meta["bound"] + 1) ** len(problem.meta["c"])
