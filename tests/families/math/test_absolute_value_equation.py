"""What ``rlvr/AbsoluteValueEquation-v0`` must do beyond the generic family contract."""

from __future__ import annotations

from fractions import Fraction

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from tests.families.math.helpers import _gen, _score
from tests.families.math.test_logarithm_equation import X, latex_to_sympy

ENV = "rlvr/AbsoluteValueEquation-v0"


def _cases(expr):
    """Every expression obtained by replacing each absolute value by +-(its argument)."""
    inner = [a for a in expr.atoms(sympy.Abs) if not a.args[0].has(sympy.Abs)]
    if not inner:
        yield expr
        return
    for sign in (1, -1):
        yield from _cases(expr.xreplace({inner[0]: sign * inner[0].args[0]}))


def _solutions(problem) -> list[Fraction]:
    """Every real solution, by case analysis in sympy: a root of some sign case that
    satisfies the original equation exactly (sympy's solveset misses nested cases)."""
    left, right = problem.meta["equation"].split(" = ")
    equation = latex_to_sympy(left) - latex_to_sympy(right)
    found = set()
    for case in _cases(equation):
        for root in sympy.solve(case, X):
            if equation.subs(X, root) == 0:
                found.add(Fraction(int(root.p), int(root.q)))
    return sorted(found)


def _values(answer: str) -> list[Fraction]:
    return sorted(Fraction(part.strip()) for part in answer.split(","))


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_the_reference_is_every_real_solution(seed, difficulty):
    problem = rlvr_envs.make_task(ENV).generate(seed=seed, difficulty=difficulty)
    values = _values(problem.answer)
    assert values == _solutions(problem), problem.prompt
    assert _score(problem, ", ".join(str(v) for v in reversed(values))).reward == 1.0
    assert _score(problem, ", ".join(str(v) for v in values[1:]) or "12345").reward == 0.0
    assert _score(problem, ", ".join(str(v + Fraction(1, 3)) for v in values)).reward == 0.0


def test_every_structure_generates_and_has_a_solution():
    for structure in ("linear_rhs", "two_abs", "sum_abs", "nested"):
        for seed in range(15):
            problem = _gen(ENV, seed, structure=structure)
            assert problem.answer and problem.meta["roots"] >= 1


def test_other_forms_score_one_and_malformed_or_wrong_ones_fail():
    problem = next(p for s in range(200) if "/" in (p := _gen(ENV, s, structure="nested",
                                                                leading=4)).answer)  # fmt: skip
    values = _values(problem.answer)
    latex = ", ".join(
        f"\\frac{{{v.numerator}}}{{{v.denominator}}}" if v.denominator > 1 else str(v)
        for v in values
    )
    assert _score(problem, latex).reward == 1.0
    assert _score(problem, ", ".join(f"x = {v}" for v in values)).reward == 1.0
    assert _score(problem, ", ".join(str(float(v)) for v in values)).reward == 0.0  # decimals
    assert _score(problem, problem.answer + ", " + str(values[0])).reward == 0.0  # twice
    assert _score(problem, problem.answer + ", 1000").reward == 0.0  # an extra root
    unreduced = ", ".join(f"{2 * v.numerator}/{2 * v.denominator}" for v in values)
    assert _score(problem, unreduced).reward == 0.0
    assert _score(problem, problem.meta["equation"]).reward == 0.0  # the equation echoed
    assert _score(problem, "\\emptyset").reward == 0.0
    assert _score(problem, "x = (").reason == "unparsable"


def test_extraneous_candidates_are_left_out():
    # |ax + b| = cx + d: of the two candidates of the two cases, one often makes cx + d < 0
    dropped = 0
    for seed in range(60):
        problem = _gen(ENV, seed, structure="linear_rhs")
        left, right = problem.meta["equation"].split(" = ")
        inner = latex_to_sympy(left).args[0]
        candidates = set(sympy.solve(inner - latex_to_sympy(right), X))
        candidates |= set(sympy.solve(inner + latex_to_sympy(right), X))
        dropped += len(candidates) > len(_values(problem.answer))
    assert dropped >= 10
