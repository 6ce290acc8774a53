"""Polynomials in x: expand a product of polynomials, or factor one into linear factors.

Both families judge an answer by value (like every math family) and by the *form* the
question asks for (:mod:`rlvr_envs.verifiers.forms`), so an equivalent answer in the wrong
form is wrong: copying the unexpanded product back does not pass ``PolynomialExpand``, and
writing the expanded polynomial, a repeated factor written out, a factor with a common
integer factor left inside or fractional coefficients does not pass ``PolynomialFactor``.

* ``polynomial``: a sum of terms ``c x^k``, one per power of x, the arithmetic done;
* ``factored``: a constant times distinct primitive linear factors with powers for repeated
  ones, such as ``-2x(x - 1)^2(x + 3)``.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.math._base import MathFamily, signed_term


class PolynomialExpand(MathFamily):
    """Expand a product of polynomials in x and collect like terms.

    Difficulty raises ``factors`` (polynomials multiplied), ``degree`` (the degree of the
    product, split at random among the factors, each of degree at least 1) and
    ``coefficients`` (the largest absolute coefficient of a factor).

    Answer syntax: the expanded polynomial, e.g. ``6x^3 - x^2 + 4x - 5``, as a sum of terms
    ``c x^k`` with one term per power of x (any order). An equivalent answer that is not
    expanded, such as the original product, is wrong.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "factors": Knob("int", 2, 5, default=2, easy=2, hard=4, doc="polynomials multiplied"),
        "degree": Knob("int", 2, 12, default=2, easy=2, hard=8, doc="degree of the product"),
        "coefficients": Knob(
            "int", 1, 30, default=5, easy=2, hard=12, doc="largest absolute coefficient"
        ),
    }
    answer_syntax = "the expanded polynomial (e.g. 6x^3 - x^2 + 4x - 5)"
    answer_form = "polynomial"
    answer_variables = ("x",)

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        size = knobs["coefficients"]
        count = min(knobs["factors"], knobs["degree"])
        degrees = [1] * count
        for _ in range(knobs["degree"] - count):
            degrees[rng.randrange(count)] += 1
        factors = [_random_factor(rng, degree, size) for degree in degrees]
        product = [1]
        for factor in factors:
            product = poly_mul(product, factor)
        question_expr = _product_text(factors)
        question = (
            f"Expand and simplify {question_expr}.\n"
            "Write the result as a sum of terms c x^k with like terms collected, "
            "e.g. 6x^3 - x^2 + 4x - 5."
        )
        return Draft(
            question,
            polynomial_text(product),
            {"expression": question_expr, "degree": len(product) - 1},
        )

    def complexity(self, problem: Problem) -> float:
        """Three per degree of the product plus the digits of the product and the answer."""
        digits = sum(c.isdigit() for c in problem.meta["expression"] + problem.answer)
        return 3 * problem.meta["degree"] + digits


class PolynomialFactor(MathFamily):
    """Factor a polynomial with integer roots completely into linear factors.

    Difficulty raises ``degree`` (linear factors, repeated roots allowed), ``roots`` (the
    largest absolute root) and ``leading`` (the largest absolute leading coefficient).

    Answer syntax: a constant times a product of linear factors, powers allowed, e.g.
    ``2(x - 1)^2(x + 3)``. An equivalent answer that is not a product of constants and
    (powers of) linear factors, such as the expanded polynomial, is wrong.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "degree": Knob("int", 2, 8, default=3, easy=2, hard=6, doc="number of linear factors"),
        "roots": Knob("int", 1, 20, default=5, easy=4, hard=12, doc="largest absolute root"),
        "leading": Knob("int", 1, 9, default=1, easy=1, hard=5, doc="largest |leading coeff|"),
    }
    answer_syntax = "the factored polynomial (e.g. 2(x - 1)^2(x + 3))"
    answer_form = "factored"
    answer_variables = ("x",)

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        bound = knobs["roots"]
        roots = sorted(rng.randint(-bound, bound) for _ in range(knobs["degree"]))
        lead = rng.randint(1, knobs["leading"])
        if knobs["leading"] > 1 and rng.random() < 0.5:
            lead = -lead
        poly = [lead]
        for root in roots:
            poly = poly_mul(poly, [-root, 1])
        expanded = polynomial_text(poly)
        question = (
            f"Factor {expanded} completely over the integers.\n"
            "Write it as a constant times a product of linear factors in x, using powers for "
            "repeated factors, e.g. 2(x - 1)^2(x + 3)."
        )
        return Draft(
            question,
            _factored_text(lead, roots),
            {"polynomial": expanded, "roots": roots, "leading": lead},
        )

    def complexity(self, problem: Problem) -> float:
        """Digits in the polynomial plus three per linear factor."""
        digits = sum(c.isdigit() for c in problem.meta["polynomial"])
        return digits + 3 * len(problem.meta["roots"])


# -- polynomial arithmetic and rendering (coefficient lists, lowest degree first) --------
def poly_mul(a: list[int], b: list[int]) -> list[int]:
    """The product of two coefficient lists (index = power of x)."""
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


def _power_body(k: int, var: str = "x") -> str:
    return "" if k == 0 else var if k == 1 else f"{var}^{k}"


def polynomial_text(coeffs: list[int], var: str = "x") -> str:
    """``2x^3 - x + 5``: descending powers, zero terms left out (``0`` for the zero poly)."""
    parts: list[str] = []
    for k in range(len(coeffs) - 1, -1, -1):
        if coeffs[k]:
            parts.append(signed_term(coeffs[k], _power_body(k, var), not parts))
    return "".join(parts) or "0"


def _random_factor(rng: random.Random, degree: int, size: int) -> list[int]:
    """A polynomial of exactly ``degree`` with at least two non-zero terms."""
    while True:
        coeffs = [rng.randint(-size, size) for _ in range(degree)]
        coeffs.append(rng.choice((-1, 1)) * rng.randint(1, size))
        if sum(1 for c in coeffs if c) >= 2:
            if coeffs[-1] < 0 and rng.random() < 0.7:  # mostly positive leading terms
                coeffs = [-c for c in coeffs]
            return coeffs


def _product_text(factors: list[list[int]]) -> str:
    """``(x + 1)^2(2x - 3)``: identical neighbours are merged into a power."""
    parts: list[str] = []
    i = 0
    while i < len(factors):
        j = i
        while j + 1 < len(factors) and factors[j + 1] == factors[i]:
            j += 1
        text = f"({polynomial_text(factors[i])})"
        parts.append(text if j == i else f"{text}^{j - i + 1}")
        i = j + 1
    return "".join(parts)


def _factored_text(lead: int, roots: list[int]) -> str:
    """``-2x^2(x - 1)(x + 3)``: the canonical factorisation, roots ascending."""
    counts: dict[int, int] = {}
    for root in roots:
        counts[root] = counts.get(root, 0) + 1
    text = "" if lead == 1 else "-" if lead == -1 else str(lead)
    for root in sorted(counts, key=lambda r: (r != 0, r)):
        power = counts[root]
        factor = "x" if root == 0 else f"(x - {root})" if root > 0 else f"(x + {-root})"
        text += factor if power == 1 else f"{factor}^{power}"
    return text
