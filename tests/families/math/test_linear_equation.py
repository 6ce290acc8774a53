"""What ``rlvr/LinearEquation-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import pytest
import sympy

from tests.families.math.helpers import X, _gen, _score, _sym


# -- equations -----------------------------------------------------------------------------
@pytest.mark.parametrize("form", ["simple", "both_sides", "parentheses", "fractions", "nested"])
@pytest.mark.parametrize("solution", ["integer", "fraction"])
def test_linear_equation_answer_is_the_unique_solution(form, solution):
    for seed in range(15):
        problem = _gen("rlvr/LinearEquation-v0", seed, form=form, solution=solution)
        lhs, rhs = problem.meta["equation"].split(" = ")
        roots = sympy.solve(sympy.Eq(_sym(lhs), _sym(rhs)), X)
        assert len(roots) == 1 and roots[0] == sympy.Rational(problem.answer)
        assert (roots[0].q == 1) == (solution == "integer")
        assert _score(problem, f"x = {problem.answer}").reward == 1.0


@pytest.mark.parametrize("solution", ["integer", "fraction"])
def test_the_linear_equation_fallback_answers_its_own_equation(monkeypatch, solution):
    # the equation used when every builder fails: its answer must still be its solution
    from rlvr_envs.families.math import linear_equation as equations

    monkeypatch.setattr(equations, "_FORMS", dict.fromkeys(equations._FORMS, lambda *a: None))
    problem = _gen("rlvr/LinearEquation-v0", 0, solution=solution)
    lhs, rhs = problem.meta["equation"].split(" = ")
    (root,) = sympy.solve(sympy.Eq(_sym(lhs), _sym(rhs)), X)
    assert root == sympy.Rational(problem.answer) and (root.q == 1) == (solution == "integer")
