"""FunctionSynthesis: write a function from a specification with examples, graded by hidden tests.

The task: write ``process_list(xs)`` (or ``process_text(s)``, ``process_number(n)``,
``process_scores(d)``) that performs a numbered list of steps (keep the elements divisible
by 3, rotate the string, add the digits, ...) and a final step saying what to return. Three
examples are shown; the hidden tests (random inputs up to the size knob, plus edge cases
such as empty inputs when ``edge_cases`` is on) are not.

Answer syntax: the whole solution as the last fenced Python block. Graded in the sandbox:
reward 1 only when every hidden test passes; ``score`` is the fraction passed.

Knobs: ``steps`` (1-6 transformations before the final step), ``size`` (longest hidden
input, 4-40), ``edge_cases`` (hidden tests include empty and degenerate inputs). Difficulty
raises all three.
"""

from __future__ import annotations

import random
from typing import Any

from rlvr_envs.core import Draft, Knob
from rlvr_envs.families.code import _programs
from rlvr_envs.families.code._base import CodeFamily
from rlvr_envs.families.code.program_tests import SHOWN, draw_program, example_lines


class FunctionSynthesis(CodeFamily):
    """Write a function from a step-by-step specification and examples."""

    answer_form = "python program"

    knobs = {
        "steps": Knob("int", 1, 6, default=2, doc="transformations before the final step"),
        "size": Knob("int", 4, 40, default=8, doc="longest hidden input"),
        "edge_cases": Knob("bool", doc="hidden tests include empty and degenerate inputs"),
    }

    def generate(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        program, tests = draw_program(rng, knobs["steps"], knobs["size"], knobs["edge_cases"])
        _, arg, described = _programs.DOMAINS[program.domain]
        question = (
            f"Write a Python function `{program.function}({arg})` that takes {described} and "
            f"does the following, in order:\n\n{program.spec()}\n\n"
            f"Examples:\n{example_lines(tests)}\n\n"
            "Use only the Python standard library. Your function will be called on hidden "
            "test inputs."
        )
        meta = {
            "function": program.function,
            "program": program.to_json(),
            "hidden_tests": tests[SHOWN:],
            "complexity": _programs.complexity(program, knobs["size"]) + knobs["edge_cases"],
        }
        return Draft(question, program.source(), meta)
