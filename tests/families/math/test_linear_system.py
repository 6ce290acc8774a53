"""What ``rlvr/LinearSystem-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import pytest
import sympy

from tests.families.math.helpers import _gen, _score, _sym


@pytest.mark.parametrize("variables", [2, 3, 4])
@pytest.mark.parametrize("solution", ["integer", "fraction"])
def test_linear_system_has_a_unique_solution_equal_to_the_answer(variables, solution):
    for seed in range(10):
        problem = _gen("rlvr/LinearSystem-v0", seed, variables=variables, solution=solution)
        names = sympy.symbols(problem.meta["variables"])
        equations = [
            sympy.Eq(_sym(lhs), _sym(rhs))
            for lhs, rhs in (e.split(" = ") for e in problem.meta["equations"])
        ]
        matrix, _ = sympy.linear_eq_to_matrix(equations, names)
        assert matrix.det() != 0
        (solution_set,) = sympy.linsolve(equations, names)
        expected = "(" + ", ".join(str(v) for v in solution_set) + ")"
        assert problem.answer == expected
        assert f"({', '.join(problem.meta['variables'])})" in problem.prompt
        assert _score(problem, problem.answer[1:-1]).reward == 1.0  # a bare list, in order
        swapped = problem.answer[1:-1].split(", ")
        if swapped[0] != swapped[1]:
            swapped[0], swapped[1] = swapped[1], swapped[0]
            assert _score(problem, ", ".join(swapped)).reward == 0.0
