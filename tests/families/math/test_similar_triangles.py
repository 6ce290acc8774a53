"""What ``rlvr/SimilarTriangles-v0`` must do beyond the generic family contract.

Oracle: sympy.geometry, measuring in constructed figures: a triangle placed in coordinates
from its sides, its ``bisectors()`` and ``altitudes``, Polygon areas, lines parallel to a side
(``parallel_line``) and their ``intersection`` with the other sides, and a right triangle
built on a Thales circle for the altitude relations.
"""

from __future__ import annotations

import re

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from tests.families.math.helpers import _gen, _score, _sym

ID = "rlvr/SimilarTriangles-v0"
P = sympy.Point
GENERIC = (P(0, 0), P(7, 1), P(2, 5))  # any triangle: affine maps keep parallels and ratios


def _given(prompt: str) -> dict[str, sympy.Rational]:
    pairs = re.findall(r"\b([A-H]{2}) = (\d+(?:/\d+)?)", prompt)
    return {name: sympy.Rational(value) for name, value in pairs}


def _placed(a, b, c):
    """A, B, C with BC = a, CA = b, AB = c."""
    x = (c**2 - b**2 + a**2) / (2 * a)
    return P(x, sympy.sqrt(c**2 - x**2)), P(0, 0), P(a, 0)


def _parallel_cut(ratio):
    """D on AB with AD/AB = ratio, E on AC with DE parallel to BC (generic triangle)."""
    a, b, c = GENERIC
    d = a + (b - a) * ratio
    e = sympy.Line(b, c).parallel_line(d).intersection(sympy.Line(a, c))[0]
    return a, b, c, d, e


def _expected(problem):
    prompt = problem.prompt.split("\n")[0]
    g = _given(prompt)
    if "similar to triangle DEF" in prompt:
        a, b, c = _placed(g["BC"], g["CA"], g["AB"])
        k = g["DE"] / a.distance(b)
        return (b.distance(c)) * k
    if "Two similar triangles have corresponding sides" in prompt:
        s1, s2, area = (sympy.Rational(v) for v in re.findall(r"\d+(?:/\d+)?", prompt))
        triangle = sympy.Triangle(*_placed(s1, s1, s1))
        scaled = triangle.scale(s2 / s1, s2 / s1)
        return area * abs(scaled.area) / abs(triangle.area)
    if "Two similar triangles have areas" in prompt:
        a1, a2, s1 = (sympy.Rational(v) for v in re.findall(r"\d+(?:/\d+)?", prompt))
        k = sympy.Symbol("k", positive=True)
        (root,) = sympy.solve(
            sympy.Eq(
                abs(sympy.Triangle(*GENERIC).scale(k, k).area),
                a2 * abs(sympy.Triangle(*GENERIC).area) / a1,
            ),
            k,
        )
        return s1 * root
    if "right angle at C" in prompt:
        if "AH" in g:
            ah, hb = g["AH"], g["HB"]
        else:
            ab = g["AB"]
            ac = _sym(re.search(r"AC = ([^.]+)\.", prompt).group(1))
            ah = sympy.Symbol("t", positive=True)
            (ah,) = sympy.solve(
                sympy.Eq(_thales(ah, ab - ah)[0].distance(_thales(ah, ab - ah)[2]), ac), ah
            )
            hb = ab - ah
        a, b, c, h = _thales(ah, hb)
        if "Find CH" in prompt:
            return c.distance(h)
        if "Find AC" in prompt:
            return a.distance(c)
        return h.distance(b)
    if "bisector of angle A" in prompt:
        a_pt, b_pt, c_pt = _placed(g["BC"], g["AC"], g["AB"])
        foot = sympy.Triangle(a_pt, b_pt, c_pt).bisectors()[a_pt].points[1]
        if "Find BD" in prompt:
            return b_pt.distance(foot)
        if "Find the length AD" in prompt:
            return a_pt.distance(foot)
        e = sympy.Line(a_pt, b_pt).parallel_line(foot).intersection(sympy.Line(a_pt, c_pt))[0]
        return foot.distance(e)
    if "quadrilateral DBCE" in prompt:
        a, b, c, d, e = _parallel_cut(g["AD"] / (g["AD"] + g["DB"]))
        small = abs(sympy.Polygon(a, d, e).area)
        rest = abs(sympy.Polygon(d, b, c, e).area)
        area = sympy.Rational(re.search(r"area (\d+(?:/\d+)?)", prompt).group(1))
        return area * rest / small
    if "Find EC" in prompt:
        a, b, c, d, e = _parallel_cut(g["AD"] / (g["AD"] + g["DB"]))
        return g["AE"] * e.distance(c) / a.distance(e)
    if "Find DE" in prompt:
        a, b, c, d, e = _parallel_cut(g["AD"] / (g["AD"] + g["DB"]))
        return g["BC"] * d.distance(e) / b.distance(c)
    # Find DB from AD, DE, BC: the cut with DE/BC as given, measured
    ratio = sympy.Symbol("r", positive=True)
    a, b, c = GENERIC
    (value,) = sympy.solve(
        sympy.Eq(ratio * b.distance(c), g["DE"] * b.distance(c) / g["BC"]), ratio
    )
    a, b, c, d, e = _parallel_cut(value)
    return g["AD"] * d.distance(b) / a.distance(d)


def _thales(ah, hb):
    """A right triangle on the diameter AB (Thales) with the foot of C's altitude at H."""
    a, b = P(0, 0), P(ah + hb, 0)
    centre, radius = (ah + hb) / 2, (ah + hb) / 2
    h = P(ah, 0)
    c = P(ah, sympy.sqrt(radius**2 - (ah - centre) ** 2))
    return a, b, c, h


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_the_answer_is_measured_in_the_figure(seed, difficulty):
    problem = rlvr_envs.make_task(ID).generate(seed=seed, difficulty=difficulty)
    expected = sympy.radsimp(_expected(problem))
    assert sympy.simplify(_sym(problem.answer) - expected) == 0, (problem.prompt, problem.answer)
    assert _score(problem, sympy.latex(expected)).reward == 1.0
    assert (
        _score(problem, sympy.latex(sympy.radsimp(expected * sympy.Rational(3, 2)))).reward == 0.0
    )


def test_every_mode_matches_the_figure():
    for mode in ("scale", "intercept", "area_ratio", "altitude", "bisector", "chain"):
        for seed in range(10):
            problem = _gen(ID, seed, mode=mode, size=20, fractional=seed % 2 == 1)
            expected = _expected(problem)
            assert sympy.simplify(_sym(problem.answer) - expected) == 0, problem.prompt


def test_ratios_decimals_and_unsimplified_roots_fail():
    problem = _gen(ID, 0, mode="scale", size=20)
    value = sympy.Rational(problem.answer)
    if value.q > 1:
        assert _score(problem, f"{value.p * 3}/{value.q * 3}").reward == 0.0
        assert _score(problem, f"{float(value):.6f}").reward == 0.0
    for seed in range(40):
        problem = _gen(ID, seed, mode="altitude", size=20)
        match = re.fullmatch(r"(\d+)sqrt\((\d+)\)", problem.answer)
        if match:
            r, d = map(int, match.groups())
            assert _score(problem, f"sqrt({r * r * d})").reward == 0.0
            break
    else:
        raise AssertionError("no r sqrt(d) answer in 40 seeds")
