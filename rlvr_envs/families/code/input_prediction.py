"""InputPrediction: an input for which a generated program returns a shown target
(CRUXEval-style).

The answer is an argument, as a Python literal in ``<answer>`` tags. Several inputs are
usually right, so the check runs the shown program on the proposed input in the sandbox and
compares the result on the host.

* ``rlvr/InputPrediction-v0`` (as first released): the target may be a value the program
  maps to itself, and then the target itself is a right answer (about one problem in
  twenty), which copying the prompt finds: train on v1.
* ``rlvr/InputPrediction-v1``: the target is never a value the program maps to itself.
  (``rlvr/Code-v1`` froze this generator under the v0 id, before v0 was restored.)

Knobs: ``steps`` (1-6 transformations) and ``size`` (longest input, 3-24).
"""

from __future__ import annotations

import random
from typing import Any

from rlvr_envs.core import Draft, Judgement, Problem
from rlvr_envs.families.code import _programs
from rlvr_envs.families.code._base import CodeFamily, parse_literal
from rlvr_envs.families.code.program_values import KNOBS, draw_call, valid_input


class InputPrediction(CodeFamily):
    """Find an input for which a generated program returns a given value."""

    knobs = KNOBS
    answer_format = "tags"
    answer_syntax = "the argument as a Python literal (strings in quotes)"
    answer_form = "python literal"
    no_fixed_point = False  # v1: never a target that the program maps to itself

    def generate(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        program, value, result = draw_call(rng, knobs, no_fixed_point=self.no_fixed_point)
        _, arg, described = _programs.DOMAINS[program.domain]
        question = (
            f"Here is a Python function:\n\n```python\n{program.source()}```\n\n"
            f"Find an argument `{arg}` ({described.split(' `')[0]}) for which "
            f"`{program.function}({arg})` returns `{result!r}`."
        )
        meta = {
            "program": program.to_json(),
            "source": program.source(),
            "output": result,
            "complexity": _programs.complexity(program, knobs["size"]),
        }
        return Draft(question, repr(value), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        ok, value = parse_literal(answer)
        program = _programs.Program.from_json(problem.meta["program"])
        if not ok or not valid_input(program.domain, value):
            return Judgement.unparsable(f"not a valid argument for {program.function}")
        test = {"fn": program.function, "args": [value], "expected": problem.meta["output"]}
        return self.run_hidden_tests(problem, problem.meta["source"], [test])


class InputPredictionV1(InputPrediction):
    """Find an input for which a generated program returns a given value, never a fixed point."""

    name = "InputPrediction"
    no_fixed_point = True
