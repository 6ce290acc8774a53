"""What ``rlvr/PointDistance-v0`` must do beyond the generic family contract.

The oracle is sympy.geometry (Point, Point3D, Segment): distances, midpoints and section points
are recomputed from the coordinates printed in the prompt.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from tests.families.math.helpers import _gen, _score, _sym

ID = "rlvr/PointDistance-v0"


def _points(prompt: str) -> dict[str, tuple[int, ...]]:
    return {
        name: tuple(int(c) for c in coords.split(", "))
        for name, coords in re.findall(r"([A-H])(?: = )?\((-?\d+(?:, -?\d+)+)\)", prompt)
    }


def _point(coords):
    return sympy.Point(*coords) if len(coords) == 2 else sympy.Point3D(*coords)


def _expected(problem):
    """The answer recomputed with sympy.geometry from the prompt alone."""
    pts = {k: _point(v) for k, v in _points(problem.prompt).items()}
    task = problem.knobs["task"]
    if task == "midpoint":
        return tuple(pts["A"].midpoint(pts["B"]))
    if task == "distance":
        return pts["A"].distance(pts["B"])
    if task == "perimeter":
        names = sorted(pts)
        return sum(pts[names[i - 1]].distance(pts[names[i]]) for i in range(len(names)))
    m, n = map(int, re.search(r"AP:PB = (\d+):(\d+)", problem.prompt).groups())
    p = pts["A"] + (pts["B"] - pts["A"]) * sympy.Rational(m, m + n)
    if task == "section":
        return tuple(p)
    return p.distance(pts["C"].midpoint(pts["D"]))


def _value(problem):
    value = _sym(problem.answer)
    return tuple(value) if isinstance(value, tuple) else value


def _alternative(problem) -> str:
    value = _sym(problem.answer)
    if isinstance(value, tuple):
        return "(" + ", ".join(sympy.latex(c) for c in value) + ")"
    return sympy.latex(value)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_the_answer_is_the_sympy_geometry_value(seed, difficulty):
    problem = rlvr_envs.make_task(ID).generate(seed=seed, difficulty=difficulty)
    expected = _expected(problem)
    got = _value(problem)
    if isinstance(expected, tuple):
        assert len(got) == len(expected)
        assert all(sympy.simplify(a - b) == 0 for a, b in zip(got, expected))
    else:
        assert sympy.simplify(got - expected) == 0
    assert _score(problem, _alternative(problem)).reward == 1.0
    # a wrong value fails: the length or a coordinate off by one
    if isinstance(expected, tuple):
        wrong = "(" + ", ".join(str(c) for c in (got[0] + 1, *got[1:])) + ")"
    else:
        wrong = f"{problem.answer} + 1" if "sqrt" not in problem.answer else "1"
    assert _score(problem, wrong).reward == 0.0


def test_every_task_in_two_and_three_dimensions():
    for task in ("midpoint", "distance", "section", "chain", "perimeter"):
        for dim in (2, 3):
            for seed in range(8):
                problem = _gen(ID, seed, task=task, dimension=dim, size=30, vertices=6)
                got, expected = _value(problem), _expected(problem)
                if isinstance(expected, tuple):
                    assert all(sympy.simplify(a - b) == 0 for a, b in zip(got, expected))
                else:
                    assert sympy.simplify(got - expected) == 0
                assert rlvr_envs.verify(problem, rlvr_envs.oracle_completion(problem)).correct


def test_alternative_written_forms_score_one():
    problem = _gen(ID, 1, task="section", dimension=2, size=30)
    x, y = problem.answer.strip("()").split(", ")
    assert _score(problem, f"x = {x}, y = {y}").reward == 1.0
    assert _score(problem, f"\\left({x}, {y}\\right)").reward == 1.0
    problem = _gen(ID, 3, task="chain", dimension=3, size=30)
    assert _score(problem, sympy.latex(_sym(problem.answer))).reward == 1.0


def test_unsimplified_radicals_decimals_and_wrong_forms_fail():
    for seed in range(40):
        problem = _gen(ID, seed, task="distance", size=30)
        match = re.fullmatch(r"(\d*)sqrt\((\d+)\)", problem.answer)
        if match and match.group(1):
            r, d = int(match.group(1)), int(match.group(2))
            verdict = _score(problem, f"sqrt({r * r * d})")  # the same value, not simplified
            assert verdict.reward == 0.0
            assert _score(problem, f"{float(sympy.sqrt(r * r * d)):.6f}").reward == 0.0
            break
    else:
        raise AssertionError("no distance with a square factor in 40 seeds")
    problem = _gen(ID, 0, task="midpoint")
    x, y = problem.answer.strip("()").split(", ")
    assert _score(problem, f"({y}, {x})").reward == 0.0 or x == y  # order matters
    assert _score(problem, problem.answer.replace("(", "{").replace(")", "}")).reward == 0.0


def test_perimeter_collects_like_terms():
    collected = 0
    for seed in range(30):
        problem = _gen(ID, seed, task="perimeter", size=30, vertices=6)
        terms = re.findall(r"sqrt\((\d+)\)", problem.answer)
        assert len(terms) == len(set(terms))  # each radicand once
        pts = _points(problem.prompt)
        names = sorted(pts)
        pieces = [
            sympy.sqrt(sum((a - b) ** 2 for a, b in zip(pts[names[i - 1]], pts[names[i]])))
            for i in range(len(names))
        ]
        if len(sympy.Add.make_args(_sym(problem.answer))) < len(pieces):
            collected += 1
            spelled = " + ".join(str(p).replace("*", "") for p in pieces)
            assert _score(problem, spelled).reward == 0.0  # uncollected sum
    assert collected > 10


GEOMETRY_IDS = [
    "rlvr/PointDistance-v0", "rlvr/PolygonArea-v0", "rlvr/TriangleArea-v0",
    "rlvr/CircleThroughPoints-v0", "rlvr/LineIntersection-v0", "rlvr/PolygonAngles-v0",
    "rlvr/SolidMeasures-v0", "rlvr/SimilarTriangles-v0",
]  # fmt: skip


def test_the_geometry_families_never_import_sympy_in_the_main_process():
    code = (
        "import json, sys, rlvr_envs\n"
        f"ids = {json.dumps(GEOMETRY_IDS)}\n"
        "for env_id in ids:\n"
        "    task = rlvr_envs.make_task(env_id)\n"
        "    for seed in range(8):\n"
        "        p = task.generate(seed=seed, difficulty=seed / 7)\n"
        "        assert rlvr_envs.verify(p, rlvr_envs.oracle_completion(p)).reward == 1.0\n"
        "        rlvr_envs.verify(p, '<answer>(1, 2), (3, sqrt(8))</answer>')\n"
        "assert 'sympy' not in sys.modules, 'sympy imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120)
