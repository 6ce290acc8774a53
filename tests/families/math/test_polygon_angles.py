"""What ``rlvr/PolygonAngles-v0`` must do beyond the generic family contract.

Oracles: sympy.geometry's RegularPolygon (interior and exterior angles), a brute-force search
over side counts, and the configurations built in coordinates (floats) with the angles
measured there: star polygon tips, isosceles triangles with bisectors, incentres, altitudes.
"""

from __future__ import annotations

import math
import re
from fractions import Fraction

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from tests.families.math.helpers import _gen, _score

ID = "rlvr/PolygonAngles-v0"


def _angle(at, p, q) -> float:
    """The angle p-at-q in degrees."""
    u = (p[0] - at[0], p[1] - at[1])
    v = (q[0] - at[0], q[1] - at[1])
    cos = (u[0] * v[0] + u[1] * v[1]) / (math.hypot(*u) * math.hypot(*v))
    return math.degrees(math.acos(max(-1.0, min(1.0, cos))))


def _triangle(b_angle: float, c_angle: float):
    """A, B, C with the given angles at B and C (degrees), B = (0, 0), C = (1, 0)."""
    tb, tc = math.radians(b_angle), math.radians(c_angle)
    # A = B + t (cos tb, sin tb) and the line from C at angle pi - tc
    t = math.sin(tc) / math.sin(tb + tc)
    return (t * math.cos(tb), t * math.sin(tb)), (0.0, 0.0), (1.0, 0.0)


def _meet(p1, d1, p2, d2):
    det = d1[0] * -d2[1] + d2[0] * d1[1]
    t = ((p2[0] - p1[0]) * -d2[1] + d2[0] * (p2[1] - p1[1])) / det
    return (p1[0] + t * d1[0], p1[1] + t * d1[1])


def _numbers(prompt: str) -> list[Fraction]:
    return [Fraction(n) for n in re.findall(r"-?\d+(?:/\d+)?", prompt.split("Give the")[0])]


def _expected(problem) -> float:
    prompt = problem.prompt
    if "sum of the interior angles" in prompt:
        n = int(re.search(r"with (\d+) sides", prompt).group(1))
        polygon = sympy.RegularPolygon(sympy.Point(0, 0), 1, n)
        return float(sum(polygon.angles.values()) * 180 / sympy.pi)
    if "regular " in prompt and "-gon" in prompt:
        n = int(re.search(r"regular (\d+)-gon", prompt).group(1))
        polygon = sympy.RegularPolygon(sympy.Point(0, 0), 1, n)
        angle = polygon.interior_angle if "interior" in prompt else polygon.exterior_angle
        return float(angle * 180 / sympy.pi)
    if "How many sides does the polygon" in prompt:
        value = _numbers(prompt)[0]
        for n in range(3, 2000):
            polygon = sympy.RegularPolygon(sympy.Point(0, 0), 1, n)
            angle = (
                polygon.interior_angle * 180 / sympy.pi * (n if "add up" in prompt else 1)
                if "exterior" not in prompt
                else polygon.exterior_angle * 180 / sympy.pi
            )
            if sympy.Rational(value.numerator, value.denominator) == angle:
                return float(n)
        raise AssertionError("no n")
    if "star polygon" in prompt:
        n, k = map(int, re.search(r"\{(\d+)/(\d+)\}", prompt).groups())
        pts = [(math.cos(2 * math.pi * i / n), math.sin(2 * math.pi * i / n)) for i in range(n)]
        return _angle(pts[0], pts[k], pts[-k])
    if "Two regular polygons" in prompt:
        k, d = _numbers(prompt)[:2]
        return float(
            next(n for n in range(3, 5000) if Fraction(360, n) - Fraction(360, n + k) == d)
        )
    nums = [float(v) for v in _numbers(prompt)]
    if "bisector of angle ABC" in prompt:
        base = (180 - nums[0]) / 2
        a, b, c = _triangle(base, base)
        d = _meet(b, _rotate(c, base / 2), a, (c[0] - a[0], c[1] - a[1]))
        return _angle(d, b, c)
    if "BD = BC" in prompt:
        base = (180 - nums[0]) / 2
        a, b, c = _triangle(base, base)
        # D on AC with |BD| = |BC| = 1: the other intersection of AC with the unit circle at B
        ux, uy = a[0] - c[0], a[1] - c[1]
        t = -2 * (c[0] * ux + c[1] * uy) / (ux * ux + uy * uy)
        d = (c[0] + t * ux, c[1] + t * uy)
        return _angle(b, a, d)
    if "meet at I" in prompt:
        a_angle, b_angle = nums[0], nums[1]
        a, b, c = _triangle(b_angle, 180 - a_angle - b_angle)
        i = _meet(b, _rotate(c, b_angle / 2), a, _bisector(a, b, c))
        return _angle(i, a, b)
    b_angle, c_angle = nums[0], nums[1]
    a, b, c = _triangle(b_angle, c_angle)
    h = (a[0], 0.0)
    d = _meet(a, _bisector(a, b, c), b, (1.0, 0.0))
    return _angle(a, h, d)


def _rotate(point, degrees: float):
    t = math.radians(degrees)
    return (
        point[0] * math.cos(t) - point[1] * math.sin(t),
        point[0] * math.sin(t) + point[1] * math.cos(t),
    )


def _bisector(a, b, c):
    u = (b[0] - a[0], b[1] - a[1])
    v = (c[0] - a[0], c[1] - a[1])
    nu, nv = math.hypot(*u), math.hypot(*v)
    return (u[0] / nu + v[0] / nv, u[1] / nu + v[1] / nv)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_the_answer_is_the_measured_angle(seed, difficulty):
    problem = rlvr_envs.make_task(ID).generate(seed=seed, difficulty=difficulty)
    assert abs(float(Fraction(problem.answer)) - _expected(problem)) < 1e-6, problem.prompt
    value = Fraction(problem.answer)
    assert (
        _score(problem, sympy.latex(sympy.Rational(value.numerator, value.denominator))).reward
        == 1.0
    )
    assert _score(problem, str(value + Fraction(1, 2))).reward == 0.0


def test_every_mode_matches_its_oracle():
    for mode in ("sum", "interior", "sides", "star", "chase", "compare"):
        for seed in range(12):
            problem = _gen(ID, seed, mode=mode, sides=120, halves=seed % 2 == 1)
            assert abs(float(Fraction(problem.answer)) - _expected(problem)) < 1e-6, problem.prompt


def test_the_degree_sign_and_decimals_are_refused():
    problem = _gen(ID, 5, mode="interior", sides=60)
    assert "without the degree sign" in problem.prompt
    assert _score(problem, f"{problem.answer}^\\circ").reward == 0.0
    assert _score(problem, f"{problem.answer} degrees").reward == 0.0
    value = Fraction(problem.answer)
    if value.denominator > 1:
        assert _score(problem, f"{float(value):.4f}").reward == 0.0
        assert _score(problem, f"{value.numerator * 2}/{value.denominator * 2}").reward == 0.0


def test_answers_spread_widely_at_every_level():
    task = rlvr_envs.make_task(ID)
    for difficulty in (0.0, 0.5, 1.0):
        answers = [task.generate(seed=s, difficulty=difficulty).answer for s in range(60)]
        assert len(set(answers)) > 20, difficulty
