"""What ``rlvr/FunctionComposition-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from tests.families.math.helpers import X, _gen, _score, _sym

ID = "rlvr/FunctionComposition-v0"


def _oracle(problem):
    """The composite recomputed with sympy from the stored functions."""
    funcs = []
    for f in problem.meta["functions"]:
        c = f["coeffs"]
        if f["kind"] == "poly":
            funcs.append(sum(k * X**i for i, k in enumerate(c)))
        else:
            funcs.append((c[0] * X + c[1]) / (c[2] * X + c[3]))
    value = X
    for index in reversed(problem.meta["chain"]):
        value = funcs[index].subs(X, value)
    return value


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_reference_matches_sympy(seed, difficulty):
    problem = rlvr_envs.make_task(ID).generate(seed=seed, difficulty=difficulty)
    composite = _oracle(problem)
    if problem.meta["mode"] == "polynomial":
        assert sympy.expand(composite - _sym(problem.answer)) == 0
    else:
        point = sympy.Integer(problem.meta["point"])
        assert sympy.simplify(composite.subs(X, point) - _sym(problem.answer)) == 0
        wrong = sympy.Rational(problem.answer) + 1
        assert _score(problem, str(wrong)).reward == 0.0


def test_other_forms_right_and_shortcuts_wrong():
    seen = set()
    for seed in range(60):
        problem = _gen(ID, seed, depth=2, degree=2, size=4)
        mode = problem.meta["mode"]
        seen.add(mode)
        if mode == "polynomial":
            poly = sympy.Poly(_sym(problem.answer), X)
            reordered = " + ".join(f"({c})*x^{m[0]}" for m, c in reversed(poly.terms()))
            # ascending order, written with explicit products: still expanded? only if
            # coefficients are plain; the reordered ascending sum is accepted
            ascending = sympy.sstr(sympy.Add(*[c * X ** m[0] for m, c in poly.terms()]))
            assert _score(problem, ascending.replace("**", "^")).reward == 1.0
            asked = problem.prompt.split("Find ")[1].split(" as")[0]
            assert _score(problem, asked).reward == 0.0  # f(g(x)) written out
            composite = _oracle(problem)
            unexpanded = str(composite).replace("**", "^")
            if "(" in unexpanded:
                assert _score(problem, unexpanded).reward == 0.0  # not expanded
            assert reordered
        else:
            value = sympy.Rational(problem.answer)
            if value.q > 1:
                assert _score(problem, f"\\frac{{{value.p}}}{{{value.q}}}").reward == 1.0
                assert _score(problem, f"{2 * value.p}/{2 * value.q}").reward == 0.0
                assert _score(problem, str(float(value))).reward == 0.0
    assert seen == {"polynomial", "rational"}
