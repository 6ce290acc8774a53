"""What ``rlvr/TriangleArea-v0`` must do beyond the generic family contract.

Oracles: sympy.geometry's Triangle (from vertices, or ``sss=`` for the sides: area, inradius,
circumradius), sympy's exact sines, and a sympy Matrix cross product for triangles in space.
"""

from __future__ import annotations

import re

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from tests.families.math.helpers import _gen, _score, _sym

ID = "rlvr/TriangleArea-v0"


def _expected(problem):
    prompt, mode = problem.prompt, problem.knobs["mode"]
    if mode in ("coordinates", "space"):
        pts = [
            sympy.Matrix([int(c) for c in coords.split(", ")])
            for coords in re.findall(r"[ABC]\((-?\d+(?:, -?\d+)+)\)", prompt)
        ]
        if mode == "coordinates":
            return sympy.Triangle(*(sympy.Point(*p) for p in pts)).area.__abs__()
        return (pts[1] - pts[0]).cross(pts[2] - pts[0]).norm() / 2
    if mode == "sas":
        p, q, angle = map(
            int, re.search(r"AB = (\d+), AC = (\d+) and angle BAC = (\d+)", prompt).groups()
        )
        return sympy.Rational(p * q, 2) * sympy.sin(sympy.pi * angle / 180)
    a, b, c = map(int, re.search(r"BC = (\d+), CA = (\d+) and AB = (\d+)", prompt).groups())
    triangle = sympy.Triangle(sss=(a, b, c))
    return {
        "heron": abs(triangle.area),
        "inradius": triangle.inradius,
        "circumradius": triangle.circumradius,
    }[mode]


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_the_answer_is_sympys_value(seed, difficulty):
    problem = rlvr_envs.make_task(ID).generate(seed=seed, difficulty=difficulty)
    expected = sympy.radsimp(_expected(problem))
    assert sympy.simplify(_sym(problem.answer) - expected) == 0
    assert _score(problem, sympy.latex(expected)).reward == 1.0
    assert _score(problem, sympy.latex(expected * 2)).reward == 0.0


def test_every_mode_matches_sympy():
    for mode in ("coordinates", "sas", "heron", "inradius", "space", "circumradius"):
        for seed in range(6):
            problem = _gen(ID, seed, mode=mode, size=40)
            assert sympy.simplify(_sym(problem.answer) - _expected(problem)) == 0, problem.answer


def test_unrationalised_and_unsimplified_answers_fail():
    problem = _gen(ID, 4, mode="circumradius", size=30)
    a, b, c = map(int, re.search(r"BC = (\d+), CA = (\d+) and AB = (\d+)", problem.prompt).groups())
    product = (a + b + c) * (-a + b + c) * (a - b + c) * (a + b - c)
    assert _score(problem, f"{a * b * c}/sqrt({product})").reward == 0.0  # formula, root below
    assert _score(problem, f"{float(_sym(problem.answer)):.8f}").reward == 0.0
    problem = _gen(ID, 1, mode="heron", size=30)
    a, b, c = map(int, re.search(r"BC = (\d+), CA = (\d+) and AB = (\d+)", problem.prompt).groups())
    s = sympy.Rational(a + b + c, 2)
    assert _score(problem, f"sqrt({s}({s} - {a})({s} - {b})({s} - {c}))").reward == 0.0


def test_sas_uses_the_exact_sines():
    seen = set()
    for seed in range(60):
        problem = _gen(ID, seed, mode="sas", size=20)
        angle = int(re.search(r"angle BAC = (\d+)", problem.prompt).group(1))
        seen.add(angle)
        if angle in (45, 135):
            assert "sqrt(2)" in problem.answer
        if angle in (30, 90, 150):
            assert "sqrt" not in problem.answer
    assert seen == {30, 45, 60, 90, 120, 135, 150}
