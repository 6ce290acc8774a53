"""Determinant: the determinant of a square integer matrix (2x2 up to 6x6).

The matrix is random (``construction = random``) or built as ``L T U`` with ``L``, ``U``
unimodular (determinant +-1, products of elementary row operations) and ``T`` triangular
with a chosen diagonal (``construction = disguised``): then ``det A = +-prod(diag T)`` by the
product rule ``det(XY) = det X det Y``, a value of several digits hidden in a matrix whose
entries look unrelated. The reference is computed exactly (Bareiss elimination).

Answer syntax: one integer, e.g. ``-1428``.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.math.matrices import (
    determinant,
    digits_in,
    mat_mul,
    matrix_text,
    max_entry,
    unimodular,
)
from rlvr_envs.families.shared.math_answers import MathFamily


class Determinant(MathFamily):
    """Compute the determinant of a square integer matrix.

    Knobs (easy -> hard): ``size`` 2 -> 5 (2..6), ``entries`` (largest absolute entry of
    the random matrix, or of the triangular core) 6 -> 12, ``construction`` ``random`` ->
    ``disguised`` (unimodular products around a triangular core with a chosen,
    several-digit determinant: the entries look random, row reduction is long, the value is
    not small). At difficulty 1 a 5x5 matrix with two-digit entries needs a full elimination
    with large intermediate numbers.

    Answer syntax: the determinant as one integer, e.g. ``-1428``.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "size": Knob("int", 2, 6, default=3, easy=2, hard=5, doc="rows and columns"),
        "entries": Knob("int", 2, 20, default=5, easy=6, hard=12, doc="largest absolute entry"),
        "construction": Knob(
            "categorical",
            choices=("random", "disguised"),
            default="random",
            doc="random entries, or unimodular products around a triangular core",
        ),
    }
    answer_syntax = "the determinant as a single integer (e.g. -1428)"
    answer_form = "integer"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, size = knobs["size"], knobs["entries"]
        if knobs["construction"] == "disguised":
            matrix = _disguised(rng, n, size)
        else:
            matrix = [[rng.randint(-size, size) for _ in range(n)] for _ in range(n)]
        value = determinant(matrix)
        question = (
            f"Compute the determinant of the {n}x{n} matrix A given by its rows:\n"
            f"A = {matrix_text(matrix)}\n"
            "Give the determinant as a single integer."
        )
        return Draft(question, str(value), {"matrix": matrix})

    def complexity(self, problem: Problem) -> float:
        """Entries (n^2), their digits, and the digits of the determinant."""
        matrix = problem.meta["matrix"]
        return len(matrix) ** 2 + digits_in(matrix) + len(problem.answer)


def _disguised(rng: random.Random, n: int, size: int) -> list[list[int]]:
    """``L T U``: ``T`` upper triangular with nonzero diagonal, ``L``, ``U`` unimodular;
    retried until the entries stay within ``3 * size``."""
    for _ in range(50):
        core = [
            [rng.randint(1, size) * rng.choice((-1, 1)) if i == j else 0 for j in range(n)]
            for i in range(n)
        ]
        for i in range(n):
            for j in range(i + 1, n):
                core[i][j] = rng.randint(-2, 2)
        left, _ = unimodular(rng, n, 2 * n, 1)
        right, _ = unimodular(rng, n, 2 * n, 1)
        matrix = mat_mul(mat_mul(left, core), right)
        if max_entry(matrix) <= 3 * size and sum(row.count(0) for row in matrix) <= n:
            return matrix
    return core
