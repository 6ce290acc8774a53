"""What ``rlvr/VectorProducts-v0`` must do beyond the generic family contract (sympy oracle)."""

from __future__ import annotations

import re

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from rlvr_envs.families.math.vector_products import VectorProducts
from tests.families.math.helpers import _gen, _score, _sym

ID = "rlvr/VectorProducts-v0"
OPERATIONS = VectorProducts.knobs["operation"].choices


def _expected(problem):
    """The value, computed with sympy; the half/sixth variants read from the prompt."""
    vectors = [sympy.Matrix(v) for v in problem.meta["vectors"]]
    u, v = vectors[0], vectors[1]
    op = problem.meta["operation"]
    if op == "dot":
        return u.dot(v)
    if op == "cross":
        return tuple(u.cross(v))
    if op == "projection":
        return tuple(u.dot(v) / v.dot(v) * v)
    if op == "cosine":
        return sympy.radsimp(u.dot(v) / (u.norm() * v.norm()))
    if op == "area":
        area = u.cross(v).norm()
        return area / 2 if "triangle" in problem.prompt else area
    volume = abs(sympy.Matrix.hstack(*vectors).det())
    return volume / 6 if "tetrahedron" in problem.prompt else volume


def _latex(value) -> str:
    return sympy.latex(value).replace("\\left", "").replace("\\right", "")


@settings(max_examples=40)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_sympy_agrees_and_latex_forms_score(seed, difficulty):
    problem = rlvr_envs.make_task(ID).generate(seed=seed, difficulty=difficulty)
    expected = _expected(problem)
    if isinstance(expected, tuple):
        assert tuple(sympy.sympify(x) for x in _sym(problem.answer)) == expected
        text = "(" + ", ".join(_latex(x) for x in expected) + ")"
        wrong = "(" + ", ".join(_latex(x + int(i == 0)) for i, x in enumerate(expected)) + ")"
    else:
        assert sympy.simplify(_sym(problem.answer) - expected) == 0
        text, wrong = _latex(expected), _latex(expected + 1)
    assert _score(problem, text).reward == 1.0, text
    assert _score(problem, wrong).reward == 0.0, wrong


def test_every_operation_with_and_without_points():
    for op in OPERATIONS:
        for points in (False, True):
            for seed in range(5):
                problem = _gen(ID, seed, operation=op, points=points, entries=12)
                expected = _expected(problem)
                if isinstance(expected, tuple):
                    assert tuple(_sym(problem.answer)) == expected
                else:
                    assert sympy.simplify(_sym(problem.answer) - expected) == 0
                if points:
                    assert problem.prompt.startswith("Consider the points A = ")


def test_unsimplified_and_approximate_values_fail():
    cosine = _gen(ID, 1, operation="cosine", dimension=3)
    u, v = (sympy.Matrix(x) for x in cosine.meta["vectors"])
    raw = f"{u.dot(v)}/sqrt({u.dot(u) * v.dot(v)})"  # not simplified, root in the denominator
    assert sympy.simplify(_sym(raw) - _expected(cosine)) == 0
    assert _score(cosine, raw).reward == 0.0
    assert _score(cosine, f"{float(_expected(cosine)):.6f}").reward == 0.0
    area = next(p for s in range(200)
                if re.search(r"\dsqrt", (p := _gen(ID, s, operation="area")).answer))  # fmt: skip
    norm = sympy.Matrix(area.meta["vectors"][0]).cross(sympy.Matrix(area.meta["vectors"][1]))
    unsimplified = f"sqrt({norm.dot(norm)})" + ("/2" if "triangle" in area.prompt else "")
    assert sympy.simplify(_sym(unsimplified) - _expected(area)) == 0
    assert _score(area, unsimplified).reward == 0.0  # the square factor is not taken out
    projection = _gen(ID, 2, operation="projection")
    assert _score(projection, "proj_v(u)").reward == 0.0


def test_constants_earn_little():
    problems = [rlvr_envs.make_task(ID).generate(seed=s, difficulty=0.5) for s in range(60)]
    for guess in ("0", "1", "6", "1/6", "sqrt(2)", *(p.answer for p in problems[:10])):
        assert sum(_score(p, guess).reward for p in problems) / len(problems) <= 0.10, guess


def test_no_constant_answer_earns_much_even_at_difficulty_0():
    # 2D dot products of coordinates up to 3 made "3" right on 9 problems in 100
    answers = [rlvr_envs.make_task(ID).generate(seed=s, difficulty=0.0).answer for s in range(1500)]
    assert max(answers.count(a) for a in set(answers)) <= 0.07 * len(answers)
