"""OutputPrediction: the return value of a generated program on a shown call (CRUXEval-style).

The answer is the call's return value as a Python literal in ``<answer>`` tags (strings
quoted), compared structurally with the value the generator computed (``True`` is not
``1``). Nothing is executed: the answer is parsed with :func:`ast.literal_eval` behind a
nesting guard.

Knobs: ``steps`` (1-6 transformations) and ``size`` (longest input, 3-24).
"""

from __future__ import annotations

import random
from typing import Any

from rlvr_envs.core import Draft, Judgement, Problem
from rlvr_envs.families.code import _programs
from rlvr_envs.families.code._base import CodeFamily, parse_literal
from rlvr_envs.families.code.program_values import KNOBS, draw_call
from rlvr_envs.sandbox.grading import same_value


class OutputPrediction(CodeFamily):
    """Predict what a generated program returns."""

    knobs = KNOBS
    answer_format = "tags"
    answer_syntax = "the return value as a Python literal (strings in quotes)"
    answer_form = "python literal"
    unique_answer = True
    needs_sandbox = False

    def generate(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        program, value, result = draw_call(rng, knobs)
        question = (
            f"Here is a Python function:\n\n```python\n{program.source()}```\n\n"
            f"What does `{_programs.call_repr(program, value)}` return?"
        )
        meta = {
            "program": program.to_json(),
            "input": value,
            "output": result,
            "complexity": _programs.complexity(program, knobs["size"]),
        }
        return Draft(question, repr(result), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        ok, value = parse_literal(answer)
        if not ok:
            return Judgement.unparsable("not a Python literal")
        if same_value(problem.meta["output"], value):
            return Judgement.right()
        return Judgement.wrong()
