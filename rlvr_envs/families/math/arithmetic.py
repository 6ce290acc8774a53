"""Arithmetic expressions: evaluate an integer expression with + - * / and parentheses.

Knobs: ``terms`` (numbers in the expression), ``digits`` (size of each number) and
``operators`` (which operations appear, easiest first). Difficulty raises all three.
Division is exact, so the answer is an integer or a fraction in lowest terms.
"""

from __future__ import annotations

import random
from fractions import Fraction

from rlvr_envs.core import Draft, Knob
from rlvr_envs.families.shared.formulas import fraction_text
from rlvr_envs.families.shared.math_answers import MathFamily

_PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2}


class Arithmetic(MathFamily):
    """Evaluate an arithmetic expression exactly.

    Answer syntax: a number; an integer, or a fraction ``p/q`` when division leaves one.
    """

    knobs = {
        "terms": Knob("int", 2, 16, default=3, easy=2, hard=10, doc="numbers in the expression"),
        "digits": Knob("int", 1, 8, default=2, easy=1, hard=4, doc="digits per number"),
        "operators": Knob(
            "categorical", choices=("+-", "+-*", "+-*/"), default="+-*", doc="operations used"
        ),
    }
    answer_syntax = "the exact value (an integer, or a fraction p/q in lowest terms)"
    answer_form = "rational"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        text, value, _ = _expression(rng, knobs["terms"], knobs["digits"], knobs["operators"])
        return Draft(f"Compute the value of {text}.", fraction_text(value), {"expression": text})

    def complexity(self, problem) -> float:
        """Digits written plus operators applied."""
        expression = problem.meta["expression"]
        return sum(c.isdigit() for c in expression) + sum(c in "+-*/" for c in expression)


def _expression(rng: random.Random, terms: int, digits: int, operators: str):
    """A random expression tree with ``terms`` leaves, rendered with minimal parentheses."""
    if terms == 1:
        number = rng.randint(1 if digits == 1 else 10 ** (digits - 1), 10**digits - 1)
        return str(number), Fraction(number), 3
    left_terms = rng.randint(1, terms - 1)
    left, left_value, left_prec = _expression(rng, left_terms, digits, operators)
    for _ in range(20):
        right, right_value, right_prec = _expression(rng, terms - left_terms, digits, operators)
        op = rng.choice(operators)
        if op != "/" or right_value != 0:
            break
    else:
        op = "+"
    prec = _PRECEDENCE[op]
    if left_prec < prec:
        left = f"({left})"
    if right_prec < prec or (right_prec == prec and op in "-/"):
        right = f"({right})"
    value = {
        "+": lambda: left_value + right_value,
        "-": lambda: left_value - right_value,
        "*": lambda: left_value * right_value,
        "/": lambda: left_value / right_value,
    }[op]()
    return f"{left} {op} {right}", value, prec
