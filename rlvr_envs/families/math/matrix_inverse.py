"""MatrixInverse: the inverse of an invertible integer matrix, with exact fractions.

The matrix is built as ``U1 T U2`` with ``U1``, ``U2`` unimodular (products of elementary row
operations, determinant +-1) and ``T`` upper triangular with a chosen determinant ``d``, so
``A`` is never singular and ``A^{-1} = adj(A)/det(A)`` has denominators dividing ``d``. The
reference is computed exactly by Gauss-Jordan elimination over the rationals; the inverse of
an invertible matrix is unique, so the value comparison is the whole check.

Answer syntax: the inverse as a list of rows with integer or ``p/q`` entries in lowest terms,
``[[1/2, -1], [3/2, 2]]``; a LaTeX ``pmatrix``/``bmatrix`` (optionally times one positive
rational scalar, ``\\frac{1}{2}\\begin{pmatrix}1 & -2\\\\3 & 4\\end{pmatrix}``, as the
``matrix`` form allows) is accepted too.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.math.matrices import (
    digits_in,
    inverse,
    mat_mul,
    matrix_text,
    max_entry,
    unimodular,
)
from rlvr_envs.families.shared.math_answers import MathFamily


class MatrixInverse(MathFamily):
    """Invert a square integer matrix exactly.

    Knobs (easy -> hard): ``size`` 2 -> 4 (2..5), ``determinant`` (largest absolute
    determinant, hence the denominators of the inverse) 2 -> 15, ``entries`` (largest
    absolute entry) 4 -> 12. At difficulty 1 a 4x4 matrix with a two-digit determinant: 16
    cofactors of 3x3 minors or a long Gauss-Jordan elimination, every entry a fraction.

    Answer syntax: rows ``[[a, b], [c, d]]`` of integers or fractions ``p/q`` in lowest terms.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "size": Knob("int", 2, 5, default=3, easy=2, hard=4, doc="rows and columns"),
        "determinant": Knob(
            "int", 1, 30, default=4, easy=2, hard=15, doc="largest absolute determinant"
        ),
        "entries": Knob("int", 2, 20, default=6, easy=4, hard=12, doc="largest absolute entry"),
    }
    answer_syntax = (
        "the inverse matrix as a list of rows with exact entries (integers or fractions p/q "
        "in lowest terms), e.g. [[1/2, -1], [3/2, 2]]"
    )
    answer_form = "matrix"
    answer_element = "rational"

    def answer_labels(self, problem: Problem) -> tuple[str, ...]:
        return ("A^{-1}",)  # the prompt's matrix is A (docs/answers.md)

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n = knobs["size"]
        matrix = _invertible(rng, n, knobs["determinant"], knobs["entries"])
        inv = inverse(matrix)
        assert inv is not None  # det(matrix) = +-d != 0 by construction
        question = (
            f"Find the inverse of the {n}x{n} matrix A given by its rows:\n"
            f"A = {matrix_text(matrix)}\n"
            "Write the inverse as a list of rows with exact entries (integers or fractions "
            "p/q in lowest terms, no decimals)."
        )
        return Draft(question, matrix_text(inv), {"matrix": matrix})

    def complexity(self, problem: Problem) -> float:
        """Entries (n^2), their digits, and the length of the inverse."""
        matrix = problem.meta["matrix"]
        return len(matrix) ** 2 + digits_in(matrix) + len(problem.answer) / 2


def _invertible(rng: random.Random, n: int, det_bound: int, bound: int) -> list[list[int]]:
    """``U1 T U2`` with ``|det| = d`` drawn from 1..det_bound and entries within ``bound``."""
    best = None
    for _ in range(60):
        d = rng.randint(max(1, det_bound // 3), det_bound)
        core = [[0] * n for _ in range(n)]
        spot = rng.randrange(n)
        for i in range(n):
            core[i][i] = (d if i == spot else 1) * rng.choice((-1, 1))
            for j in range(i + 1, n):
                core[i][j] = rng.randint(-2, 2)
        left, _ = unimodular(rng, n, 2 * n - 1, 1)
        right, _ = unimodular(rng, n, 2 * n - 1, 1)
        matrix = mat_mul(mat_mul(left, core), right)
        zeros = sum(row.count(0) for row in matrix)
        if max_entry(matrix) <= bound and zeros <= n // 2 + 1:
            return matrix
        if best is None or max_entry(matrix) < max_entry(best):
            best = matrix
    return best if best is not None else core
