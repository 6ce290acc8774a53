"""What ``rlvr/Quadratic-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import cmath

import pytest
import sympy

from rlvr_envs.mathcheck.parse import parse
from rlvr_envs.mathcheck.symbolic import to_sympy
from tests.families.math.helpers import _gen, _score


def _roots_of_answer(answer: str) -> list[complex]:
    node = parse(answer)
    items = node[1] if node[0] == "list" else [node]
    return [complex(sympy.N(to_sympy(item), 30)) for item in items]


@pytest.mark.parametrize("kind", ["integer", "rational", "gaussian", "irrational", "complex"])
def test_quadratic_answer_lists_every_distinct_root_once(kind):
    for seed in range(25):
        problem = _gen("rlvr/Quadratic-v0", seed, roots=kind, leading=4)
        c, b, a = problem.meta["coefficients"]
        roots = _roots_of_answer(problem.answer)
        disc = b * b - 4 * a * c
        expected = {(-b + cmath.sqrt(disc)) / (2 * a), (-b - cmath.sqrt(disc)) / (2 * a)}
        assert len(roots) == len({complex(round(r.real, 9), round(r.imag, 9)) for r in expected})
        for root in roots:
            assert abs(a * root * root + b * root + c) < 1e-9 * max(1, abs(c))
            assert (abs(root.imag) > 1e-12) == (kind in ("gaussian", "complex"))
        if kind == "irrational":
            assert "sqrt(" in problem.answer and "i" not in problem.answer
        if kind == "gaussian":
            assert "sqrt" not in problem.answer
        if kind == "complex":
            assert "sqrt(" in problem.answer and "i" in problem.answer


def test_quadratic_double_root_is_listed_once_and_twice_is_wrong():
    found = 0
    for seed in range(200):
        problem = _gen("rlvr/Quadratic-v0", seed, roots="integer", coefficients=2)
        c, b, a = problem.meta["coefficients"]
        if b * b != 4 * a * c:
            continue
        found += 1
        assert "," not in problem.answer
        assert _score(problem, problem.answer).reward == 1.0
        assert _score(problem, f"x = {problem.answer}").reward == 1.0
        assert _score(problem, f"{problem.answer}, {problem.answer}").reward == 0.0
    assert found >= 3
    assert "repeated root counts once" in problem.prompt


def test_quadratic_roots_are_accepted_in_any_order_and_with_plus_minus():
    problem = _gen("rlvr/Quadratic-v0", 3, roots="irrational")
    first, second = problem.answer.split(", ")
    assert _score(problem, f"{second}, {first}").reward == 1.0
    assert _score(problem, first).reward == 0.0
