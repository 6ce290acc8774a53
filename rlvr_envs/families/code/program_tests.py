"""Generated programs with shown examples and hidden tests, shared by the code families
that ask for a program (FunctionSynthesis, CodeRepair, BugFix).
"""

from __future__ import annotations

import random
from typing import Any

from rlvr_envs.families.code import _programs

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
