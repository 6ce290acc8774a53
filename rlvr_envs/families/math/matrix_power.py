"""MatrixPower: a product of several integer matrices, or a power ``A^n`` of one.

Products chain matrices of compatible (also rectangular) shapes. Powers use a matrix built
so that ``A^n`` has a closed form: ``A = P D P^{-1}`` with ``P`` unimodular (integer inverse)
and ``D`` diagonal with small integer eigenvalues, so ``A^n = P D^n P^{-1}``; or
``A = P (lambda I + N) P^{-1}`` with ``N`` strictly upper triangular (nilpotent, ``N^k = 0``
for ``k >= size``), so by the binomial theorem ``A^n = P (sum_k C(n, k) lambda^(n-k) N^k)
P^{-1}``. The reference is computed exactly by repeated squaring on integers; a matrix
product is unique, so the value comparison is the whole check.

Answer syntax: the result as a list of rows of integers, ``[[1, 2], [3, 4]]`` (a LaTeX
``pmatrix``/``bmatrix`` is accepted too).
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.math.matrices import (
    digits_in,
    mat_mul,
    mat_pow,
    matrix_text,
    unimodular,
)
from rlvr_envs.families.shared.math_answers import MathFamily

_NAMES = "ABCDE"


class MatrixPower(MathFamily):
    """Multiply several matrices, or raise one to a large power.

    Knobs (easy -> hard): ``operation`` ``product`` -> ``power``; ``size`` (rows of the
    matrices) 2 -> 3 (2..4); ``factors`` (matrices in a product) 2 -> 4; ``exponent`` (n in
    ``A^n``) 3 -> 40; ``entries`` (largest absolute entry of the factors, or of the
    eigenvalue/shear part of a power) 3 -> 6. At difficulty 1, ``A^n`` of a 3x3 matrix with
    n up to 40: repeated multiplication is hopeless by hand; one must diagonalise (find the
    eigenvalues and P) or split off the nilpotent part and use the binomial theorem.

    Answer syntax: the resulting matrix as a list of rows of integers, ``[[1, 2], [3, 4]]``.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "operation": Knob(
            "categorical", choices=("product", "power"), default="product", doc="what to compute"
        ),
        "size": Knob("int", 2, 4, default=2, easy=2, hard=3, doc="rows of the matrices"),
        "factors": Knob("int", 2, 5, default=2, easy=2, hard=4, doc="matrices in a product"),
        "exponent": Knob("int", 2, 60, default=5, easy=3, hard=40, doc="the power n"),
        "entries": Knob("int", 1, 12, default=4, easy=3, hard=6, doc="largest absolute entry"),
    }
    answer_syntax = "the resulting matrix as a list of rows of integers, e.g. [[1, 2], [3, 4]]"
    answer_form = "matrix"
    answer_element = "integer"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, size = knobs["size"], knobs["entries"]
        if knobs["operation"] == "product":
            count = knobs["factors"]
            dims = [n] + [rng.randint(max(1, n - 1), n + 1) for _ in range(count - 1)] + [n]
            if count > 2:
                dims[rng.randrange(1, count)] = n + 1
            while True:  # no zero row or column, no zero product, no product equal to a factor
                factors = [
                    [[rng.randint(-size, size) for _ in range(dims[k + 1])] for _ in range(dims[k])]
                    for k in range(count)
                ]
                result = factors[0]
                for factor in factors[1:]:
                    result = mat_mul(result, factor)
                nonzero = all(any(row) for f in factors for row in (*f, *zip(*f)))
                if nonzero and any(map(any, result)) and all(f != result for f in factors):
                    break
            names = _NAMES[:count]
            shown = "\n".join(f"{name} = {matrix_text(f)}" for name, f in zip(names, factors))
            question = (
                f"Given the matrices (by rows)\n{shown}\ncompute the product {''.join(names)}."
            )
            meta = {"operation": "product", "factors": factors, "exponent": 1}
        else:
            power = rng.randint(max(2, knobs["exponent"] // 2), knobs["exponent"])
            matrix = _power_friendly(rng, n, size, power)
            result = mat_pow(matrix, power)
            question = f"Let A = {matrix_text(matrix)} (given by rows). Compute A^{power} exactly."
            meta = {"operation": "power", "factors": [matrix], "exponent": power}
        question += " Write the result as a list of rows of integers."
        return Draft(question, matrix_text(result), meta)

    def complexity(self, problem: Problem) -> float:
        """Digits of the factors, multiplications, and the digits of the result."""
        meta = problem.meta
        factors = meta["factors"]
        shown = sum(digits_in(f) for f in factors)
        steps = len(factors) + 2 * meta["exponent"].bit_length()
        return shown + 3 * steps + len(problem.answer) / 3


def _power_friendly(rng: random.Random, n: int, size: int, power: int) -> list[list[int]]:
    """``P D P^-1`` (eigenvalues with ``|lambda|^power <= 10^10``) or ``P (lambda I + N) P^-1``
    with ``lambda = +-1``; ``P`` unimodular, entries kept small."""
    for _ in range(40):
        p, p_inv = unimodular(rng, n, n + 1, 1)
        top = 1
        while (top + 1) ** power <= 10**10 and top + 1 <= size:
            top += 1
        # eigenvalues all in {-1, 0, 1} make A^n one of I, A, A^2: copyable, not computed
        if top >= 2 and rng.random() < 0.5:
            values = [rng.randint(-top, top) for _ in range(n)]
            values[rng.randrange(n)] = rng.choice((-1, 1)) * rng.randint(2, top)
            core = [[values[i] if i == j else 0 for j in range(n)] for i in range(n)]
        else:
            lam = rng.choice((1, -1))
            core = [
                [lam if i == j else (rng.randint(-size, size) if j > i else 0) for j in range(n)]
                for i in range(n)
            ]
        if not any(core[i][j] for i in range(n) for j in range(n) if i != j) and all(
            abs(core[i][i]) < 2 for i in range(n)
        ):
            continue  # lambda I: A^n = +-I
        matrix = mat_mul(mat_mul(p, core), p_inv)
        off_diagonal = any(matrix[i][j] for i in range(n) for j in range(n) if i != j)
        if off_diagonal and max(abs(x) for row in matrix for x in row) <= 4 * size:
            return matrix
    return (
        [[1, 1], [0, 1]] if n == 2 else [[1 if j >= i else 0 for j in range(n)] for i in range(n)]
    )
