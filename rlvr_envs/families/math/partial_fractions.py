"""PartialFractions: the coefficients of a partial fraction decomposition, template given.

The rational function P(x)/Q(x) has ``deg P < deg Q`` and Q a product of distinct linear
factors, at harder levels with one squared linear factor and an irreducible quadratic factor.
The prompt writes the template, e.g. ``A/(x - 1) + B/(x + 2) + C/(x + 2)^2 + (Dx + E)/(x^2 +
x + 1)``, and asks for the tuple of its unknowns. Partial fraction decomposition over the
rationals is unique for a fixed factorisation of Q, so the tuple is unique by construction.
The generator draws the coefficients first (non-zero, so every term is present) and computes
P from them, with exact fractions.

Answer syntax: ``(A, B, C)``, each an integer or a fraction p/q in lowest terms.

Knobs: ``factors`` (distinct linear factors, 2 -> 4), ``structure`` (``distinct``,
``repeated``: one of them squared, ``quadratic``: squared and an irreducible quadratic
factor too), ``size`` (roots and coefficients, 3 -> 8) and ``denominator`` (largest
denominator of a coefficient, 1 -> 4). At difficulty 1 there are seven unknowns (four
linear factors, one of them squared, and an irreducible quadratic: degree 7), with
fractional coefficients.
"""

from __future__ import annotations

import random
from fractions import Fraction
from math import lcm
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.math.equation_parts import nonzero
from rlvr_envs.families.math.function_parts import poly_add, poly_mul, poly_scale, poly_text
from rlvr_envs.families.shared.formulas import fraction_text
from rlvr_envs.families.shared.math_answers import MathFamily

_LETTERS = "ABCDEFGHIJ"


def _factor_text(root: int) -> str:
    return f"x - {root}" if root > 0 else f"x + {-root}" if root < 0 else "x"


class PartialFractions(MathFamily):
    """Decompose P(x)/Q(x) into partial fractions of a given template; answer the tuple.

    Difficulty raises ``factors`` (distinct linear factors of Q, 2 -> 4), moves
    ``structure`` from ``distinct`` through ``repeated`` to ``quadratic``, and raises
    ``size`` (3 -> 8) and ``denominator`` (1 -> 4).

    Answer syntax (stated in the prompt): the unknowns in the template's order as a tuple
    ``(A, B, C)`` of integers or fractions p/q in lowest terms (form ``tuple`` of
    ``rational``). Unique: the decomposition over a fixed factorisation is unique.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "factors": Knob("int", 2, 5, default=2, easy=2, hard=4, doc="distinct linear factors"),
        "structure": Knob(
            "categorical",
            choices=("distinct", "repeated", "quadratic"),
            default="distinct",
            doc="a squared factor; an irreducible quadratic factor",
        ),
        "size": Knob("int", 2, 12, default=4, easy=3, hard=8, doc="roots and coefficients"),
        "denominator": Knob("int", 1, 6, default=1, easy=1, hard=4, doc="coefficient denominator"),
    }
    answer_syntax = "the tuple of the unknowns in order, like (A, B, C) = (2, -1/3, 5)"
    answer_form = "tuple"
    answer_element = "rational"

    def form_variables(self, problem: Problem) -> tuple[str, ...]:
        """The constants by name: ``A = -2, B = 1`` (in any order) or the bare tuple."""
        return tuple(_LETTERS[: problem.meta["unknowns"]])

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        size, structure = knobs["size"], knobs["structure"]
        count = knobs["factors"]
        roots = rng.sample([r for r in range(-size, size + 1)], count)
        # terms: (denominator polynomial, template text of the denominator, numerator degree)
        terms: list[tuple[list[int], str, int]] = []
        for root in roots:
            terms.append(([-root, 1], f"({_factor_text(root)})", 0))
        factors = [[-r, 1] for r in roots]
        if structure in ("repeated", "quadratic"):
            root = roots[-1]
            terms.append(([root * root, -2 * root, 1], f"({_factor_text(root)})^2", 0))
            factors.append([-root, 1])
        if structure == "quadratic":
            while True:
                p, q = rng.randint(-size, size), rng.randint(1, size + 3)
                if p * p - 4 * q < 0:
                    break
            quad = [q, p, 1]
            terms.append((quad, f"({poly_text(quad)})", 1))
            factors.append(quad)
        denominator = [1]
        for factor in factors:
            denominator = poly_mul(denominator, factor)
        den = knobs["denominator"]
        numerator: list = [Fraction(0)]
        values: list[Fraction] = []
        pieces: list[str] = []
        letters = iter(_LETTERS)
        for term_den, text, degree in terms:
            coeffs = [Fraction(nonzero(rng, size), rng.randint(1, den)) for _ in range(degree + 1)]
            values.extend(reversed(coeffs))  # Dx + E: D first
            cofactor = _divide(denominator, term_den)
            numerator = poly_add(numerator, poly_mul(coeffs, cofactor))
            if degree == 0:
                pieces.append(f"{next(letters)}/{text}")
            else:
                d_name, e_name = next(letters), next(letters)
                pieces.append(f"({d_name}x + {e_name})/{text}")
        scale = lcm(*(Fraction(c).denominator for c in numerator))
        top = [int(c) for c in poly_scale(numerator, scale)]
        bottom = poly_text(poly_scale(denominator, scale)) if scale > 1 else poly_text(denominator)
        factored = "".join(f"({_factor_text(r)})" for r in roots)
        if structure != "distinct":
            factored += "^2"
        if structure == "quadratic":
            factored += f"({poly_text(factors[-1])})"
        scale_text = "" if scale == 1 else f"{scale}"
        names = ", ".join(_LETTERS[: len(values)])
        question = (
            f"Write the rational function\n{_wrap(poly_text(top))} / ({bottom})\n"
            f"whose denominator is {scale_text}{factored}, in the form\n"
            f"{' + '.join(pieces)}\n"
            f"and find the constants. Give ({names}) as a tuple of integers or fractions p/q "
            "in lowest terms."
        )
        answer = "(" + ", ".join(fraction_text(v) for v in values) + ")"
        meta = {"unknowns": len(values), "degree": len(denominator) - 1, "structure": structure}
        return Draft(question, answer, meta)

    def complexity(self, problem: Problem) -> float:
        """Four per unknown (one linear equation each), the denominator's degree, and a
        quarter of the answer's length."""
        meta = problem.meta
        return 4 * meta["unknowns"] + meta["degree"] + len(problem.answer) / 4


def _wrap(text: str) -> str:
    return f"({text})" if " " in text else text


def _divide(numerator: list[int], divisor: list[int]) -> list[int]:
    """Exact quotient of integer polynomials (the divisor monic), lowest power first."""
    rest = list(numerator)
    out = [0] * (len(rest) - len(divisor) + 1)
    for k in range(len(out) - 1, -1, -1):
        coefficient = rest[k + len(divisor) - 1]
        out[k] = coefficient
        for i, c in enumerate(divisor):
            rest[k + i] -= coefficient * c
    assert not any(rest), "not a factor"
    return out
