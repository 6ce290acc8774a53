"""What ``rlvr/MatrixRank-v0`` must do beyond the generic family contract (sympy oracle).

The answer is a certificate (rank; basis columns; null space basis), so any valid bases
score 1 and the checks are against the matrix, recomputed here with sympy.
"""

from __future__ import annotations

import itertools

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from tests.families.math.helpers import _gen, _score

ID = "rlvr/MatrixRank-v0"


def _tuple(vector) -> str:
    return "(" + ", ".join(str(sympy.nsimplify(x)) for x in vector) + ")"


def _answer(rank: int, columns, nulls) -> str:
    return (f"rank {rank}; columns {', '.join(str(c) for c in columns)}; "
            f"null space {', '.join(_tuple(v) for v in nulls)}")  # fmt: skip


def _bases(matrix: sympy.Matrix, rank: int):
    for subset in itertools.combinations(range(matrix.cols), rank):
        if matrix[:, list(subset)].rank() == rank:
            yield [c + 1 for c in subset]


@settings(max_examples=25)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_sympys_rank_and_any_other_bases_score_one(seed, difficulty):
    problem = rlvr_envs.make_task(ID).generate(seed=seed, difficulty=difficulty)
    a = sympy.Matrix(problem.meta["matrix"])
    rank = a.rank()
    assert problem.meta["rank"] == rank and problem.answer.startswith(f"rank {rank};")
    nulls = a.nullspace()  # sympy's own basis (fractions allowed)
    assert len(nulls) == a.cols - rank >= 1
    bases = list(_bases(a, rank))
    last = bases[-1]  # the last independent subset: usually not the pivot columns
    assert _score(problem, _answer(rank, last, nulls)).reward == 1.0
    mixed = [nulls[0] * 3] + [n + nulls[0] for n in nulls[1:]]  # another basis of the kernel
    assert _score(problem, _answer(rank, bases[0], mixed)).reward == 1.0
    # wrong rank, too few columns, a non-null vector, a repeated null vector
    assert _score(problem, _answer(rank + 1, bases[0], nulls)).reward == 0.0
    if rank > 1:
        assert _score(problem, _answer(rank, bases[0][:-1], nulls)).reward == 0.0
    off = nulls[0].copy()
    off[next(j for j in range(a.cols) if any(a[:, j]))] += 1  # now A off != 0
    assert _score(problem, _answer(rank, bases[0], [off, *nulls[1:]])).reward == 0.0
    if len(nulls) >= 2:
        assert _score(problem, _answer(rank, bases[0], [nulls[0], nulls[0] * 2, *nulls[2:]])
                      ).reward == 0.0  # fmt: skip


def test_dependent_or_out_of_range_columns_fail():
    found = 0
    for seed in range(60):
        problem = _gen(ID, seed, rank=4, support=1)
        a = sympy.Matrix(problem.meta["matrix"])
        rank, nulls = a.rank(), a.nullspace()
        for subset in itertools.combinations(range(a.cols), rank):
            if a[:, list(subset)].rank() < rank:
                columns = [c + 1 for c in subset]
                assert _score(problem, _answer(rank, columns, nulls)).reward == 0.0
                found += 1
                break
        good = next(_bases(a, rank))
        assert _score(problem, _answer(rank, [*good[:-1], a.cols + 1], nulls)).reward == 0.0
        assert _score(problem, _answer(rank, [*good[:-1], good[0]], nulls)).reward == 0.0
    assert found >= 30


def test_the_syntax_is_strict():
    problem = _gen(ID, 3)
    answer = problem.answer
    assert _score(problem, answer).reward == 1.0
    assert _score(problem, answer.replace(";", ",")).reason == "unparsable"
    assert _score(problem, answer.split(";")[0]).reason == "unparsable"  # a bare rank
    assert _score(problem, answer.replace("(", "[").replace(")", "]")).reward == 0.0
    assert _score(problem, answer.replace("columns", "Columns").replace("rank", "Rank")
                  ).reward == 1.0  # fmt: skip


def test_no_constant_answer_earns_more_than_a_tenth():
    problems = [rlvr_envs.make_task(ID).generate(seed=s, difficulty=0.5) for s in range(60)]
    guesses = {p.answer for p in problems}
    for rank in range(1, 5):
        columns = ", ".join(str(c) for c in range(1, rank + 1))
        for null in ("(1, 0, 0)", "(0, 0, 1)", "(1, -1, 0)", "(1, 1, 1)"):
            guesses.add(f"rank {rank}; columns {columns}; null space {null}")
    for guess in guesses:
        assert sum(_score(p, guess).reward for p in problems) / len(problems) <= 0.10, guess


def _fraction(v) -> str:
    v = sympy.Rational(v)
    if v.q == 1:
        return str(v.p)
    return (r"-\frac{%d}{%d}" if v < 0 else r"\frac{%d}{%d}") % (abs(v.p), v.q)


def test_latex_null_vectors_score_and_degenerate_witnesses_fail():
    checked = 0
    for seed in range(60):
        problem = _gen(ID, seed, rank=3, extra=2)
        a = sympy.Matrix(problem.meta["matrix"])
        kernel, pivots = a.nullspace(), a.rref()[1]
        if len(kernel) < 2:
            continue
        head = f"rank {a.rank()}; columns {', '.join(str(c + 1) for c in pivots)}; null space "

        def basis(vectors):
            return ", ".join(
                r"\left(" + ", ".join(_fraction(x) for x in v) + r"\right)" for v in vectors
            )

        halved = [v / 2 for v in kernel]  # another basis, written with \frac and \left( \right)
        assert _score(problem, head + basis(halved)).reward == 1.0
        zero = sympy.zeros(a.cols, 1)
        for bad in (
            [kernel[0]] * len(kernel),  # repeated
            [kernel[0], 2 * kernel[0], *kernel[2:]],  # a scaled copy
            [zero, *kernel[1:]],  # the zero vector
        ):
            assert _score(problem, head + basis(bad)).reward == 0.0
        checked += 1
    assert checked >= 5
