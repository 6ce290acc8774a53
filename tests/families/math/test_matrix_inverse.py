"""What ``rlvr/MatrixInverse-v0`` must do beyond the generic family contract (sympy oracle)."""

from __future__ import annotations

import re

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from rlvr_envs.families.math.matrices import matrix_text
from tests.families.math.helpers import _gen, _score, _sym

ID = "rlvr/MatrixInverse-v0"


def _latex(matrix: sympy.Matrix, env: str = "pmatrix") -> str:
    rows = [" & ".join(sympy.latex(x) for x in matrix.row(i)) for i in range(matrix.rows)]
    return f"\\begin{{{env}}}" + r" \\ ".join(rows) + f"\\end{{{env}}}"


@settings(max_examples=30)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_the_reference_is_sympys_inverse_and_a_changed_entry_fails(seed, difficulty):
    problem = rlvr_envs.make_task(ID).generate(seed=seed, difficulty=difficulty)
    a = sympy.Matrix(problem.meta["matrix"])
    inverse = a.inv()
    assert sympy.Matrix(_sym(problem.answer)) == inverse
    assert a * sympy.Matrix(_sym(problem.answer)) == sympy.eye(a.rows)
    assert _score(problem, _latex(inverse)).reward == 1.0
    assert _score(problem, _latex(inverse, "bmatrix")).reward == 1.0
    changed = inverse.copy()
    changed[0, 0] += sympy.Rational(1, 2)
    assert _score(problem, matrix_text(changed.tolist())).reward == 0.0


def test_a_scalar_times_the_adjugate_in_latex_scores():
    for seed in range(20):
        problem = _gen(ID, seed, size=3, determinant=9)
        a = sympy.Matrix(problem.meta["matrix"])
        det = a.det()
        adjugate = a.adjugate() * sympy.sign(det)  # the form takes a positive scalar in front
        scalar = sympy.latex(sympy.Rational(1, abs(det)))
        assert _score(problem, f"{scalar}{_latex(adjugate)}").reward == 1.0


def test_wrong_and_badly_written_inverses_fail():
    problem = next(p for s in range(100) if "/" in (p := _gen(ID, s, size=3, determinant=6)).answer)
    a = sympy.Matrix(problem.meta["matrix"])
    inverse = a.inv()
    assert inverse != inverse.T
    assert _score(problem, matrix_text(inverse.T.tolist())).reward == 0.0  # transposed
    assert _score(problem, matrix_text(problem.meta["matrix"])).reward == 0.0  # the question
    decimals = "[" + ", ".join("[" + ", ".join(f"{float(x):.6f}" for x in inverse.row(i)) + "]"
                               for i in range(3)) + "]"  # fmt: skip
    assert _score(problem, decimals).reward == 0.0
    unreduced = re.sub(r"(-?\d+)/(\d+)", lambda m: f"{2 * int(m[1])}/{2 * int(m[2])}",
                       problem.answer, count=1)  # fmt: skip
    assert unreduced != problem.answer
    assert _score(problem, unreduced).reward == 0.0  # not in lowest terms
    assert _score(problem, "A^{-1}").reward == 0.0
    assert _score(problem, matrix_text((-inverse).tolist())).reward == 0.0


def test_sizes_and_determinants_follow_the_knobs():
    for seed in range(20):
        problem = _gen(ID, seed, size=4, determinant=15, entries=12)
        a = sympy.Matrix(problem.meta["matrix"])
        assert a.shape == (4, 4) and 1 <= abs(a.det()) <= 15
        assert max(abs(x) for x in a) <= 12 or abs(a.det()) >= 1


def test_a_negative_scalar_times_the_adjugate_scores_and_an_unrelated_scalar_fails():
    negatives = 0
    for seed in range(30):
        problem = _gen(ID, seed, size=3, determinant=9)
        a = sympy.Matrix(problem.meta["matrix"])
        det = a.det()
        if abs(det) < 2:
            continue
        # 1/det adj(A) written with the sign in front: -\frac{1}{|det|} (-sign(det) adj(A))
        adjugate = -a.adjugate() * sympy.sign(det)
        assert _score(problem, f"-\\frac{{1}}{{{abs(det)}}}{_latex(adjugate)}").reward == 1.0
        negatives += 1
        assert _score(problem, f"\\frac{{1}}{{{abs(det)}}}{_latex(adjugate)}").reward == 0.0
        assert _score(problem, f"\\frac{{1}}{{{abs(det) + 1}}}{_latex(-adjugate)}").reward == 0.0
    assert negatives >= 10
