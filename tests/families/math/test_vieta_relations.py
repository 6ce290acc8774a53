"""What ``rlvr/VietaRelations-v0`` must do beyond the generic family contract.

The reference is recomputed from the roots themselves (sympy's numerical roots to 60
digits, then the asked quantity evaluated on them), not from Vieta's formulas.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from tests.families.math.helpers import _gen, _score
from tests.families.math.test_logarithm_equation import X, latex_to_sympy

ENV = "rlvr/VietaRelations-v0"


def _from_roots(problem) -> Fraction:
    coeffs = problem.meta["coefficients"]
    poly = sympy.Poly(list(reversed(coeffs)), X)
    roots = poly.nroots(n=60, maxsteps=200)
    quantity = problem.meta["quantity"]
    if quantity.startswith("\\sum_{i \\ne j}"):
        value = sum(a**2 * b for (i, a), (j, b) in itertools.permutations(enumerate(roots), 2))
    else:
        expression = latex_to_sympy(quantity)
        names = {sympy.Symbol(f"r_{i + 1}"): r for i, r in enumerate(roots)}
        value = expression.subs(names)
    value = sympy.N(value, 50)
    assert abs(sympy.im(value)) < 1e-30
    exact = sympy.nsimplify(sympy.re(value), rational=True, tolerance=1e-30)
    return Fraction(int(exact.p), int(exact.q))


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_the_reference_is_the_quantity_evaluated_on_the_roots(seed, difficulty):
    problem = rlvr_envs.make_task(ENV).generate(seed=seed, difficulty=difficulty)
    assert Fraction(problem.answer) == _from_roots(problem), problem.prompt
    assert _score(problem, str(Fraction(problem.answer) + Fraction(1, 2))).reward == 0.0


def test_every_quantity_appears_at_the_top_tier():
    quantities = set()
    for seed in range(150):
        text = _gen(ENV, seed, tier=3).meta["quantity"]
        kind = ("sum" if text.startswith("\\sum") else "frac" if "frac" in text else
                "prod" if text.startswith("(") else "power")  # fmt: skip
        quantities.add(kind)
    assert quantities == {"sum", "frac", "prod", "power"}


def test_other_forms_score_one_and_unreduced_decimal_or_echo_fail():
    problem = next(p for s in range(100) if "/" in (p := _gen(ENV, s, tier=2)).answer)
    value = Fraction(problem.answer)
    assert _score(problem, f"\\frac{{{value.numerator}}}{{{value.denominator}}}").reward == 1.0
    assert _score(problem, f"{2 * value.numerator}/{2 * value.denominator}").reward == 0.0
    assert _score(problem, f"{float(value):.10f}").reward == 0.0
    assert _score(problem, problem.meta["quantity"]).reward == 0.0
    assert _score(problem, "r_1 + r_2").reward == 0.0


def test_the_prompt_writes_the_equation_as_math():
    """The polynomial and the roots' names are LaTeX, like the asked quantity."""
    problem = _gen(ENV, 0, degree=3)
    coeffs = problem.meta["coefficients"]
    found = [p for p in problem.prompt.split("$")[1::2] if p.endswith("= 0")]
    assert len(found) == 1
    left = latex_to_sympy(found[0].removesuffix("= 0"))
    assert sympy.expand(left - sum(c * X**k for k, c in enumerate(coeffs))) == 0
    assert "$r_1, r_2, r_3$" in problem.prompt
