"""What ``rlvr/LinearSystemCases-v0`` must do beyond the generic family contract.

sympy decides the case independently (linsolve); alternative valid answers (other
multipliers, other parametrisations) score 1, invalid ones fail.
"""

from __future__ import annotations

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from tests.families.math.helpers import _gen, _score

ID = "rlvr/LinearSystemCases-v0"


def _system(problem):
    names = problem.meta["variables"]
    symbols = sympy.symbols(names)
    a, b = sympy.Matrix(problem.meta["matrix"]), sympy.Matrix(problem.meta["rhs"])
    return a, b, symbols


def _case(problem) -> str:
    a, b, symbols = _system(problem)
    solutions = sympy.linsolve((a, b), *symbols)
    if solutions == sympy.EmptySet:
        return "none"
    (solution,) = solutions
    return "unique" if not set().union(*(s.free_symbols for s in solution)) else "infinite"


def _text(x) -> str:
    return str(x).replace("**", "^").replace("*", "")


def _with_case(case, **knobs):
    for seed in range(300):
        problem = _gen(ID, seed, **knobs)
        if problem.meta["case"] == case:
            yield problem


@settings(max_examples=30)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_the_case_agrees_with_sympy_and_the_reference_scores(seed, difficulty):
    problem = rlvr_envs.make_task(ID).generate(seed=seed, difficulty=difficulty)
    assert _case(problem) == problem.meta["case"]
    a, b, symbols = _system(problem)
    if problem.meta["case"] == "unique":
        (solution,) = sympy.linsolve((a, b), *symbols)
        tuple_text = "(" + ", ".join(_text(v) for v in solution) + ")"
        assert _score(problem, tuple_text).reward == 1.0
        bumped = "(" + ", ".join(_text(v + int(i == 0)) for i, v in enumerate(solution)) + ")"
        assert _score(problem, bumped).reward == 0.0
        assert _score(problem, "no solution; multipliers (" + ", ".join("1" for _ in b) + ")"
                      ).reward == 0.0  # fmt: skip


def test_other_multipliers_witness_no_solution_and_bad_ones_fail():
    checked = 0
    for problem in _with_case("none", variables=4, nullity=2, extra=2):
        a, b, _ = _system(problem)
        left = a.T.nullspace()
        good = next(y for y in left if (y.T * b)[0] != 0)
        for scale in (2, -3):
            y = good * scale + sum((v for v in left if v != good), sympy.zeros(a.rows, 1))
            if (y.T * b)[0] == 0:
                continue
            text = "(" + ", ".join(_text(x) for x in y) + ")"
            assert _score(problem, f"no solution; multipliers {text}").reward == 1.0
        zero = "(" + ", ".join("0" for _ in b) + ")"
        assert _score(problem, f"no solution; multipliers {zero}").reward == 0.0
        short = "(" + ", ".join(_text(x) for x in good[:-1]) + ")"
        assert _score(problem, f"no solution; multipliers {short}").reward == 0.0
        assert _score(problem, "no solution").reason == "unparsable"
        checked += 1
        if checked == 10:
            break
    assert checked == 10


def test_other_parametrisations_score_and_incomplete_ones_fail():
    checked = 0
    for problem in _with_case("infinite", variables=5, nullity=2, extra=2):
        a, b, symbols = _system(problem)
        (solution,) = sympy.linsolve((a, b), *symbols)
        free = sorted(set().union(*(s.free_symbols for s in solution)), key=str)
        t, u = sympy.symbols("t u")
        # reparametrise: first free symbol -> 2t + 1, second (if any) -> u - t
        swap = {free[0]: 2 * t + 1}
        if len(free) > 1:
            swap[free[1]] = u - t
        family = [sympy.expand(s.subs(swap)) for s in solution]
        text = ", ".join(f"{n} = {_text(v)}" for n, v in zip(problem.meta["variables"], family))
        assert _score(problem, text).reward == 1.0, text
        # one parameter short (fix it at 0), or a wrong particular point
        fixed = [sympy.expand(v.subs(t, 0)) for v in family]
        text = ", ".join(f"{n} = {_text(v)}" for n, v in zip(problem.meta["variables"], fixed))
        assert _score(problem, text).reward == 0.0
        if any(a[:, 0]):  # x0 + e1 is not a solution
            moved = [sympy.expand(v + int(i == 0)) for i, v in enumerate(family)]
            text = ", ".join(f"{n} = {_text(v)}" for n, v in zip(problem.meta["variables"], moved))
            assert _score(problem, text).reward == 0.0
        # a single point of the family is not the general solution
        point = [sympy.expand(v.subs({t: 0, u: 0})) for v in family]
        assert _score(problem, "(" + ", ".join(_text(v) for v in point) + ")").reward == 0.0
        checked += 1
        if checked == 10:
            break
    assert checked == 10


def test_the_written_form_of_a_family_is_strict():
    problem = next(_with_case("infinite", variables=3, nullity=1))
    answer = problem.answer
    assert _score(problem, answer).reward == 1.0
    assert _score(problem, answer.replace("t", "(2t)/2")).reward == 0.0  # arithmetic not done
    assert _score(problem, answer.replace("t", "q")).reason == "unparsable"  # not a parameter
    assert _score(problem, answer.split(", ", 1)[1]).reward == 0.0  # a variable left out
    unique = next(_with_case("unique", variables=3))
    names = unique.meta["variables"]
    values = unique.answer.strip("()").split(", ")
    assigned = ", ".join(f"{n} = {v}" for n, v in zip(names, values))
    assert _score(unique, assigned).reward == 1.0
    assert _score(unique, unique.answer.replace("(", "[").replace(")", "]")).reward == 0.0


def test_cases_are_balanced_and_constants_earn_little():
    problems = [rlvr_envs.make_task(ID).generate(seed=s, difficulty=0.5) for s in range(60)]
    counts = {case: sum(p.meta["case"] == case for p in problems)
              for case in ("unique", "none", "infinite")}  # fmt: skip
    assert min(counts.values()) >= 10, counts
    for guess in ("no solution; multipliers (1, 1, 1, 1)", "no solution; multipliers (1, -1, 0, 0)",
                  "(0, 0, 0, 0)", "x = t, y = 0, z = 0, w = 0"):  # fmt: skip
        assert sum(_score(p, guess).reward for p in problems) / 60 <= 0.10


def test_latex_fractions_signs_and_combined_numerators_score():
    # ``\frac{-3}{2}t``, ``(3t + 1)/2``, ``t*2``, ``(-3/2)t`` and ``\frac{}{}`` tuples were refused
    from rlvr_envs.families.math.linear_system_cases import _assignments

    names = ("x", "y", "z")
    for text, value in (
        (r"x = \frac{-3}{2}t", {"t": sympy.Rational(-3, 2)}),
        (r"x = -\frac{3}{2} t", {"t": sympy.Rational(-3, 2)}),
        ("x = (-3/2)t", {"t": sympy.Rational(-3, 2)}),
        ("x = (3t + 1)/2", {"t": sympy.Rational(3, 2), "": sympy.Rational(1, 2)}),
        (r"x = \frac{3t + 1}{2}", {"t": sympy.Rational(3, 2), "": sympy.Rational(1, 2)}),
        ("x = t*2", {"t": 2}),
        (r"x = 2 \cdot t", {"t": 2}),
    ):
        assert _assignments(text, names) == {"x": value}, text
    for text in ("x = (4t + 2)/2", "x = (3t + 3)/6", "x = 4/2 t", "x = 1 + 2t - t", "x = --3",
                 "x = 1.5t", "x = 3(1 + t)", "x = y"):  # fmt: skip
        with pytest.raises(ValueError):
            _assignments(text, names)
    unique = next(_with_case("unique", variables=3))
    a, b, _ = _system(unique)
    solution = a.solve_least_squares(b)

    def latex(v):
        v = sympy.Rational(v)
        return str(v.p) if v.q == 1 else rf"\frac{{{v.p}}}{{{v.q}}}"

    assert _score(unique, r"\left(" + ", ".join(latex(v) for v in solution) + r"\right)").reward
    none = next(_with_case("none", variables=3))
    a, b, _ = _system(none)
    (y,) = [w for w in a.T.nullspace() if (w.T * b)[0] != 0][:1]
    text = "no solution; multipliers (" + ", ".join(latex(v) for v in y / 3) + ")"
    assert _score(none, text).reward == 1.0
