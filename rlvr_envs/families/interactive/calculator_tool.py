"""CalculatorTool: the exact value of an expression in numbers too large to do by hand, with a
calculator the env runs.

The prompt shows an expression of ``operations`` operations (+, -, *, and a square or cube)
on whole numbers of up to ``digits`` digits. The ``calculator`` tool evaluates an expression
exactly (:func:`~rlvr_envs.families.interactive.tools.evaluate`: numbers, ``+ - * /``, ``^``,
parentheses; never ``eval``). Turns follow the tool-call protocol of
:mod:`~rlvr_envs.families.interactive.tools`: tool calls, then one final answer; a right
value is ``solved`` (reward 1), a wrong one ``lost`` (reward 0).

Answer syntax (final turn): one integer (``-83810205``), in the problem's answer format.

Knobs: ``digits`` (4 -> 12), ``operations`` (3 -> 8) and ``calls`` (calculator calls allowed,
4 -> 1). Difficulty map: 0 is three operations on four-digit numbers with four calls; 1 is
eight operations on twelve-digit numbers with one call (the whole expression at once).
A constant or a number copied from the prompt is never the value (generation retries).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.interactive.tools import Tool, ToolFamily, calculator_result, evaluate

CALCULATOR = Tool(
    "calculator",
    "evaluates an arithmetic expression exactly (numbers, + - * /, ^ for powers, parentheses)",
    (("expression", "string", "the expression, e.g. (12345 + 678) * 9^2"),),
)


def random_expression(rng: random.Random, operations: int, digits: int) -> str:
    """An expression with ``operations`` binary operations (and maybe one power)."""

    def number() -> str:
        return str(rng.randint(10 ** (digits - 1), 10**digits - 1))

    text = number()
    for k in range(operations):
        op = rng.choice("+-*")
        operand = number()
        if k == operations - 1 and rng.random() < 0.5:
            operand = f"{rng.randint(11, 10 ** min(digits, 4) - 1)}^{rng.choice((2, 3))}"
        text = f"({text} {op} {operand})" if rng.random() < 0.5 else f"{text} {op} {operand}"
    return (
        text.removeprefix("(").removesuffix(")") if text.startswith("(") and _outer(text) else text
    )


def _outer(text: str) -> bool:
    """Whether the first parenthesis of ``text`` closes at its last character."""
    depth = 0
    for k, ch in enumerate(text):
        depth += (ch == "(") - (ch == ")")
        if depth == 0:
            return k == len(text) - 1
    return False


class CalculatorTool(ToolFamily):
    """Evaluate a large-number expression with a calculator tool, then answer."""

    answer_syntax = "the exact value, one integer"
    answer_form = "one integer"
    tools = (CALCULATOR,)
    knobs: ClassVar[dict[str, Knob]] = {
        "digits": Knob("int", 4, 12, doc="digits of each number"),
        "operations": Knob("int", 3, 8, doc="operations in the expression"),
        "calls": Knob("int", 1, 4, easy=4, hard=1, doc="calculator calls allowed"),
    }

    def generate(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        while True:
            expression = random_expression(rng, knobs["operations"], knobs["digits"])
            value = evaluate(expression)
            if str(value.numerator) not in expression.replace("(", " ").replace(")", " ").split():
                break
        calls = knobs["calls"]
        turns = calls + 2
        question = (
            f"What is the exact value of\n\n{expression}\n\n(^ is a power)?\n\n"
            + self.tool_prompt(turns, calls)
        )
        meta = {**self.tool_meta(turns, calls), "expression": expression}
        return Draft(question, str(value.numerator), meta)

    def run_tool(self, problem: Problem, name: str, arguments: dict[str, Any]) -> str:
        return calculator_result(arguments["expression"])

    def complexity(self, problem: Problem) -> float:
        k = problem.knobs
        return k["digits"] * k["operations"] / 4 + 4 - k["calls"]
