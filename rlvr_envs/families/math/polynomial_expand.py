"""PolynomialExpand: expand a product of polynomials in x.

The answer is judged by value and by the form the question asks for
(:mod:`rlvr_envs.mathcheck.forms`, ``polynomial``): a sum of terms ``c x^k``, one per power of
x, the arithmetic done; copying the unexpanded product back does not pass.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.math.polynomials import poly_mul, polynomial_text
from rlvr_envs.families.shared.math_answers import MathFamily


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
