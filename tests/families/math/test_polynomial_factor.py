"""What ``rlvr/PolynomialFactor-v0`` must do beyond the generic family contract."""

from __future__ import annotations

from fractions import Fraction

import sympy

from rlvr_envs.families.math.polynomials import poly_mul, polynomial_text
from tests.families.math.helpers import X, _gen, _score, _sym


def _factor_text(factor: tuple[int, int], power: int, flip: bool) -> str:
    """``(a x + b)^power`` written independently of the family, sign-flipped when asked."""
    a, b = (-factor[0], -factor[1]) if flip else factor
    lead = "x" if a == 1 else "-x" if a == -1 else f"{a}x"
    body = lead if b == 0 else f"{lead} {'+' if b > 0 else '-'} {abs(b)}"
    text = body if b == 0 and a == 1 else f"({body})"
    return text if power == 1 else f"{text}^{power}"


def test_factor_rejects_the_expanded_polynomial_but_accepts_other_factorings():
    for seed in range(20):
        problem = _gen("rlvr/PolynomialFactor-v0", seed, leading=3)
        expanded = _score(problem, problem.meta["polynomial"])
        assert expanded.reward == 0.0 and "form" in expanded.details
        roots, lead = problem.meta["roots"], problem.meta["leading"]
        assert (
            sympy.expand(lead * sympy.prod(X - r for r in roots)) == _sym(problem.answer).expand()
        )
        assert _sym(problem.answer).expand() == _sym(problem.meta["polynomial"])
        counts = {r: roots.count(r) for r in roots}
        pairs = [(bool((seed >> i) & 1), r) for i, r in enumerate(reversed(list(counts)))]
        sign = (-1) ** sum(flip and counts[r] % 2 for flip, r in pairs)
        factors = [_factor_text((1, -r), counts[r], flip) for flip, r in pairs]
        shuffled = f"({lead * sign})" + "".join(factors)
        assert sympy.expand(_sym(shuffled)) == sympy.expand(_sym(problem.answer)), shuffled
        assert _score(problem, shuffled).reward == 1.0, shuffled


def test_factor_rejects_repeats_written_out_content_inside_and_fractional_factors():
    for seed in range(10):
        problem = _gen("rlvr/PolynomialFactor-v0", seed, degree=3, roots=4, leading=3)
        roots, lead = problem.meta["roots"], problem.meta["leading"]
        rest = "".join(_factor_text((1, -r), 1, False) for r in roots[1:])
        if rest.startswith("x"):
            rest = "*" + rest
        first = roots[0]
        content_inside = f"{_factor_text((2, -2 * first), 1, False)}{rest}"
        halves = f"({2 * lead})(x/2 + {Fraction(-first, 2)}){rest}"
        written_out = f"({lead}){_factor_text((1, -first), 1, False)}{rest}"
        candidates = [halves, written_out if len(set(roots)) < len(roots) else None]
        if lead == 2 and first != 0:  # (2x) is the content times the factor x: canonical
            candidates.append(content_inside)
        for text in filter(None, candidates):
            assert sympy.expand(_sym(text)) == sympy.expand(_sym(problem.answer)), text
            verdict = _score(problem, text)
            assert verdict.reward == 0.0 and verdict.details.get("form"), (text, verdict)


def test_polynomial_rendering():
    assert polynomial_text([-2, 0, 1]) == "x^2 - 2"
    assert polynomial_text([0, -1, 0, 3]) == "3x^3 - x"
    assert polynomial_text([0]) == "0"
    assert poly_mul([1, 1], [-1, 1]) == [-1, 0, 1]
    problem = _gen("rlvr/PolynomialFactor-v0", 0, degree=3)
    assert "x^1" not in problem.answer and "1(" not in problem.answer[:2]
