"""Bug fixing: a correct generated program with injected faults; hidden tests reveal them.

The prompt gives the specification (numbered steps), two examples of correct behaviour and
the faulty code. Faults are the mistakes people make: a wrong constant, a comparison
turned around, a sort in the wrong direction, ``take`` for ``drop``, ``max`` for ``min``.
Every fault is checked to change the result on at least one shown example and one hidden
test, so the bug is visible and the hidden tests catch an unfixed program.

Answer syntax: the whole corrected function as the last fenced Python block; graded by
hidden tests in the sandbox (reward 1 only when all pass; ``score`` is the fraction).

Knobs: ``steps`` (2-6 transformations), ``bugs`` (1-3 injected faults), ``size`` (longest
hidden input, 4-30).
"""

from __future__ import annotations

import random
from typing import Any

from rlvr_envs.core import Draft, Knob
from rlvr_envs.families.code import _programs
from rlvr_envs.families.code._base import CodeFamily
from rlvr_envs.families.code.program_tests import SHOWN, draw_program, example_lines

EXAMPLES = 2


def mutate(rng: random.Random, step: list[Any]) -> list[Any]:
    """One plausible fault in a step: a sibling operation, or a nearby constant."""
    name, params = step
    op = _programs.OPS[name]
    if params and rng.random() < 0.5:
        index = rng.randrange(len(params))
        value = params[index]
        if isinstance(value, int):
            changed = list(params)
            changed[index] = value + rng.choice([-1, 1])
            if changed[index] != 0 or name not in ("add", "nadd"):
                return [name, changed]
    sibling = _programs.OPS[rng.choice(op.siblings)] if op.siblings else op
    if sibling.name == name:
        return [name, op.sample(rng)]
    same_shape = len(sibling.sample(random.Random(0))) == len(params)
    return [sibling.name, list(params) if same_shape else sibling.sample(rng)]


def inject(
    rng: random.Random, program: _programs.Program, bugs: int, tests: list[dict[str, Any]]
) -> _programs.Program | None:
    """``program`` with ``bugs`` distinct steps mutated, each fault visible on its own."""
    positions = rng.sample(range(len(program.steps)), min(bugs, len(program.steps)))
    steps = [list(s) for s in program.steps]
    for position in positions:
        for _ in range(20):
            candidate = mutate(rng, steps[position])
            if candidate == steps[position]:
                continue
            trial = _programs.Program(
                program.domain, [*steps[:position], candidate, *steps[position + 1 :]]
            )
            if _differs(trial, tests[:EXAMPLES]) and _differs(trial, tests[SHOWN:]):
                steps = trial.steps
                break
        else:
            return None
    return _programs.Program(program.domain, steps)


def _differs(program: _programs.Program, tests: list[dict[str, Any]]) -> bool:
    for test in tests:
        try:
            if program(test["args"][0]) != test["expected"]:
                return True
        except (ValueError, ZeroDivisionError, TypeError):
            return True
    return False


class BugFix(CodeFamily):
    """Fix the injected bugs of a generated function."""

    answer_form = "python program"

    knobs = {
        "steps": Knob("int", 2, 6, default=3, doc="transformations before the final step"),
        "bugs": Knob("int", 1, 3, default=1, doc="injected faults"),
        "size": Knob("int", 4, 30, default=8, doc="longest hidden input"),
    }

    def generate(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        for _ in range(200):
            program, tests = draw_program(rng, knobs["steps"], knobs["size"], edge=True)
            faulty = inject(rng, program, knobs["bugs"], tests)
            if faulty is not None:
                break
        else:  # pragma: no cover
            raise RuntimeError("could not inject visible bugs")
        _, arg, described = _programs.DOMAINS[program.domain]
        plural = "bug" if knobs["bugs"] == 1 else f"{knobs['bugs']} bugs"
        question = (
            f"The function `{program.function}({arg})` should take {described} and do the "
            f"following, in order:\n\n{program.spec()}\n\n"
            f"For example:\n{example_lines(tests[:EXAMPLES])}\n\n"
            f"This implementation has {'a ' if knobs['bugs'] == 1 else ''}{plural}:\n\n"
            f"```python\n{faulty.source()}```\n\n"
            "Fix it. Hidden tests will check the corrected function."
        )
        meta = {
            "function": program.function,
            "program": program.to_json(),
            "faulty": faulty.to_json(),
            "hidden_tests": tests[SHOWN:],
            "complexity": len(program.steps) + knobs["bugs"] + knobs["size"] / 100,
        }
        return Draft(question, program.source(), meta)
