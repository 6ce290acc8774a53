"""Curated problems: 62 hand-written MBPP-style tasks with hidden tests, written for this
project (``data/curated.json``, package data).

Each problem is a short specification of one function (from "count the vowels" to edit
distance and largest rectangle in a histogram) with a reference solution and 5-9 test
inputs whose expected values the reference computed when the file was written. The prompt
shows the first ``examples`` of them; all of them are the hidden tests.

Answer syntax: the whole solution as the last fenced Python block; graded in the sandbox
(reward 1 only when every test passes; ``score`` is the fraction).

Knobs: ``level`` (1-3, the hand-assigned level: 21, 21 and 20 problems) and ``examples``
(shown examples, 3 down to 1 as difficulty rises).
"""

from __future__ import annotations

import json
import random
from functools import cache
from importlib import resources
from typing import Any

from rlvr_envs.core import Draft, Knob
from rlvr_envs.families.code._base import CodeFamily


@cache
def problems() -> tuple[dict[str, Any], ...]:
    """The curated problems, loaded once from the package data."""
    text = resources.files("rlvr_envs.families.code").joinpath("data/curated.json").read_text()
    return tuple(json.loads(text)["problems"])


class CuratedCode(CodeFamily):
    """One of the hand-written problems."""

    answer_form = "python program"

    knobs = {
        "level": Knob("int", 1, 3, default=1, doc="hand-assigned level of the problem"),
        "examples": Knob("int", 1, 3, default=3, easy=3, hard=1, doc="examples shown"),
    }

    def generate(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        pool = [p for p in problems() if p["level"] == knobs["level"]]
        problem = rng.choice(pool)
        fn = problem["fn"]
        tests = [{"fn": fn, "args": t["args"], "expected": t["expected"]} for t in problem["tests"]]
        shown = "\n".join(
            f"    {fn}({', '.join(repr(a) for a in t['args'])}) == {t['expected']!r}"
            for t in tests[: knobs["examples"]]
        )
        question = (
            f"Write a Python function `{problem['signature']}`.\n\n{problem['statement']}\n\n"
            f"{'Example' if knobs['examples'] == 1 else 'Examples'}:\n{shown}\n\n"
            "Use only the Python standard library; hidden tests will check the function."
        )
        lines = problem["solution"].count("\n")
        meta = {
            "problem": problem["id"],
            "hidden_tests": tests,
            "complexity": problem["level"] + (3 - knobs["examples"]) * 0.2 + lines / 100,
        }
        return Draft(question, problem["solution"], meta)
