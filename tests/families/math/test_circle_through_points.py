"""What ``rlvr/CircleThroughPoints-v0`` must do beyond the generic family contract.

Oracle: sympy.geometry's Circle through three points (centre, radius, equation), its
``tangent_lines`` and its ``intersection`` with a Line.
"""

from __future__ import annotations

import re

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from rlvr_envs.mathcheck.parse import parse
from rlvr_envs.mathcheck.symbolic import to_sympy
from tests.families.math.helpers import _gen, _score, _sym

ID = "rlvr/CircleThroughPoints-v0"
X, Y = sympy.symbols("x y")


def _circle(problem):
    pts = re.findall(r"([ABC])\((-?\d+), (-?\d+)\)", problem.prompt)
    named = {n: sympy.Point(int(x), int(y)) for n, x, y in pts}
    return sympy.Circle(named["A"], named["B"], named["C"]), named


def _points_of(text: str) -> set:
    node = parse(text)
    items = node[1] if node[0] == "list" else [node]
    return {tuple(sympy.simplify(to_sympy(c)) for c in item[3]) for item in items}


def _expected(problem):
    circle, named = _circle(problem)
    h, k, r = circle.center.x, circle.center.y, circle.radius
    mode = problem.knobs["mode"]
    if mode == "center":
        return (h, k, r**2)
    if mode == "equation":
        poly = sympy.Poly(sympy.expand(circle.equation(X, Y)), X, Y)
        return (poly.coeff_monomial(X), poly.coeff_monomial(Y), poly.coeff_monomial(1))
    if mode == "tangent":
        name = re.search(r"tangent to the circle at ([ABC])", problem.prompt).group(1)
        (line,) = circle.tangent_lines(named[name])
        m = line.slope
        return (m, named[name].y - m * named[name].x)
    text = re.search(r"the line (y = [^ ]+(?: [+-] \d+)?) meets", problem.prompt).group(1)
    rhs = _sym(text.split("= ")[1])
    line = sympy.Line(sympy.Point(0, rhs.subs(X, 0)), sympy.Point(1, rhs.subs(X, 1)))
    return {(sympy.simplify(p.x), sympy.simplify(p.y)) for p in circle.intersection(line)}


def _tuple_equal(answer: str, expected) -> bool:
    got = _sym(answer)
    return len(got) == len(expected) and all(
        sympy.simplify(a - b) == 0 for a, b in zip(got, expected)
    )


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_the_answer_is_sympys_and_a_wrong_one_fails(seed, difficulty):
    problem = rlvr_envs.make_task(ID).generate(seed=seed, difficulty=difficulty)
    expected = _expected(problem)
    if isinstance(expected, set):
        assert _points_of(problem.answer) == expected
        first, second = problem.answer.split("), (")
        first, second = first + ")", "(" + second
        assert _score(problem, f"\\{{{second}, {first}\\}}").reward == 1.0
        assert _score(problem, first).reward == 0.0  # one point missing
    else:
        assert _tuple_equal(problem.answer, expected)
        latex = "(" + ", ".join(sympy.latex(c) for c in expected) + ")"
        assert _score(problem, latex).reward == 1.0
        wrong = "(" + ", ".join(str(c) for c in (expected[0] + 1, *expected[1:])) + ")"
        assert _score(problem, wrong).reward == 0.0


def test_every_mode_with_both_kinds_of_centre():
    for mode in ("center", "equation", "tangent", "intersection"):
        for lattice in (True, False):
            for seed in range(5):
                problem = _gen(ID, seed, mode=mode, fractional_centre=not lattice, size=12)
                expected = _expected(problem)
                if isinstance(expected, set):
                    assert _points_of(problem.answer) == expected and len(expected) == 2
                else:
                    assert _tuple_equal(problem.answer, expected)


def test_point_sets_are_judged_strictly():
    problem = _gen(ID, 3, mode="intersection", fractional_centre=True, size=12)
    first, second = problem.answer.split("), (")
    first, second = first + ")", "(" + second
    assert _score(problem, f"{second}, {first}").reward == 1.0
    assert _score(problem, f"{first}, {second}, {first}").reward == 0.0  # listed twice
    assert _score(problem, f"{first}, {second}, (0, 0)").reward == 0.0  # an extra point
    assert _score(problem, "(x, y)").reward == 0.0
    (x1, y1), (x2, y2) = (item[3] for item in parse(problem.answer)[1])
    assert y1 != y2  # a slanted line: pairing x1 with y2 is a different pair of points
    p1, p2 = parse(first)[3], parse(second)[3]
    assert (x1, y1, x2, y2) == (*p1, *p2)
    y_first, y_second = first.split(", ", 1)[1], second.split(", ", 1)[1]
    mixed = f"{first.split(', ', 1)[0]}, {y_second}, {second.split(', ', 1)[0]}, {y_first}"
    assert _score(problem, mixed).reward == 0.0
    decimal = ", ".join(f"({float(x):.6f}, {float(y):.6f})" for x, y in _points_of(problem.answer))
    assert _score(problem, decimal).reward == 0.0
    match = re.search(r"(\d*)sqrt\((\d+)\)", problem.answer)
    if match:  # the same value with the square pulled back under the root: not simplified
        r = int(match.group(1) or 1)
        unsimplified = problem.answer.replace(
            match.group(0), f"sqrt({r * r * 4 * int(match.group(2))})/2", 1
        )
        assert _score(problem, unsimplified).reward == 0.0
    assert _score(problem, "(1, 2), (3").reward == 0.0


def test_random_points_give_fractional_centres():
    fractional = sum(
        "/" in _gen(ID, seed, mode="center", fractional_centre=True, size=14).answer
        for seed in range(30)
    )
    assert fractional > 20


def test_units_after_a_point_set_fail():
    # ``parse`` dropped a trailing unit: "(..), (..) cm" scored 1
    problem = _gen(ID, 3, mode="intersection", fractional_centre=True, size=12)
    assert _score(problem, problem.answer).reward == 1.0
    for unit in ("cm", "units", "m"):
        assert _score(problem, f"{problem.answer} {unit}").reward == 0.0


def test_a_point_set_bracketed_as_a_whole_scores():
    problem = _gen(ID, 3, mode="intersection", fractional_centre=True, size=12)
    first, second = problem.answer.split("), (")
    first, second = first + ")", "(" + second
    for text in (f"({second}, {first})", f"[{first}, {second}]", f"{{{first}, {second}}}"):
        assert _score(problem, text).reward == 1.0, text
    assert _score(problem, f"[{first}, {second}, {first}]").reward == 0.0
    assert _score(problem, f"({first})").reward == 0.0
