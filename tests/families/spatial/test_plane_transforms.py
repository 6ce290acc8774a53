"""What ``rlvr/PlaneTransforms-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.spatial.helpers import _gen, _score

ENV = "rlvr/PlaneTransforms-v0"
_AMOUNT = {"a quarter turn": 1, "a half turn": 2, "three quarters of a turn": 3}


def _simulate(prompt):
    """The point as a complex number: turns multiply by powers of i about their centre,
    reflections conjugate in rotated coordinates."""
    x, y = map(int, re.search(r"starts at \((-?\d+), (-?\d+)\)", prompt).groups())
    z = complex(x, y)
    for line in re.findall(r"^\d+\. (.*)$", prompt, re.M):
        if m := re.fullmatch(r"Translate by the vector \((-?\d+), (-?\d+)\)\.", line):
            z += complex(int(m[1]), int(m[2]))
        elif m := re.fullmatch(r"Rotate (.*) (clockwise|anticlockwise) about (.*)\.", line):
            centre = 0j
            if c := re.fullmatch(r"the point \((-?\d+), (-?\d+)\)", m[3]):
                centre = complex(int(c[1]), int(c[2]))
            turn = (1j if m[2] == "anticlockwise" else -1j) ** _AMOUNT[m[1]]
            z = centre + (z - centre) * turn
        elif m := re.fullmatch(r"Reflect in the line x = (-?\d+)\.", line):
            z = complex(2 * int(m[1]) - z.real, z.imag)
        elif m := re.fullmatch(r"Reflect in the line y = (-?\d+)\.", line):
            z = complex(z.real, 2 * int(m[1]) - z.imag)
        elif line == "Reflect in the line y = x.":
            z = 1j * z.conjugate()
        else:
            assert line == "Reflect in the line y = -x."
            z = -1j * z.conjugate()
    return int(z.real), int(z.imag)


def test_the_point_follows_complex_arithmetic_and_other_points_fail():
    for seed in range(30):
        problem = _gen(ENV, seed, seed / 30)
        x, y = _simulate(problem.prompt)
        assert _score(problem, f"({x}, {y})") == 1.0
        assert _score(problem, f"{x},{y}") == 1.0
        assert _score(problem, f"P = ({x}, {y})") == 1.0
        assert _score(problem, f"({y}, {x})") == float(x == y)
        assert _score(problem, f"({x}, {y + 1})") == 0.0
        assert _score(problem, f"({x})") == 0.0


@settings(max_examples=25)
@given(seed=st.integers(0, 10**6), x=st.integers(-40, 40), y=st.integers(-40, 40))
def test_a_point_scores_one_exactly_when_it_is_the_simulated_one(seed, x, y):
    problem = _gen(ENV, seed, 0.5)
    assert _score(problem, f"({x}, {y})") == float((x, y) == _simulate(problem.prompt))
