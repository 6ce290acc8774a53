"""MatrixRank: the rank of an integer matrix, certified by a column basis and a null basis.

The matrix is ``L R`` with ``L`` (m x r) and ``R`` (r x n) of rank ``r``: each has ``r``
independent base vectors at random places and every other row of ``L`` (column of ``R``) a
combination of ``support`` of them with small coefficients, so ``rank A = r`` and the
nullity is ``n - r >= 1``. The answer certifies the rank both ways: ``r`` columns that are
linearly independent (a basis of the column space: rank >= r) and ``n - r`` independent
vectors ``v`` with ``A v = 0`` (a basis of the null space: by rank-nullity, rank <= r). Any
valid bases score 1, so the check recomputes ranks over the rationals
(``unique_answer = False``); a bare rank, a count with few values, is not accepted, and no
fixed answer fits many instances (every instance has its own null space).

Answer syntax: ``rank 2; columns 1, 3; null space (1, -2, 1, 0), (0, 1, 0, -1)``.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.math.matrices import (
    determinant,
    digits_in,
    integer_vector,
    mat_mul,
    mat_vec,
    matrix_text,
    null_space,
    rank,
    rational_list,
    rref,
    transpose,
    vector_text,
)
from rlvr_envs.numbers import normalise

_RANK = re.compile(r"rank\s*(?:=|:|is)?\s*(\d{1,3})", re.IGNORECASE)
_COLUMNS = re.compile(r"columns?\s*(?:=|:|are)?\s*[({\[]?\s*(\d{1,3}(?:\s*,\s*\d{1,3})*)\s*[)}\]]?",
                      re.IGNORECASE)  # fmt: skip
_NULL = re.compile(r"null\s*space\s*(?:basis)?\s*(?:=|:|is)?\s*(.*)", re.IGNORECASE | re.DOTALL)
_VECTOR = re.compile(r"\(([^()]*)\)")


class MatrixRank(Family):
    """Find the rank of an integer matrix, a column basis and a null-space basis.

    Knobs (easy -> hard): ``rank`` (the largest rank; each problem draws rank - 2 .. rank) 3 -> 5
    (2..6), ``extra`` (the most rows and columns beyond the rank) 1 -> 2, ``support`` (how
    many base vectors each dependent row/column mixes) 1 -> 3, ``entries`` (largest absolute
    entry of a base column) 3 -> 12. At difficulty 1 a matrix up to 7x8 of rank up to 5
    whose dependent rows and columns are combinations of three others: no column is a
    visible multiple of another, and only a full elimination (then back substitution for
    the null space) reveals the rank.

    Answer syntax: ``rank r; columns i1, ..., ir; null space v1, ..., v(n-r)`` with 1-based
    column indices and each ``v`` a tuple ``(a, b, ...)`` of integers or fractions ``p/q``.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "rank": Knob("int", 2, 6, default=3, easy=3, hard=5, doc="largest rank"),
        "extra": Knob(
            "int", 1, 3, default=1, easy=1, hard=2, doc="most rows and columns beyond the rank"
        ),
        "support": Knob(
            "int", 1, 4, default=1, easy=1, hard=3, doc="base vectors in each dependent one"
        ),
        "entries": Knob("int", 1, 12, default=4, easy=3, hard=12, doc="largest base entry"),
    }
    answer_syntax = (
        "the rank, basis columns and a null space basis, written as: "
        "rank 2; columns 1, 3; null space (1, -2, 1, 0), (0, 1, 0, -1)"
    )
    answer_form = "rank; basis columns; null space basis"
    unique_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        r = rng.randint(max(1, knobs["rank"] - 2), knobs["rank"])
        m = max(3, r + rng.randint(0, knobs["extra"]))
        n = max(3, r + rng.randint(1, knobs["extra"] + 1))
        size, support = knobs["entries"], min(knobs["support"], r)
        left = _spread(rng, m, r, 2, support)  # m x r of rank r
        right = transpose(_spread(rng, n, r, size, support))  # r x n of rank r
        matrix = mat_mul(left, right)
        echelon = rref(matrix)
        columns = echelon[1]
        kernel = [integer_vector(v) for v in null_space(matrix, echelon)]
        answer = (
            f"rank {len(columns)}; columns {', '.join(str(j + 1) for j in columns)}; "
            f"null space {', '.join(vector_text(v) for v in kernel)}"
        )
        question = (
            f"Let A be the {m}x{n} matrix given by its rows:\n"
            f"A = {matrix_text(matrix)}\n"
            "Find the rank r of A, r columns of A that form a basis of its column space "
            "(number the columns 1 to "
            f"{n} from the left), and a basis of the null space of A (vectors v with A v = 0, "
            "written as tuples of integers or fractions). Answer in the form: "
            "rank 2; columns 1, 3; null space (1, -2, 1, 0), (0, 1, 0, -1)"
        )
        return Draft(question, answer, {"matrix": matrix, "rank": len(columns)})

    def check(self, problem: Problem, answer: str) -> Judgement:
        text = normalise(answer).replace("\\left", "").replace("\\right", "")
        parts = [p.strip() for p in text.strip().rstrip(".").split(";")]
        if len(parts) != 3:
            return Judgement.unparsable("expected: rank r; columns i, j, ...; null space (...)")
        rank_part = _RANK.fullmatch(parts[0])
        columns_part = _COLUMNS.fullmatch(parts[1])
        null_part = _NULL.fullmatch(parts[2])
        if rank_part is None or columns_part is None or null_part is None:
            return Judgement.unparsable("expected: rank r; columns i, j, ...; null space (...)")
        matrix = problem.meta["matrix"]
        n = len(matrix[0])
        vectors_text = null_part.group(1).strip()
        vectors = [rational_list(f"({v})") for v in _VECTOR.findall(vectors_text)]
        if _VECTOR.sub("", vectors_text).replace(",", "").strip() or any(
            v is None for v in vectors
        ):
            return Judgement.unparsable("null space vectors must be tuples (a, b, ...)")
        stated = int(rank_part.group(1))
        indices = [int(x) for x in columns_part.group(1).split(",")]
        if stated != problem.meta["rank"]:
            return Judgement.wrong(why="wrong rank")
        if len(set(indices)) != len(indices) or any(not 1 <= i <= n for i in indices):
            return Judgement.wrong(why="a column index repeated or out of range")
        if len(indices) != stated:
            return Judgement.wrong(why="the number of columns differs from the rank")
        if rank([[row[i - 1] for i in indices] for row in matrix]) != stated:
            return Judgement.wrong(why="the named columns are linearly dependent")
        if len(vectors) != n - stated or any(len(v) != n for v in vectors):
            return Judgement.wrong(why="the null space basis has the wrong size")
        if any(any(mat_vec(matrix, v)) for v in vectors):
            return Judgement.wrong(why="a vector with A v != 0")
        if rank(vectors) != len(vectors):
            return Judgement.wrong(why="the null space vectors are linearly dependent")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Entries, their digits, and the rank (elimination steps)."""
        matrix = problem.meta["matrix"]
        return len(matrix) * len(matrix[0]) + 2 * digits_in(matrix) + 2 * problem.meta["rank"]


def _spread(rng: random.Random, count: int, r: int, size: int, support: int) -> list[list[int]]:
    """``count`` vectors of length ``r`` spanning Q^r: ``r`` independent base vectors at
    random places, every other one a combination of ``support`` of them (or zero, rarely)."""
    while True:
        base = [[rng.randint(-size, size) for _ in range(r)] for _ in range(r)]
        if determinant(base) != 0:
            break
    places = rng.sample(range(count), r)
    vectors: list[list[int]] = [[0] * r for _ in range(count)]
    for k, p in enumerate(places):
        vectors[p] = base[k]
    for j in range(count):
        if j in places or rng.random() < 0.1:
            continue
        for k in rng.sample(range(r), min(support, r)):
            c = rng.choice((-2, -1, 1, 2))
            vectors[j] = [x + c * y for x, y in zip(vectors[j], base[k])]
    return vectors
