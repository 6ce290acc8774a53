"""Fraction arithmetic: evaluate sums, differences, products and quotients of fractions.

Knobs: ``terms`` (fractions in the expression), ``max_denominator`` (largest denominator of
a fraction) and ``operators`` (which operations appear, easiest first). Difficulty raises all
three. Every fraction is written in lowest terms and, next to ``*`` or ``/``, inside
parentheses, so ``(3/4) / (5/6)`` reads unambiguously.
"""

from __future__ import annotations

import random
from fractions import Fraction
from math import gcd
from typing import ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.shared.formulas import fraction_text
from rlvr_envs.families.shared.math_answers import MathFamily

_PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2}
_LEAF = 3


class FractionArithmetic(MathFamily):
    """Evaluate an expression of fractions exactly.

    Answer syntax: a reduced fraction ``p/q`` (sign in front, ``-7/12``), or an integer when
    the value is whole.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "terms": Knob("int", 2, 8, default=3, easy=2, hard=6, doc="fractions in the expression"),
        "max_denominator": Knob(
            "int", 2, 50, default=10, easy=6, hard=20, doc="largest denominator"
        ),
        "operators": Knob(
            "categorical", choices=("+-", "+-*", "+-*/"), default="+-", doc="operations used"
        ),
    }
    answer_syntax = "the exact value as a fraction p/q in lowest terms (or an integer)"
    answer_form = "rational"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        text, value, _ = _expression(
            rng, knobs["terms"], knobs["max_denominator"], knobs["operators"]
        )
        question = f"Compute {text}.\nGive the result as a fraction in lowest terms."
        return Draft(question, fraction_text(value), {"expression": text})

    def complexity(self, problem: Problem) -> float:
        """Digits written plus operations applied."""
        expression = problem.meta["expression"]
        digits = sum(c.isdigit() for c in expression)
        return digits + sum(expression.count(f" {op} ") for op in "+-*/")


def _fraction(rng: random.Random, max_denominator: int) -> Fraction:
    """A positive non-integer fraction in lowest terms with denominator <= max_denominator."""
    q = rng.randint(2, max_denominator)
    p = rng.randint(1, 2 * q - 1)
    while gcd(p, q) != 1:
        p = p + 1 if p + 1 < 2 * q else 1
    return Fraction(p, q)


def _expression(
    rng: random.Random, terms: int, max_denominator: int, operators: str
) -> tuple[str, Fraction, int]:
    """A random expression tree with ``terms`` fraction leaves, minimal parentheses."""
    if terms == 1:
        value = _fraction(rng, max_denominator)
        return f"{value.numerator}/{value.denominator}", value, _LEAF
    left_terms = rng.randint(1, terms - 1)
    left, left_value, left_prec = _expression(rng, left_terms, max_denominator, operators)
    right, right_value, right_prec = _expression(
        rng, terms - left_terms, max_denominator, operators
    )
    op = rng.choice(operators)
    if op == "/" and right_value == 0:
        op = "*"
    prec = _PRECEDENCE[op]
    # Fractions and lower-precedence operands next to * or / are wrapped in parentheses.
    if left_prec < prec or (prec == 2 and left_prec == _LEAF):
        left = f"({left})"
    wrap_right = right_prec < prec or (right_prec == prec and op in "-/")
    if wrap_right or (prec == 2 and right_prec == _LEAF):
        right = f"({right})"
    if op == "+":
        value = left_value + right_value
    elif op == "-":
        value = left_value - right_value
    elif op == "*":
        value = left_value * right_value
    else:
        value = left_value / right_value
    return f"{left} {op} {right}", value, prec
