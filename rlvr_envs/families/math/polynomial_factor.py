"""PolynomialFactor: factor a polynomial in x into linear factors over the integers.

The answer is judged by value and by the form the question asks for
(:mod:`rlvr_envs.mathcheck.forms`, ``factored``): a constant times distinct primitive linear
factors with powers for repeated ones, such as ``-2x(x - 1)^2(x + 3)``. The expanded
polynomial, a repeated factor written out, a common integer factor left inside a factor or
fractional coefficients do not pass.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.math.polynomials import poly_mul, polynomial_text
from rlvr_envs.families.shared.math_answers import MathFamily


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
