"""BaseArithmetic: add, subtract and multiply numbers written in a base from 2 to 36.

The operands and the result are written in the same base b; the arithmetic is the
schoolbook algorithm with carries and borrows in base b (a column sum s gives digit s mod b
and carry s div b). Values are plain Python integers; nothing here needs sympy.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.math.base_conversion import DIGITS, to_base
from rlvr_envs.families.math.number_theory_parts import unwrap
from rlvr_envs.families.shared.math_answers import MathFamily


class BaseArithmetic(MathFamily):
    """Arithmetic on numerals in base b, answered in base b.

    Difficulty moves ``operation`` through ``add``, ``subtract``, ``multiply`` and ``mixed``
    (A * B + C or A * B - C), and raises ``digits`` (digits of each operand in base b) and
    ``max_base`` (the largest base drawn; base 10 is never drawn).

    Answer syntax: the digits of the result in base b, letters A-Z for digit values 10 to
    35 (case-insensitive), a leading ``-`` for a negative result; no prefix, subscript or
    other text (leading zeros are ignored). A digit too large for the base is unparsable.
    """

    knobs: ClassVar[dict[str, Knob]] = {
        "operation": Knob(
            "categorical",
            choices=("add", "subtract", "multiply", "mixed"),
            default="add",
            doc="the operation",
        ),
        "digits": Knob("int", 2, 12, default=4, easy=3, hard=8, doc="digits per operand"),
        "max_base": Knob("int", 3, 36, default=9, easy=9, hard=36, doc="largest base drawn"),
    }
    answer_syntax = "only the digits of the result in the given base"
    answer_form = "digits in the given base (optional leading -)"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        base = rng.choice([b for b in range(2, knobs["max_base"] + 1) if b != 10])
        digits, op = knobs["digits"], knobs["operation"]

        def operand(n: int = digits) -> int:
            return rng.randint(base ** (n - 1), base**n - 1)

        for _ in range(50):
            a, b = operand(), operand(max(2, digits - rng.randint(0, 2)))
            if op == "add":
                value, text = a + b, f"{to_base(a, base)} + {to_base(b, base)}"
            elif op == "subtract":
                b = operand()  # same length: the result may be negative
                value, text = a - b, f"{to_base(a, base)} - {to_base(b, base)}"
            elif op == "multiply":
                value, text = a * b, f"{to_base(a, base)} * {to_base(b, base)}"
            else:
                b = operand(max(2, digits // 2 + 1))
                c = operand(digits + 1)
                sign = rng.choice("+-")
                value = a * b + c if sign == "+" else a * b - c
                text = f"{to_base(a, base)} * {to_base(b, base)} {sign} {to_base(c, base)}"
            answer = to_base(abs(value), base)
            if value != 0 and answer not in text.split():
                break
        answer = f"-{answer}" if value < 0 else answer
        letters = " Digits above 9 are the letters A, B, C, ... (A = 10)." if base > 10 else ""
        question = (
            f"All numbers here are written in base {base}. Compute {text} and write the "
            f"result in base {base}.{letters}\nWrite only the digits of the result (with a "
            "leading minus sign if it is negative), with no base subscript or other text."
        )
        return Draft(question, answer, {"base": base, "expression": text, "value": str(value)})

    def check(self, problem: Problem, answer: str) -> Judgement:
        base = problem.meta["base"]
        text = unwrap(answer).lower()  # $...$, \(...\), \text{...}, a final period
        negative = text.startswith("-")
        body = text[1:] if negative else text
        if not body or any(c not in DIGITS[:base] for c in body):
            return Judgement.unparsable(f"not a base-{base} numeral")
        body = body.lstrip("0") or "0"
        if len(body) > len(problem.answer) + 1:  # far too long (and int() limits digits)
            return Judgement.wrong()
        value = int(body, base)
        # One value has one numeral in base b (leading zeros aside), so comparing is right.
        return (
            Judgement.right()
            if (-value if negative else value) == int(problem.meta["value"])
            else Judgement.wrong()
        )

    def complexity(self, problem: Problem) -> float:
        """Digits read and written, weighted up for products (digit-by-digit work)."""
        expression = problem.meta["expression"]
        operands = [t for t in expression.split() if t not in "+-*"]
        work = sum(len(t) for t in operands) + len(problem.answer)
        if "*" in expression:
            work += len(operands[0]) * len(operands[1])
        return work
