"""What ``rlvr/MatrixPower-v0`` must do beyond the generic family contract (sympy oracle)."""

from __future__ import annotations

import functools
import itertools
import operator

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from rlvr_envs.families.math.matrices import matrix_text
from tests.families.math.helpers import _gen, _score, _sym

ID = "rlvr/MatrixPower-v0"


def _expected(problem) -> sympy.Matrix:
    factors = [sympy.Matrix(f) for f in problem.meta["factors"]]
    if problem.meta["operation"] == "power":
        return factors[0] ** problem.meta["exponent"]
    return functools.reduce(operator.mul, factors)


@settings(max_examples=30)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_the_reference_is_sympys_product_or_power(seed, difficulty):
    problem = rlvr_envs.make_task(ID).generate(seed=seed, difficulty=difficulty)
    expected = _expected(problem)
    assert sympy.Matrix(_sym(problem.answer)) == expected
    rows = [" & ".join(str(x) for x in expected.row(i)) for i in range(expected.rows)]
    latex = r"\begin{pmatrix}" + r" \\ ".join(rows) + r"\end{pmatrix}"
    assert _score(problem, latex).reward == 1.0
    changed = expected.copy()
    changed[expected.rows - 1, 0] += 1
    assert _score(problem, matrix_text(changed.tolist())).reward == 0.0


def test_powers_are_large_and_off_by_one_powers_fail():
    for seed in range(20):
        problem = _gen(ID, seed, operation="power", size=3, exponent=40)
        a = sympy.Matrix(problem.meta["factors"][0])
        n = problem.meta["exponent"]
        assert 20 <= n <= 40
        if a ** (n - 1) != a**n:
            assert _score(problem, matrix_text((a ** (n - 1)).tolist())).reward == 0.0
        assert _score(problem, f"A^{n}").reward == 0.0
        assert _score(problem, matrix_text(a.tolist())).reward == (1.0 if a**n == a else 0.0)


def test_products_chain_compatible_shapes_and_order_matters():
    for seed in range(20):
        problem = _gen(ID, seed, operation="product", factors=3, size=3)
        factors = [sympy.Matrix(f) for f in problem.meta["factors"]]
        assert all(x.cols == y.rows for x, y in itertools.pairwise(factors))
        transposed = factors[2].T * factors[1].T * factors[0].T  # (ABC)^T: same entries
        assert _score(problem, matrix_text(transposed.T.tolist())).reward == 1.0
        if transposed != _expected(problem) and transposed.shape == _expected(problem).shape:
            assert _score(problem, matrix_text(transposed.tolist())).reward == 0.0
        assert _score(problem, "ABC").reward == 0.0


def test_a_power_is_never_the_matrix_itself_its_square_or_the_identity():
    # eigenvalues all in {-1, 0, 1} made A^n one of I, A, A^2 (A copied from the prompt scored)
    for difficulty in (0.5, 0.8, 1.0):
        for seed in range(120):
            problem = rlvr_envs.make_task(ID).generate(seed=seed, difficulty=difficulty)
            if problem.meta["operation"] != "power":
                continue
            a = sympy.Matrix(problem.meta["factors"][0])
            for copy in (a, a * a, sympy.eye(a.rows), -sympy.eye(a.rows)):
                assert _score(problem, matrix_text(copy.tolist())).reward == 0.0, seed


def test_a_product_is_never_zero_nor_one_of_its_factors():
    # a zero factor (A = [[0, 0], [0, 0]] at difficulty 0) made the product a copy of A
    for seed in range(1500):
        problem = _gen(ID, seed, operation="product", entries=2)
        factors = problem.meta["factors"]
        assert all(any(row) for f in factors for row in (*f, *zip(*f))), seed
        assert all(_score(problem, matrix_text(f)).reward == 0.0 for f in factors), seed
        assert any(map(any, _sym(problem.answer))), seed
