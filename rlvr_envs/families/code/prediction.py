"""Output and input prediction for generated programs (CRUXEval-style).

*OutputPrediction*: a program and a call are shown; the answer is the call's return value
as a Python literal in ``<answer>`` tags (strings quoted), compared structurally with the
value the generator computed (``True`` is not ``1``). Nothing is executed: the answer is
parsed with :func:`ast.literal_eval` behind a nesting guard.

*InputPrediction*: a program and a target return value are shown; the answer is an
argument, as a Python literal in ``<answer>`` tags, for which the function returns the
target. Several inputs are usually right, so the check runs the shown program on the
proposed input in the sandbox and compares the result on the host.

Knobs (both): ``steps`` (1-6 transformations) and ``size`` (longest input, 3-24).
"""

from __future__ import annotations

import random
from typing import Any

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.code import _programs
from rlvr_envs.families.code._base import CodeFamily, parse_literal
from rlvr_envs.sandbox.grading import same_value

MAX_INPUT_ITEMS = 1000
MAX_INT = 10**12


def _draw(
    rng: random.Random, knobs: dict[str, Any], *, no_fixed_point: bool = False
) -> tuple[_programs.Program, Any, Any]:
    """A program that is not (nearly) constant, an input and its non-empty result.

    ``no_fixed_point`` (input prediction) also rejects a result that the program maps to
    itself: there, answering with the target value would be right without inverting
    anything, a copy of the prompt that ``rlvr audit``'s echo check found.
    """
    for _ in range(200):
        program = _programs.random_program(rng, knobs["steps"])
        probes = [_programs.random_input(rng, program.domain, knobs["size"]) for _ in range(8)]
        if len({repr(program(p)) for p in probes}) < 3:
            continue
        value = _programs.random_input(rng, program.domain, knobs["size"])
        result = program(value)
        if result in ([], {}, "", None):
            continue
        if no_fixed_point and _maps_to_itself(program, result):
            continue
        return program, value, result
    raise RuntimeError("could not draw a program with a non-empty result")  # pragma: no cover


def _maps_to_itself(program: _programs.Program, value: Any) -> bool:
    if not _valid_input(program.domain, value):
        return False
    return same_value(value, program(value))


KNOBS = {
    "steps": Knob("int", 1, 6, default=2, doc="transformations before the final step"),
    "size": Knob("int", 3, 24, default=6, doc="length of the input"),
}


class OutputPrediction(CodeFamily):
    """Predict what a generated program returns."""

    knobs = KNOBS
    answer_format = "tags"
    answer_syntax = "the return value as a Python literal (strings in quotes)"
    answer_form = "python literal"
    unique_answer = True
    needs_sandbox = False

    def generate(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        program, value, result = _draw(rng, knobs)
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


def _valid_input(domain: str, value: Any) -> bool:
    """The proposed argument has the type the function takes, within sane bounds."""

    def small_int(x: Any) -> bool:
        return type(x) is int and abs(x) <= MAX_INT

    if domain == "list":
        return (
            isinstance(value, list) and len(value) <= MAX_INPUT_ITEMS and all(map(small_int, value))
        )
    if domain == "text":
        return isinstance(value, str) and len(value) <= MAX_INPUT_ITEMS
    if domain == "number":
        return small_int(value)
    return (
        isinstance(value, dict)
        and len(value) <= MAX_INPUT_ITEMS
        and all(isinstance(k, str) and k and small_int(v) for k, v in value.items())
    )


class InputPrediction(CodeFamily):
    """Find an input for which a generated program returns a given value."""

    knobs = KNOBS
    answer_format = "tags"
    answer_syntax = "the argument as a Python literal (strings in quotes)"
    answer_form = "python literal"

    def generate(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        program, value, result = _draw(rng, knobs, no_fixed_point=True)
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
        if not ok or not _valid_input(program.domain, value):
            return Judgement.unparsable(f"not a valid argument for {program.function}")
        test = {"fn": program.function, "args": [value], "expected": problem.meta["output"]}
        return self.run_hidden_tests(problem, problem.meta["source"], [test])
