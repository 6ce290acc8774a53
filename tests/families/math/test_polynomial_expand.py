"""What ``rlvr/PolynomialExpand-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import re

import sympy

from tests.families.math.helpers import X, _gen, _score, _sym


# -- polynomials: the forms the prompts ask for ----------------------------------------------
def test_expand_rejects_the_product_copied_back_but_accepts_any_term_order():
    for seed in range(20):
        problem = _gen("rlvr/PolynomialExpand-v0", seed)
        product = problem.meta["expression"]
        assert _sym(product).expand() == _sym(problem.answer)
        copied = _score(problem, product)
        assert copied.reward == 0.0 and "do the arithmetic" in copied.details["form"]
        terms = re.split(r" (?=[+-] )", problem.answer)
        reordered = " ".join(reversed(terms[1:])) + " + " + terms[0]
        assert _score(problem, reordered.lstrip("+ ")).reward == 1.0, reordered


def test_expand_rejects_like_terms_left_uncollected():
    for seed in range(10):
        problem = _gen("rlvr/PolynomialExpand-v0", seed)
        degree = sympy.degree(_sym(problem.answer), X)
        split = f"{problem.answer} + 2x^{degree} - 2x^{degree}"
        assert _sym(split).expand() == _sym(problem.answer)
        verdict = _score(problem, split)
        assert verdict.reward == 0.0 and "like terms" in verdict.details["form"]
