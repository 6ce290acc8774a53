"""What ``rlvr/LinearDiophantine-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from tests.families.math.helpers import _gen, _score

ENV = "rlvr/LinearDiophantine-v0"


def _brute_solution(a, b, c):
    """The least positive x with an integer y, by trying x = 1, ..., |b| (one period)."""
    for x in range(1, abs(b) + 1):
        if (c - a * x) % b == 0:
            return x, (c - a * x) // b
    return None


def _brute_count(coefficients):
    *left, right = coefficients
    if len(left) == 2:
        a, b = left
        return sum(1 for x in range(1, right // a + 1) if (right - a * x) % b == 0
                   and (right - a * x) // b >= 1)  # fmt: skip
    a, b, c = left
    return sum(
        1
        for z in range(1, right // c + 1)
        for x in range(1, (right - c * z) // a + 1)
        if (right - c * z - a * x) % b == 0 and (right - c * z - a * x) // b >= 1
    )


@settings(max_examples=40)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_reference_answer_matches_brute_force(seed, difficulty):
    problem = rlvr_envs.make_task(ENV).generate(seed=seed, difficulty=difficulty)
    coefficients = problem.meta["coefficients"]
    if problem.meta["question"] == "count":
        assert problem.answer == str(_brute_count(coefficients))
        assert _score(problem, str(int(problem.answer) + 1)).reward == 0.0
        return
    a, b, c = coefficients
    found = _brute_solution(a, b, c)
    if found is None:
        assert c % math.gcd(a, b) != 0
        assert problem.answer == f"none, gcd = {math.gcd(a, b)}"
        assert _score(problem, f"none, gcd = {math.gcd(a, b) + 1}").reward == 0.0
    else:
        x, y = found
        assert problem.answer == f"({x}, {y})"
        assert _score(problem, f"x = {x}, y = {y}").reward == 1.0
        period, step = abs(b) // math.gcd(a, b), a // math.gcd(a, b) * (1 if b > 0 else -1)
        # another solution of the equation, but not the one with the least positive x
        assert _score(problem, f"({x + period}, {y - step})").reward == 0.0
        assert _score(problem, f"none, gcd = {math.gcd(a, b)}").reward == 0.0


def _first(question, none, **knobs):
    for seed in range(400):
        problem = _gen(ENV, seed, question=question, **knobs)
        if problem.answer.startswith("none") == none:
            return problem
    raise AssertionError("no such problem")


def test_solution_forms():
    problem = _first("solution", False, digits=2)
    x, y = (int(t) for t in problem.answer.strip("()").split(","))
    for good in (f"({x}, {y})", f"( {x} ,  {y} )", f"x = {x}, y = {y}", f"\\left({x}, {y}\\right)"):
        assert _score(problem, good).reward == 1.0, good
    for bad in (f"({y}, {x})" if x != y else f"({x}, {y + 1})", f"({x})", f"({x}, {y}, 0)",
                f"({x}.0, {y})", f"({x} + 0, {y})", f"y = {x}, x = {y}" if x != y else "(0, 0)",
                "none", "none, gcd = 1"):  # fmt: skip
        assert _score(problem, bad).reward == 0.0, bad


def test_no_solution_needs_the_gcd_as_witness():
    problem = _first("solution", True, digits=2)
    g = int(problem.answer.rsplit("=", 1)[1])
    a, b, c = problem.meta["coefficients"]
    assert math.gcd(a, b) == g and c % g
    for good in (f"none, gcd = {g}", f"None, GCD={g}", f"none , gcd = {g}."):
        assert _score(problem, good).reward == 1.0, good
    for bad in ("none", "no solution", f"none, gcd = {2 * g}", f"none, g = {g}",
                f"none, gcd = {g}/1", "none, gcd = 1", "(1, 1)", f"gcd = {g}"):  # fmt: skip
        verdict = _score(problem, bad)
        assert verdict.reward == 0.0, bad
    assert _score(problem, "none").reason == "unparsable"


def test_no_solution_is_rare_and_constants_earn_little():
    task = rlvr_envs.make_task(ENV)
    problems = [task.generate(seed=s, knobs={"question": "solution"}) for s in range(300)]
    nones = [p for p in problems if p.answer.startswith("none")]
    assert 0.05 < len(nones) / 300 < 0.25
    best = max(sum(p.answer == n.answer for p in problems) for n in nones)
    assert best / 300 <= 0.05


@pytest.mark.parametrize("variables", [2, 3])
def test_count_forms(variables):
    problem = _first("count", False, variables=variables, digits=2)
    n = int(problem.answer)
    assert _score(problem, str(n)).reward == 1.0
    for bad in (f"{n}.0", f"{2 * n}/2", f"{n} + 0", str(n + 1), f"({n}, {n})"):
        assert _score(problem, bad).reward == 0.0, bad


def test_counts_spread_widely():
    task = rlvr_envs.make_task(ENV)
    answers = [task.generate(seed=s, difficulty=0.75).answer for s in range(200)]
    assert len(set(answers)) > 100


def test_a_no_solution_answer_in_latex_scores_one():
    """Review fix: ``$none, gcd = g$``, ``\\text{none, gcd = g}`` and ``\\gcd`` were refused."""
    problem = _first("solution", True, digits=2)
    a, b, _ = problem.meta["coefficients"]
    g = math.gcd(a, b)  # computed here, not read from the answer
    for good in (f"$none, gcd = {g}$", f"\\text{{none, gcd = {g}}}", f"none, \\gcd = {g}",
                 f"\\(none, \\gcd = {g}\\)."):  # fmt: skip
        assert _score(problem, good).reward == 1.0, good
    for bad in (f"$none, gcd = {g + 1}$", f"none, \\gcd = {2 * g}", f"\\text{{none, lcm = {g}}}"):
        assert _score(problem, bad).reward == 0.0, bad
