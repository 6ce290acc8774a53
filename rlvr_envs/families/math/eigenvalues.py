"""Eigenvalues: the eigenvalues of an integer matrix, or an eigenvector for a given one.

The matrix is ``A = P T P^{-1}`` with ``P`` unimodular (integer inverse) and ``T`` upper
triangular with integer diagonal, so ``A`` is an integer matrix similar to ``T`` and its
characteristic polynomial ``det(A - lambda I) = prod (t_ii - lambda)`` has exactly the
diagonal of ``T`` as roots (similar matrices share eigenvalues). With ``repeated`` on, one
eigenvalue is repeated and ``T`` keeps a nonzero entry above it, so ``A`` may not be
diagonalisable. Each problem asks one of two things (drawn per problem):

* ``eigenvalues``: every eigenvalue, each listed as often as its algebraic multiplicity,
  in any order: ``-2, 1, 1, 3``; compared as a multiset;
* ``eigenvector``: a nonzero ``v`` with ``A v = lambda v`` for a stated eigenvalue
  ``lambda``: ``(1, -2, 1)``; any nonzero vector of the eigenspace is right (checked by
  substitution), so ``unique_answer = False``.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.math.matrices import (
    digits_in,
    integer_vector,
    mat_mul,
    mat_vec,
    matrix_text,
    max_entry,
    null_space,
    rational_list,
    unimodular,
    vector_text,
)
from rlvr_envs.numbers import normalise


class Eigenvalues(Family):
    """Find all eigenvalues (with multiplicity) of an integer matrix, or an eigenvector.

    Knobs (easy -> hard): ``size`` 2 -> 4 (2..5), ``eigenvalues`` (largest absolute
    eigenvalue) 3 -> 9, ``mixing`` (elementary operations in ``P``, hence how far ``A``
    is from triangular) 2 -> 6, ``repeated`` off -> on (a repeated eigenvalue, possibly
    defective). At difficulty 1: a dense 4x4 integer matrix whose characteristic polynomial
    is a quartic with a double root, to be found and factored exactly (rational roots
    divide the determinant), or the null space of ``A - lambda I`` to be computed.

    Answer syntax: eigenvalues as a comma list with multiplicity, ``-2, 1, 1, 3``; an
    eigenvector as a tuple ``(1, -2, 1)`` of integers or fractions ``p/q``.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "size": Knob("int", 2, 5, default=3, easy=2, hard=4, doc="rows and columns"),
        "eigenvalues": Knob(
            "int", 1, 15, default=5, easy=3, hard=9, doc="largest absolute eigenvalue"
        ),
        "mixing": Knob("int", 1, 10, default=3, easy=2, hard=6, doc="operations in P"),
        "repeated": Knob("bool", default=False, easy=False, hard=True, doc="a repeated eigenvalue"),
    }
    answer_syntax = (
        "the eigenvalues as a comma-separated list with multiplicity (e.g. -2, 1, 1, 3), "
        "or the eigenvector as a tuple (e.g. (1, -2, 1)), as the question asks"
    )
    answer_form = "eigenvalue list with multiplicity | eigenvector tuple"
    answer_label_patterns = (r"a nonzero vector (v) with",)  # docs/answers.md
    unique_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, top = knobs["size"], knobs["eigenvalues"]
        for _ in range(100):
            values = _distinct(rng, n, top)
            repeat = values[0]
            if knobs["repeated"]:
                values[1] = repeat
            rng.shuffle(values)
            core = [
                [values[i] if i == j else (rng.randint(-2, 2) if j > i else 0) for j in range(n)]
                for i in range(n)
            ]
            if knobs["repeated"]:  # keep a nonzero entry between the equal diagonal entries
                first, second = [k for k, v in enumerate(values) if v == repeat][:2]
                core[first][second] = rng.choice((-1, 1))
            p, p_inv = unimodular(rng, n, knobs["mixing"] + n - 1, 1)
            matrix = mat_mul(mat_mul(p, core), p_inv)
            zeros = sum(row.count(0) for row in matrix)
            if max_entry(matrix) <= 3 * top + 6 and zeros <= n // 2:
                break
        mode = rng.choice(("eigenvalues", "eigenvector"))
        shown = matrix_text(matrix)
        if mode == "eigenvalues":
            answer = ", ".join(str(v) for v in sorted(values))
            question = (
                f"Find all eigenvalues of the {n}x{n} matrix A given by its rows:\n"
                f"A = {shown}\n"
                "List every eigenvalue as often as its algebraic multiplicity, separated by "
                "commas, in any order (e.g. -2, 1, 1, 3)."
            )
            meta = {"matrix": matrix, "mode": mode, "eigenvalues": sorted(values)}
        else:
            lam = rng.choice(values)
            shifted = [
                [x - lam * (i == j) for j, x in enumerate(row)] for i, row in enumerate(matrix)
            ]
            vector = integer_vector(null_space(shifted)[0])
            answer = vector_text(vector)
            question = (
                f"Let A be the {n}x{n} matrix given by its rows:\n"
                f"A = {shown}\n"
                f"lambda = {lam} is an eigenvalue of A. Find an eigenvector of A for "
                f"lambda = {lam}: a nonzero vector v with A v = {lam} v, written as a tuple of "
                "integers or fractions p/q (any nonzero eigenvector is accepted)."
            )
            meta = {"matrix": matrix, "mode": mode, "eigenvalue": lam}
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        text = normalise(answer).replace("\\left", "").replace("\\right", "").strip()
        matrix = meta["matrix"]
        n = len(matrix)
        if meta["mode"] == "eigenvalues":
            values = rational_list(text)
            if values is None:
                return Judgement.unparsable("a comma-separated list of numbers")
            if Counter(values) == Counter(Fraction(v) for v in meta["eigenvalues"]):
                return Judgement.right()
            return Judgement.wrong()
        vector = rational_list(text)
        if vector is None or not text.startswith("("):
            return Judgement.unparsable("a tuple (a, b, ...) of integers or fractions")
        if len(vector) != n:
            return Judgement.wrong(why=f"a vector with {n} entries is asked")
        if not any(vector):
            return Judgement.wrong(why="the zero vector is not an eigenvector")
        lam = meta["eigenvalue"]
        image = mat_vec(matrix, vector)
        if any(a != lam * b for a, b in zip(image, vector)):
            return Judgement.wrong(why="A v != lambda v")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Entries (n^2), their digits, and the characteristic polynomial's degree."""
        matrix = problem.meta["matrix"]
        return 2 * len(matrix) ** 2 + digits_in(matrix) + len(problem.answer) / 4


def _distinct(rng: random.Random, n: int, top: int) -> list[int]:
    top = max(top, n // 2)  # [-top, top] must hold n distinct values (size 5, top 1 hung)
    values: list[int] = []
    while len(values) < n:
        v = rng.randint(-top, top)
        if v not in values:
            values.append(v)
    return values
