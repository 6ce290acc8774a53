"""What ``rlvr/PolynomialInequality-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from tests.families.math.helpers import _gen, _score
from tests.families.math.test_logarithm_equation import X, latex_to_sympy

ENV = "rlvr/PolynomialInequality-v0"
RELATIONS = {"\\le": sympy.Le, "\\ge": sympy.Ge, "<": sympy.Lt, ">": sympy.Gt}


def _pieces(solution) -> list[tuple[float, float, bool, bool]]:
    parts = solution.args if isinstance(solution, sympy.Union) else (solution,)
    return sorted(
        (float(p.start), float(p.end), bool(p.left_open), bool(p.right_open)) for p in parts
    )


def _sympy_solution(problem):
    text = problem.meta["inequality"]
    for token, relation in RELATIONS.items():
        if f" {token} 0" in text:
            left = latex_to_sympy(text.split(f" {token} 0")[0])
            inequality = relation(left, 0)
            break
    return sympy.solve_univariate_inequality(inequality, X, relational=False)


def _end(text: str):
    return latex_to_sympy(text.replace("/", ")/(").join("()"))


def _answer_set(answer: str):
    parts = []
    for piece in answer.split(" \\cup "):
        lo_text, hi_text = piece[1:-1].split(", ")
        lo = -sympy.oo if "infty" in lo_text else _end(lo_text)
        hi = sympy.oo if "infty" in hi_text else _end(hi_text)
        parts.append(sympy.Interval(lo, hi, piece[0] == "(", piece[-1] == ")"))
    return sympy.Union(*parts)


def _close(a, b) -> bool:
    return len(a) == len(b) and all(
        all(u == v or abs(u - v) < 1e-9 for u, v in zip(x[:2], y[:2])) and x[2:] == y[2:]
        for x, y in zip(a, b)
    )


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_the_reference_is_sympys_solution_set(seed, difficulty):
    problem = rlvr_envs.make_task(ENV).generate(seed=seed, difficulty=difficulty)
    assert _close(_pieces(_answer_set(problem.answer)), _pieces(_sympy_solution(problem)))
    flipped = problem.answer.replace("[", "\0").replace("(", "[").replace("\0", "(")
    flipped = flipped.replace("[-\\infty", "(-\\infty")
    if flipped != problem.answer:
        assert _score(problem, flipped).reward == 0.0


def test_double_roots_poles_and_other_forms():
    problem = _gen(ENV, 3, factors=3, roots="rational", poles=1, multiplicity=2, expanded=False)
    answer = problem.answer
    assert _score(problem, answer.replace(" \\cup ", " \\cup ")).reward == 1.0
    # the same set written with \frac ends and -\infty spelled -oo
    if "/" in answer:
        import re

        latex = re.sub(r"(-?)(\d+)/(\d+)", r"\1\\frac{\2}{\3}", answer)
        assert _score(problem, latex).reward == 1.0
    assert _score(problem, problem.meta["inequality"]).reward == 0.0  # echo
    assert _score(problem, "(-\\infty, \\infty)").reward == 0.0
    assert _score(problem, "\\emptyset").reward == 0.0
    assert _score(problem, "[[").reason == "unparsable"


def test_a_pole_is_never_included_and_isolated_points_are_never_drawn():
    seen_pole = 0
    for seed in range(40):
        problem = _gen(ENV, seed, factors=3, poles=1, multiplicity=2)
        solution = _sympy_solution(problem)
        assert _close(_pieces(_answer_set(problem.answer)), _pieces(solution))
        assert not isinstance(solution, sympy.FiniteSet)
        parts = solution.args if isinstance(solution, sympy.Union) else (solution,)
        assert all(isinstance(p, sympy.Interval) for p in parts)  # no isolated point
        seen_pole += "\\frac" in problem.meta["inequality"]
    assert seen_pole == 40


def test_irrational_ends_are_exact_radicals():
    found = False
    for seed in range(60):
        problem = _gen(ENV, seed, roots="irrational", factors=3)
        if "sqrt" in problem.answer:
            found = True
            assert _score(problem, problem.answer).reward == 1.0
            decimal = problem.answer
            pattern = r"-?(?:\d+ [+-] )?\d*\\sqrt\{\d+\}"
            for token in set(__import__("re").findall(pattern, decimal)):
                value = float(latex_to_sympy(token))
                decimal = decimal.replace(token, f"{value:.6f}")
            assert _score(problem, decimal).reward == 0.0
    assert found
