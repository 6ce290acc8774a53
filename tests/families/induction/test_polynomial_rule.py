"""What ``rlvr/PolynomialRule-v0`` must do beyond the generic family contract: the reference
value is sympy's interpolation through the shown points (the unique polynomial of degree at
most d), and the prompt's label is notation."""

from __future__ import annotations

import sympy

from tests.families.induction.helpers import _gen, _score


def test_the_value_is_the_interpolating_polynomial_at_the_point():
    x = sympy.Symbol("x")
    for seed in range(15):
        problem = _gen("rlvr/PolynomialRule-v0", seed, seed / 14)
        points = [tuple(p) for p in problem.meta["points"]]
        assert len(points) == problem.knobs["degree"] + 1
        poly = sympy.interpolate(points, x)
        assert sympy.degree(poly, x) <= problem.knobs["degree"]
        value = poly.subs(x, problem.meta["query"])
        assert str(value) == problem.answer
        query = problem.meta["query"]
        assert _score(problem, f"f({query}) = {value}") == 1.0
        assert _score(problem, str(value + 1)) == 0.0
        assert _score(problem, f"{value}.0") == 0.0 and _score(problem, f"{value}/1") == 0.0
        for _, y in points:
            assert _score(problem, str(y)) == 0.0
