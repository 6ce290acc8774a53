"""What ``rlvr/PolygonArea-v0`` must do beyond the generic family contract.

Oracles: sympy.geometry's Polygon area, sympy's Segment intersections for simplicity, and a
brute-force count of the lattice points strictly inside (even-odd ray casting in Fractions).
"""

from __future__ import annotations

import itertools
import re
from fractions import Fraction

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from tests.families.math.helpers import _gen, _score

ID = "rlvr/PolygonArea-v0"


def _vertices(problem) -> list[tuple[Fraction, Fraction]]:
    pairs = re.findall(r"\((-?\d+(?:/\d+)?), (-?\d+(?:/\d+)?)\)", problem.prompt)
    return [(Fraction(x), Fraction(y)) for x, y in pairs]


def _sympy_area(vertices) -> sympy.Rational:
    polygon = sympy.Polygon(
        *(sympy.Point(sympy.Rational(x), sympy.Rational(y)) for x, y in vertices)
    )
    return abs(polygon.area)


def _strictly_inside(vertices, px: int, py: int) -> bool | None:
    """True inside, False outside, None on the boundary (brute force, exact)."""
    n, inside = len(vertices), False
    for i in range(n):
        (x1, y1), (x2, y2) = vertices[i - 1], vertices[i]
        cross = (x2 - x1) * (py - y1) - (y2 - y1) * (px - x1)
        if cross == 0 and min(x1, x2) <= px <= max(x1, x2) and min(y1, y2) <= py <= max(y1, y2):
            return None
        if (y1 > py) != (y2 > py) and px < x1 + (py - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _interior_points(vertices) -> int:
    xs, ys = [v[0] for v in vertices], [v[1] for v in vertices]
    return sum(
        _strictly_inside(vertices, x, y) is True
        for x in range(int(min(xs)), int(max(xs)) + 1)
        for y in range(int(min(ys)), int(max(ys)) + 1)
    )


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_the_area_is_sympys_and_a_wrong_one_fails(seed, difficulty):
    problem = rlvr_envs.make_task(ID).generate(seed=seed, difficulty=difficulty)
    vertices = _vertices(problem)
    if problem.knobs["mode"] == "pick":
        assert int(problem.answer) == _interior_points(vertices)
    else:
        assert Fraction(problem.answer) == Fraction(str(_sympy_area(vertices)))
    wrong = Fraction(problem.answer) + 1
    assert _score(problem, str(wrong)).reward == 0.0
    assert _score(problem, sympy.latex(sympy.Rational(problem.answer))).reward == 1.0


def test_polygons_are_simple_by_sympy():
    for seed, mode in itertools.product(range(6), ("integer", "rational")):
        problem = _gen(ID, seed, mode=mode, vertices=9, size=20)
        pts = [sympy.Point(sympy.Rational(x), sympy.Rational(y)) for x, y in _vertices(problem)]
        n = len(pts)
        edges = [sympy.Segment(pts[i], pts[(i + 1) % n]) for i in range(n)]
        for i, j in itertools.combinations(range(n), 2):
            if j - i in (1, n - 1):
                continue
            assert not edges[i].intersection(edges[j]), (seed, i, j)


def test_forms_of_the_area():
    for seed in range(30):
        problem = _gen(ID, seed, mode="integer", vertices=5, size=10)
        area = Fraction(problem.answer)
        if area.denominator == 2:
            break
    assert _score(problem, f"\\frac{{{area.numerator}}}{{2}}").reward == 1.0
    assert _score(problem, f"{area.numerator * 2}/4").reward == 0.0  # not in lowest terms
    assert _score(problem, f"{float(area)}").reward == 0.0  # a decimal where p/q is asked
    assert _score(problem, f"-{problem.answer}").reward == 0.0  # the signed sum, clockwise
    problem = _gen(ID, 2, mode="pick", vertices=6, size=12)
    assert _score(problem, f"{problem.answer}/1").reward == 0.0
    assert _score(problem, f"{int(problem.answer) + 1}").reward == 0.0


def test_pick_counts_agree_with_brute_force_at_difficulty_one():
    task = rlvr_envs.make_task(ID)
    for seed in range(6):
        problem = task.generate(seed=seed, knobs={"mode": "pick", "vertices": 10, "size": 30})
        assert int(problem.answer) == _interior_points(_vertices(problem))
