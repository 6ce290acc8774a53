"""What ``rlvr/LineIntersection-v0`` must do beyond the generic family contract.

Oracle: sympy.geometry's Line (built from the prompt's own text: two points, y = mx + c or
a x + b y = c), ``intersection``, ``perpendicular_line``, ``parallel_line`` and ``distance``.
"""

from __future__ import annotations

import re

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from tests.families.math.helpers import _gen, _score, _sym

ID = "rlvr/LineIntersection-v0"
X, Y = sympy.symbols("x y")
_LINE = re.compile(
    r"[Tt]he line (through \(-?\d+, -?\d+\) and \(-?\d+, -?\d+\)|(?!through).*?)"
    r"(?= meets| at the point|\.|, that)"
)
_POINT = re.compile(r"\((-?\d+), (-?\d+)\)")


def _line(text: str) -> sympy.Line:
    if text.startswith("through"):
        (x1, y1), (x2, y2) = _POINT.findall(text)
        return sympy.Line(sympy.Point(int(x1), int(y1)), sympy.Point(int(x2), int(y2)))
    left, right = text.split(" = ")
    return sympy.Line(sympy.Eq(_sym(left), _sym(right)), x=X, y=Y)


def _expected(problem):
    prompt, mode = problem.prompt, problem.knobs["mode"]
    lines = [_line(t) for t in _LINE.findall(prompt)]
    if mode == "intersection":
        return tuple(lines[0].intersection(lines[1])[0])
    if mode == "chain":
        p = lines[0].intersection(lines[1])[0]
        return lines[2].distance(p)
    point = sympy.Point(*map(int, _POINT.search(prompt).groups()))
    if mode == "distance":
        return lines[0].distance(point)
    if mode == "perpendicular":
        return tuple(lines[0].intersection(lines[0].perpendicular_line(point))[0])
    return tuple(lines[0].parallel_line(point).intersection(lines[1])[0])


def _check(problem, expected) -> None:
    got = _sym(problem.answer)
    if isinstance(expected, tuple):
        assert all(sympy.simplify(a - b) == 0 for a, b in zip(got, expected, strict=True))
        latex = "(" + ", ".join(sympy.latex(c) for c in expected) + ")"
        assert _score(problem, latex).reward == 1.0
        assert _score(problem, f"x = {expected[0]}, y = {expected[1]}").reward == 1.0
        assert _score(problem, f"({expected[0]}, {expected[1] + 1})").reward == 0.0
    else:
        assert sympy.simplify(got - expected) == 0
        assert _score(problem, sympy.latex(sympy.radsimp(expected))).reward == 1.0
        assert _score(problem, sympy.latex(sympy.radsimp(expected * 3))).reward == 0.0


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_the_answer_is_sympy_geometrys(seed, difficulty):
    problem = rlvr_envs.make_task(ID).generate(seed=seed, difficulty=difficulty)
    _check(problem, _expected(problem))


def test_every_mode_in_every_written_form():
    for mode in ("intersection", "distance", "perpendicular", "parallel", "chain"):
        for seed in range(8):
            problem = _gen(ID, seed, mode=mode, mixed_forms=True, size=9)
            _check(problem, _expected(problem))
    forms = " ".join(_gen(ID, s, mixed_forms=True).prompt for s in range(20))
    assert "through (" in forms and "y = " in forms and re.search(r"\dx [+-] \d*y = ", forms)


def test_lines_asked_to_meet_are_never_parallel():
    for seed in range(100):
        problem = _gen(ID, seed, mode="intersection", size=3)
        first, second = (_line(t) for t in _LINE.findall(problem.prompt))
        assert not first.is_parallel(second)


def test_unrationalised_distances_and_decimals_fail():
    checked = 0
    for seed in range(30):
        problem = _gen(ID, seed, mode="distance", size=9)
        value = _expected(problem)
        assert _score(problem, f"{float(value):.10f}").reward == 0.0
        a, b, c = (int(v) for v in _LINE.findall(problem.prompt) and _coefficients(problem))
        x0, y0 = map(int, _POINT.search(problem.prompt).groups())
        top, below = abs(a * x0 + b * y0 + c), a * a + b * b
        if sympy.sqrt(below).is_Integer or sympy.gcd(top, below) != 1:
            continue
        assert sympy.simplify(sympy.Integer(top) / sympy.sqrt(below) - value) == 0
        assert _score(problem, f"{top}/sqrt({below})").reward == 0.0  # root in a denominator
        checked += 1
    assert checked >= 5


def _coefficients(problem) -> tuple[int, int, int]:
    """a, b, c of a x + b y + c = 0 for the (general-form) line of a distance problem."""
    line = _line(_LINE.findall(problem.prompt)[0])
    a, b, c = line.coefficients
    scale = sympy.ilcm(*(sympy.fraction(sympy.Rational(v))[1] for v in (a, b, c)))
    a, b, c = (sympy.Rational(v) * scale for v in (a, b, c))
    g = sympy.igcd(sympy.igcd(int(a), int(b)), int(c))
    return int(a) // g, int(b) // g, int(c) // g


def test_a_point_answer_is_never_a_point_the_prompt_shows():
    # the given point on the line (perpendicular foot, parallel meeting) or a line "through"
    # the answer point made the answer a copy of the prompt (about 1 to 2 in 100)
    for mode in ("intersection", "perpendicular", "parallel"):
        for seed in range(300):
            problem = _gen(ID, seed, mode=mode, mixed_forms=True, size=6)
            shown = {f"({x}, {y})" for x, y in _POINT.findall(problem.prompt)}
            assert problem.answer not in shown, (mode, seed)
            for point in shown:
                assert _score(problem, point).reward == 0.0
