"""ListFunctionProgram: write a hidden list function as a program in a stated library.

The prompt states the same library of 18 list operations as ListFunctionOutput and shows
input -> output examples of a hidden composition of exactly ``depth`` of them. The answer
is a program: at most ``depth`` operation names, applied in order. Any program that fits
scores 1: the check runs it on every example and on hidden inputs of the same kind, and
the generator adds examples until *every* program of at most ``depth`` operations that fits
the examples also agrees with the hidden function on the hidden inputs (an exhaustive
enumeration), so a program that fits what is shown never fails a hidden input. No program
of fewer operations fits, so a single name from the library is never right where
``depth`` > 1.

Answer syntax: operation names from the library, in the order they apply, separated by
commas (``add_1, double``); ``|`` or ``->`` between them is read the same way.

Knobs: ``depth`` (operations in the hidden function and the most the answer may use,
1 -> 3), ``length`` (the longest list, 4 -> 8) and ``examples`` (examples shown at least,
4 -> 2; more are added where needed). Difficulty raises the depth and the length and
lowers the examples.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.induction.compositions import run
from rlvr_envs.families.induction.list_operations import (
    LIBRARY,
    NAMES,
    OPS,
    draw_list_problem,
    library_text,
    show,
)

_SEPARATOR = re.compile(r"\s*(?:,|\||->|→)\s*")
HIDDEN = 6


def read_program(answer: str) -> list[str]:
    """Operation names separated by commas, ``|`` or arrows (names checked by the caller)."""
    text = answer.strip()
    if not text or len(text) > 500:
        raise ValueError("expected operation names separated by commas")
    names = _SEPARATOR.split(text)
    if not all(re.fullmatch(r"[a-z_0-9]+", n) for n in names):
        raise ValueError("expected operation names separated by commas")
    return names


class ListFunctionProgram(Family):
    """A program of library list operations that fits examples and hidden inputs."""

    knobs: ClassVar[dict[str, Knob]] = {
        "depth": Knob("int", 1, 3, default=2, easy=1, hard=3, doc="operations composed"),
        "length": Knob("int", 3, 10, default=6, easy=4, hard=8, doc="longest list"),
        "examples": Knob("int", 1, 6, default=3, easy=4, hard=2, doc="examples shown at least"),
    }
    answer_syntax = (
        "operation names from the library in the order they apply, separated by commas "
        "(e.g. sort, add_1)"
    )
    answer_form = "operation names separated by commas"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        depth, length = int(knobs["depth"]), int(knobs["length"])
        target, examples, queries, _ = draw_list_problem(
            rng, depth, length, int(knobs["examples"]), hidden=HIDDEN
        )
        lines = "\n".join(f"  {show(x)} -> {show(y)}" for x, y in examples)
        exactly = "one operation" if depth == 1 else f"a sequence of {depth} operations"
        most = "one operation name" if depth == 1 else f"at most {depth} operation names"
        question = (
            f"A hidden function turns a list of integers into a list of integers. It is "
            f"{exactly} from this library, applied in order (an operation may repeat):\n"
            f"{library_text()}\n\nExamples:\n{lines}\n\nWrite a program for the function: "
            f"{most} from the library, in the order they apply. It is checked on the examples "
            "and on hidden inputs of the same kind; any program that gives the hidden "
            "function's output on all of them is right."
        )
        inputs = [x for x, _ in examples] + queries
        meta = {
            "depth": depth,
            "examples": [[list(x), list(y)] for x, y in examples],
            "hidden_tests": [[list(q), list(run(OPS, target, q))] for q in queries],
        }
        assert all(run(OPS, target, x) is not None for x in inputs)
        return Draft(question, ", ".join(LIBRARY[i][0] for i in target), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            names = read_program(answer)
        except ValueError as exc:
            return Judgement.unparsable(str(exc))
        unknown = [n for n in names if n not in NAMES]
        if unknown:
            return Judgement.wrong(why=f"not a library operation: {unknown[0][:40]}")
        if len(names) > problem.meta["depth"]:
            return Judgement.wrong(why="more operations than allowed")
        program = tuple(NAMES[n] for n in names)
        tests = problem.meta["examples"] + problem.meta["hidden_tests"]
        failed = sum(run(OPS, program, tuple(x)) != tuple(y) for x, y in tests)
        if failed:
            return Judgement.wrong(score=1 - failed / len(tests), failed=failed)
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Operations composed times the list length, over the examples shown."""
        meta = problem.meta
        longest = max(len(x) for x, _ in meta["examples"])
        return meta["depth"] * (longest + 1) * 4 / len(meta["examples"])
