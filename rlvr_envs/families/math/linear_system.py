"""LinearSystem: a square system of linear equations with a unique solution.

Every problem is built backwards from its solution with integer arithmetic, so the answer is
exact and unique (the system's matrix is checked to be invertible).
"""

from __future__ import annotations

import random
from fractions import Fraction
from math import gcd
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.math.equation_parts import digit_count
from rlvr_envs.families.shared.formulas import fraction_text, signed_term
from rlvr_envs.families.shared.math_answers import MathFamily

_VARIABLES = ("x", "y", "z", "w")


class LinearSystem(MathFamily):
    """Solve a square system of linear equations with a unique solution.

    Difficulty raises ``variables`` (2 to 4 unknowns, as many equations) and
    ``coefficients`` (the largest absolute coefficient), and switches ``solution`` from
    ``integer`` to ``fraction`` (some unknowns take non-integer rational values).

    Answer syntax: the ordered tuple of values in the order the prompt names the variables,
    e.g. ``(1, -2, 3/2)``; the same values as a bare comma list in that order are accepted.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "variables": Knob("int", 2, 4, default=2, easy=2, hard=4, doc="unknowns and equations"),
        "coefficients": Knob(
            "int", 1, 20, default=5, easy=2, hard=15, doc="largest absolute coefficient"
        ),
        "solution": Knob(
            "categorical", choices=("integer", "fraction"), default="integer", doc="solution kind"
        ),
    }
    answer_syntax = "the solution as an ordered tuple in the stated variable order (e.g. (1, -2))"
    answer_form = "tuple"
    answer_element = "rational"

    def form_variables(self, problem: Problem) -> tuple[str, ...]:
        return tuple(problem.meta["variables"])

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, size = knobs["variables"], knobs["coefficients"]
        names = _VARIABLES[:n]
        for _ in range(200):
            matrix = [[rng.randint(-size, size) for _ in range(n)] for _ in range(n)]
            if knobs["solution"] == "fraction":
                denominator = rng.randint(2, min(6, size + 1))
                numerators = [rng.randint(-size * denominator, size * denominator) for _ in names]
                _make_divisible(rng, matrix, numerators, denominator)
            else:
                denominator = 1
                numerators = [rng.randint(-size, size) for _ in names]
            if _determinant(matrix) != 0:
                break
        else:  # practically unreachable; a multiple of the identity is invertible
            matrix = [[denominator * int(i == j) for j in range(n)] for i in range(n)]
        rhs = [sum(a * u for a, u in zip(row, numerators)) // denominator for row in matrix]
        equations = [_equation_text(row, names, value) for row, value in zip(matrix, rhs)]
        solution = [Fraction(u, denominator) for u in numerators]
        order = ", ".join(names)
        question = (
            "Solve the system of equations:\n"
            + "\n".join(equations)
            + f"\nGive the solution as the ordered tuple ({order})."
        )
        answer = "(" + ", ".join(fraction_text(v) for v in solution) + ")"
        return Draft(question, answer, {"equations": equations, "variables": list(names)})

    def complexity(self, problem: Problem) -> float:
        """Digits and terms in the system plus the length of the solution."""
        text = " ".join(problem.meta["equations"])
        terms = sum(text.count(c) for c in "+-=")
        return digit_count(text) + terms + len(problem.answer)


def _make_divisible(
    rng: random.Random, matrix: list[list[int]], numerators: list[int], denominator: int
) -> None:
    """Adjust one column so that ``matrix @ numerators`` is divisible by ``denominator``.

    The solution is then ``numerators / denominator`` with integer right-hand sides.
    """
    column = rng.randrange(len(numerators))
    while gcd(numerators[column], denominator) != 1:
        numerators[column] += 1
    inverse = pow(numerators[column], -1, denominator)
    for row in matrix:
        residue = sum(a * u for a, u in zip(row, numerators)) % denominator
        shift = (-residue * inverse) % denominator
        if shift and abs(row[column] + shift - denominator) < abs(row[column] + shift):
            shift -= denominator
        row[column] += shift


def _determinant(matrix: list[list[int]]) -> Fraction:
    """Exact determinant by Gaussian elimination over the rationals."""
    rows = [[Fraction(v) for v in row] for row in matrix]
    n, det = len(rows), Fraction(1)
    for i in range(n):
        pivot = next((r for r in range(i, n) if rows[r][i] != 0), None)
        if pivot is None:
            return Fraction(0)
        if pivot != i:
            rows[i], rows[pivot] = rows[pivot], rows[i]
            det = -det
        det *= rows[i][i]
        for r in range(i + 1, n):
            factor = rows[r][i] / rows[i][i]
            if factor:
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[i])]
    return det


def _equation_text(row: list[int], names: tuple[str, ...], value: int) -> str:
    parts: list[str] = []
    for coefficient, name in zip(row, names):
        if coefficient:
            parts.append(signed_term(coefficient, name, not parts))
    return f"{''.join(parts) or '0'} = {value}"
