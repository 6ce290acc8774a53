"""What ``rlvr/SolidMeasures-v0`` must do beyond the generic family contract.

Oracle: sympy, independently of the family: volumes of solids of revolution by integrating
pi f(z)^2 over their profile, lateral areas by integrating 2 pi f(z) sqrt(1 + f'(z)^2),
sectors and segments by integrating in polar coordinates, pyramids by integrating the
cross-section area.
"""

from __future__ import annotations

import re

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from tests.families.math.helpers import _gen, _score, _sym

ID = "rlvr/SolidMeasures-v0"
z, t, rho = sympy.symbols("z t rho", nonnegative=True)
pi = sympy.pi


def _numbers(prompt: str) -> list[sympy.Rational]:
    return [sympy.Rational(n) for n in re.findall(r"\d+(?:/\d+)?", prompt.split("Give the")[0])]


def _volume(profile, low, high):
    return sympy.integrate(pi * profile**2, (z, low, high))


def _lateral(profile, low, high):
    return sympy.integrate(
        2 * pi * profile * sympy.sqrt(1 + sympy.diff(profile, z) ** 2), (z, low, high)
    )


def _cone(r, h):  # radius r at z = 0, apex at z = h
    return r * (1 - z / h)


def _expected(problem):
    p = problem.prompt.split(" Give the")[0]
    n = _numbers(p)
    if "capsule" in p:
        r, h = n
        hemi = sympy.sqrt(r**2 - z**2)
        if "volume" in p:
            return _volume(r, 0, h) + 2 * _volume(hemi, 0, r)
        return 2 * pi * r * h + 2 * _lateral(hemi, 0, r)
    if "hemisphere of the same radius on its base" in p:
        r, h = n
        hemi = sympy.sqrt(r**2 - z**2)
        if "Find its volume" in p:
            return _volume(_cone(r, h), 0, h) + _volume(hemi, 0, r)
        return _lateral(_cone(r, h), 0, h) + _lateral(hemi, 0, r)
    if "inscribed in a cube" in p:
        (a,) = n
        return a**3 - _volume(sympy.sqrt((a / 2) ** 2 - z**2), -a / 2, a / 2)
    if "drilled out" in p:
        r, h = n
        return 2 * pi * r * h + pi * r**2 + _lateral(_cone(r, h), 0, h)
    if "cylinder" in p:
        r, h = n
        if "lateral" in p:
            return _lateral(r + 0 * z, 0, h)
        if "total" in p:
            return _lateral(r + 0 * z, 0, h) + 2 * pi * r**2
        return _volume(r + 0 * z, 0, h)
    if "hemisphere" in p:
        (r,) = n
        ball = sympy.sqrt(r**2 - z**2)
        return _volume(ball, 0, r) if "volume" in p else _lateral(ball, 0, r) + pi * r**2
    if "sphere" in p:
        (r,) = n
        ball = sympy.sqrt(r**2 - z**2)
        return _volume(ball, -r, r) if "volume" in p else 2 * _lateral(ball, 0, r)
    if "frustum" in p:
        small, big, h = n
        profile = big + (small - big) * z / h
        return _volume(profile, 0, h) if "volume" in p else _lateral(profile, 0, h)
    if "cone" in p:
        r, h = n
        if "volume" in p:
            return _volume(_cone(r, h), 0, h)
        lateral = _lateral(_cone(r, h), 0, h)
        return lateral + pi * r**2 if "total" in p else lateral
    if "sector" in p:
        r, theta = n
        angle = theta * pi / 180
        area = sympy.integrate(sympy.integrate(rho, (rho, 0, r)), (t, 0, angle))
        return area if "area" in p else 2 * r + sympy.integrate(r, (t, 0, angle))
    if "ring" in p:
        small, big = n
        return sympy.integrate(2 * pi * rho, (rho, small, big))
    if "chord" in p:
        r, theta = n
        angle = theta * pi / 180
        sector = sympy.integrate(sympy.integrate(rho, (rho, 0, r)), (t, 0, angle))
        return sector - r**2 * sympy.sin(angle) / 2
    if "tetrahedron" in p:
        (a,) = n
        height = sympy.sqrt(sympy.Rational(2, 3)) * a
        base = sympy.sqrt(3) / 4 * a**2
        return sympy.integrate(base * (1 - z / height) ** 2, (z, 0, height))
    if "square base" in p:
        a, edge = n
        height = sympy.sqrt(edge**2 - a**2 / 2)
        return sympy.integrate(a**2 * (1 - z / height) ** 2, (z, 0, height))
    h, a = n
    if "equilateral" in p:
        return sympy.sqrt(3) / 4 * a**2 * h
    return 6 * sympy.sqrt(3) / 4 * a**2 * h


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_the_answer_is_the_integrated_measure(seed, difficulty):
    problem = rlvr_envs.make_task(ID).generate(seed=seed, difficulty=difficulty)
    expected = _expected(problem)
    assert sympy.simplify(_sym(problem.answer) - expected) == 0, (problem.prompt, problem.answer)
    assert _score(problem, sympy.latex(sympy.expand(expected))).reward == 1.0
    assert _score(problem, sympy.latex(sympy.expand(expected * 2))).reward == 0.0


def test_every_solid_matches_the_integrals():
    for solid in ("cylinder", "sphere", "cone", "plane", "polyhedron", "frustum", "composite"):
        for seed in range(10):
            problem = _gen(ID, seed, solid=solid, size=9, fractional=seed % 2 == 1)
            assert sympy.simplify(_sym(problem.answer) - _expected(problem)) == 0, problem.prompt


def test_decimals_factored_pi_and_formulas_fail():
    problem = _gen(ID, 0, solid="sphere", size=9)
    value = _sym(problem.answer)
    assert _score(problem, f"{float(value):.6f}").reward == 0.0
    assert _score(problem, sympy.latex(value / pi) + " \\cdot 3.14159").reward == 0.0
    problem = _gen(ID, 1, solid="cone", size=9)
    r, h = _numbers(problem.prompt)[:2]
    assert _score(problem, f"\\frac{{1}}{{3}} \\pi \\cdot {r}^2 \\cdot {h}").reward == 0.0
    problem = _gen(ID, 2, solid="composite", size=9)
    terms = sympy.Add.make_args(sympy.expand(_sym(problem.answer)))
    assert _score(problem, " + ".join(sympy.latex(term) for term in reversed(terms))).reward == 1.0
