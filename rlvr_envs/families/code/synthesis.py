"""Function synthesis from a specification with examples, graded by hidden tests.

The task: write ``process_list(xs)`` (or ``process_text(s)``, ``process_number(n)``,
``process_scores(d)``) that performs a numbered list of steps (keep the elements divisible
by 3, rotate the string, add the digits, ...) and a final step saying what to return. Three
examples are shown; the hidden tests (random inputs up to the size knob, plus edge cases
such as empty inputs when ``edge_cases`` is on) are not.

Answer syntax: the whole solution as the last fenced Python block. Graded in the sandbox:
reward 1 only when every hidden test passes; ``score`` is the fraction passed.

Knobs: ``steps`` (1-6 transformations before the final step), ``size`` (longest hidden
input, 4-40), ``edge_cases`` (hidden tests include empty and degenerate inputs). Difficulty
raises all three. ``rlvr/CodeRepair-v0`` is the same task over several turns: after a
failing attempt, the next observation is the failing test's input, expected and actual
output (or the error).
"""

from __future__ import annotations

import random
from typing import Any

from rlvr_envs.core import Draft, Knob, Problem, Verdict
from rlvr_envs.families.code import _programs
from rlvr_envs.families.code._base import CodeFamily, repair_feedback

SHOWN = 3
HIDDEN = 10


def draw_tests(
    rng: random.Random, program: _programs.Program, size: int, edge: bool, count: int
) -> list[dict[str, Any]]:
    """``count`` distinct inputs with their expected outputs; some edge cases if ``edge``."""
    tests: list[dict[str, Any]] = []
    seen: set[str] = set()
    attempts = 0
    while len(tests) < count and attempts < count * 20:
        attempts += 1
        is_edge = edge and len(tests) >= SHOWN and rng.random() < 0.3
        value = _programs.random_input(rng, program.domain, size, edge=is_edge)
        key = repr(value)
        if key in seen:
            continue
        seen.add(key)
        tests.append({"fn": program.function, "args": [value], "expected": program(value)})
    return tests


def interesting(tests: list[dict[str, Any]]) -> bool:
    """At least three different outputs: the program is not (nearly) constant."""
    return len({repr(t["expected"]) for t in tests}) >= 3


def draw_program(
    rng: random.Random, steps: int, size: int, edge: bool, count: int = HIDDEN + SHOWN
) -> tuple[_programs.Program, list[dict[str, Any]]]:
    """A non-degenerate program and its tests (the first ``SHOWN`` are the examples)."""
    for _ in range(200):
        program = _programs.random_program(rng, steps)
        tests = draw_tests(rng, program, size, edge, count)
        if len(tests) == count and interesting(tests):
            return program, tests
    raise RuntimeError("could not draw a non-degenerate program")  # pragma: no cover


def example_lines(tests: list[dict[str, Any]]) -> str:
    return "\n".join(f"    {t['fn']}({t['args'][0]!r}) == {t['expected']!r}" for t in tests[:SHOWN])


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


class CodeRepair(FunctionSynthesis):
    """:class:`FunctionSynthesis` over several turns, with a failing test as feedback."""

    max_turns = 3

    def feedback(self, problem: Problem, verdict: Verdict) -> str:
        return repair_feedback(self, problem, verdict)
