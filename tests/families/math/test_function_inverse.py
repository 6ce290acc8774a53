"""What ``rlvr/FunctionInverse-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from tests.families.math.helpers import X, _gen, _score

ID = "rlvr/FunctionInverse-v0"


def _f(problem):
    from rlvr_envs.mathcheck.parse import parse
    from rlvr_envs.mathcheck.symbolic import to_sympy

    return to_sympy(parse(problem.meta["definition"]))  # our own generated text


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_reference_inverts_f(seed, difficulty):
    problem = rlvr_envs.make_task(ID).generate(seed=seed, difficulty=difficulty)
    f = _f(problem)
    if problem.meta["mode"] == "value":
        t = sympy.Rational(problem.answer)
        point = sympy.Rational(problem.prompt.split("f^{-1}(")[1].split(")")[0])
        assert sympy.simplify(f.subs(X, t) - point) == 0
        assert _score(problem, str(t + 1)).reward == 0.0
        return
    from rlvr_envs.mathcheck.parse import parse
    from rlvr_envs.mathcheck.symbolic import to_sympy

    inverse = to_sympy(parse(problem.answer))
    checked = 0
    for t in (sympy.Rational(7, 3), sympy.Rational(1, 2), sympy.Integer(13), sympy.Integer(-3)):
        y = f.subs(X, t)
        if not (y.is_real and y.is_finite):
            continue
        back = inverse.subs(X, y)
        if not (back.is_real and back.is_finite):
            continue  # a principal cube root of a negative number: not this check's business
        assert abs(sympy.N(back - t, 30)) < 1e-20
        checked += 1
    # echoing f, or writing f^{-1}(x), never scores
    assert _score(problem, problem.meta["definition"]).reward == 0.0
    assert _score(problem, "f^{-1}(x)").reward == 0.0


def test_equivalent_forms_score():
    cases = 0
    for seed in range(40):
        problem = _gen(ID, seed, kind="fractional", size=5)
        if problem.meta["mode"] != "expression":
            continue
        f = _f(problem)
        y = sympy.Symbol("y")
        solved = sympy.solve(sympy.Eq(f.subs(X, y), X), y)
        assert len(solved) == 1
        text = sympy.sstr(sympy.together(solved[0])).replace("**", "^")
        assert _score(problem, text).reward == 1.0, (problem.answer, text)
        assert _score(problem, f"y = {text}").reward == 0.0  # another variable
        cases += 1
    assert cases > 10


def test_log_forms():
    for seed in range(40):
        problem = _gen(ID, seed, kind="exp_log", size=4)
        if problem.meta["mode"] == "expression" and "log_{2}" in problem.answer:
            inner = problem.answer[len("\\log_{2}") :]
            assert _score(problem, f"\\ln{inner}/\\ln(2)").reward == 1.0
            assert _score(problem, f"\\log_{{3}}{inner}").reward == 0.0
            return


def test_real_cube_root_forms_score():
    """Review fix: ``3 - \\sqrt[3]{x + 4}`` is the inverse of ``-(x - 3)^3 - 4`` on the reals;
    compared on sympy's principal branch it used to score 0. The alternative is built here
    by solving with sympy's real_root, independently of the family's reference text."""
    cases = 0
    for seed in range(60):
        problem = _gen(ID, seed, kind="cube_root", size=5)
        if problem.meta["mode"] != "expression" or "sqrt[3]" not in problem.answer:
            continue
        f = _f(problem)  # a(x - h)^3 + k
        a = f.diff(X, 3) / 6
        h = -(f.diff(X, 2) / (6 * a)).subs(X, 0)
        k = f.subs(X, h)
        sign = "-" if a < 0 else ""
        inside = sympy.sstr(sympy.expand((X - k) / abs(a))).replace("**", "^")
        text = f"{h} {'-' if a < 0 else '+'} \\sqrt[3]{{{inside}}}"
        assert _score(problem, text).reward == 1.0, (problem.answer, text, sign)
        assert _score(problem, f"{h} + \\sqrt[3]{{{inside}}} + 1").reward == 0.0
        cases += 1
    assert cases > 5


def test_log_abs_form_and_narrow_domain():
    problem = _gen(ID, 22, kind="nested", size=9)
    assert problem.meta["definition"] == "\\ln((-8x + 5)/(4x + 2))"  # domain (-1/2, 5/8)
    assert _score(problem, problem.answer).reward == 1.0
    assert _score(problem, "(5 - 2e^{x})/(4e^{x} + 8)").reward == 1.0
    assert _score(problem, "(5 - 2e^{x})/(4e^{x} + 9)").reward == 0.0
    for seed in range(40):
        problem = _gen(ID, seed, kind="exp_log", size=5)
        if problem.meta["mode"] == "expression" and "\\ln(x" in problem.answer:
            absolute = problem.answer.replace("\\ln(x", "\\ln|x").replace(")", "|", 1)
            assert _score(problem, absolute).reward == 1.0, absolute
            return


def test_decimal_approximation_fails():
    problem = _gen(ID, 0, kind="cube_root")
    assert problem.answer == "\\sqrt[3]{-x - 4} + 3"
    assert _score(problem, "3 - \\sqrt[3]{x + 4.0000000000000000000000000000001}").reward == 0.0
    assert _score(problem, "3.000000000000000000000000000001 - \\sqrt[3]{x + 4}").reward == 0.0
