"""A generated program with an input and its value, and the bounds on input values, shared by
the prediction families (OutputPrediction, InputPrediction).
"""

from __future__ import annotations

import random
from typing import Any

from rlvr_envs.core import Knob
from rlvr_envs.families.code import _programs
from rlvr_envs.sandbox.grading import same_value

MAX_INPUT_ITEMS = 1000


MAX_INT = 10**12


def draw_call(
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
        if no_fixed_point and maps_to_itself(program, result):
            continue
        return program, value, result
    raise RuntimeError("could not draw a program with a non-empty result")  # pragma: no cover


def maps_to_itself(program: _programs.Program, value: Any) -> bool:
    if not valid_input(program.domain, value):
        return False
    return same_value(value, program(value))


KNOBS = {
    "steps": Knob("int", 1, 6, default=2, doc="transformations before the final step"),
    "size": Knob("int", 3, 24, default=6, doc="length of the input"),
}


def valid_input(domain: str, value: Any) -> bool:
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
