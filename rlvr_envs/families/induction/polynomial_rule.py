"""PolynomialRule: the value of a hidden polynomial at a new point, from its values.

The prompt says f is a polynomial of degree at most d with integer coefficients and gives
f at exactly d + 1 distinct integers; it asks for f at another integer. Unique by proof:
two polynomials of degree at most d that agree at d + 1 points are equal (their difference
has more roots than its degree), so every rule of the stated space gives the same value;
the generator computes it by Lagrange interpolation in exact fractions and checks it
against the hidden coefficients. The value is never a number the prompt shows.

Answer syntax: one integer; ``f(7) = 12`` (the prompt's own name for it) is read as 12.

Knobs: ``degree`` (d, 1 -> 4), ``coefficients`` (largest absolute coefficient, 3 -> 12) and
``spread`` (the points lie in [-spread, spread], the asked one up to two beyond, 3 -> 8).
Difficulty raises all three.
"""

from __future__ import annotations

import random
import re
from fractions import Fraction
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.shared.answer_parsing import judge_integer

_NUMBER = re.compile(r"-?\d+")


def interpolate(points: list[tuple[int, int]], x: int) -> Fraction:
    """The value at ``x`` of the polynomial of degree < len(points) through ``points``."""
    total = Fraction(0)
    for i, (xi, yi) in enumerate(points):
        term = Fraction(yi)
        for j, (xj, _) in enumerate(points):
            if j != i:
                term *= Fraction(x - xj, xi - xj)
        total += term
    return total


class PolynomialRule(Family):
    """A polynomial of bounded degree at a new point, from degree + 1 of its values."""

    knobs: ClassVar[dict[str, Knob]] = {
        "degree": Knob("int", 1, 5, default=2, easy=1, hard=4, doc="the most the degree may be"),
        "coefficients": Knob("int", 2, 20, default=5, easy=3, hard=12, doc="largest |coefficient|"),
        "spread": Knob("int", 2, 10, default=4, easy=3, hard=8, doc="points in [-spread, spread]"),
    }  # fmt: skip
    answer_syntax = "a single integer"
    answer_form = "integer"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        degree, bound, spread = (int(knobs[k]) for k in ("degree", "coefficients", "spread"))
        spread = max(spread, (degree + 2) // 2)  # room for degree + 1 distinct points
        while True:
            coefficients = [rng.randint(-bound, bound) for _ in range(degree + 1)]
            if coefficients[-1] == 0:
                continue
            xs = sorted(rng.sample(range(-spread, spread + 1), degree + 1))
            others = [x for x in range(-spread - 2, spread + 3) if x not in xs]
            query = rng.choice(others)
            points = [(x, _value(coefficients, x)) for x in xs]
            value = _value(coefficients, query)
            assert interpolate(points, query) == value
            shown = {str(v) for pair in points for v in pair} | {str(query), str(degree)}
            if str(value) not in shown:
                break
        lines = "\n".join(f"  f({x}) = {y}" for x, y in points)
        most = "1" if degree == 1 else f"at most {degree}"
        question = (
            f"f is a polynomial of degree {most} with integer coefficients. Its values:\n"
            f"{lines}\n\nFind f({query})."
        )
        meta = {"coefficients": coefficients, "points": [list(p) for p in points], "query": query}
        return Draft(question, str(value), meta)

    def answer_labels(self, problem: Problem) -> tuple[str, ...]:
        return (f"f({problem.meta['query']})",)

    def check(self, problem: Problem, answer: str) -> Judgement:
        return judge_integer(answer, int(problem.answer))

    def complexity(self, problem: Problem) -> float:
        """Points to interpolate times the digits of the numbers involved."""
        points = problem.meta["points"]
        digits = sum(len(str(abs(y))) for _, y in points) / len(points)
        return len(points) * (1 + digits) * (1 + abs(problem.meta["query"]) / 4)


def _value(coefficients: list[int], x: int) -> int:
    return sum(c * x**k for k, c in enumerate(coefficients))
