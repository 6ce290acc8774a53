"""TuringMachineRun: the configuration of a Turing machine after it halts, or after exactly k
steps.

A machine with a few states (``A`` to ``E``, the halting state ``H``) and one tape over ``0``,
``1`` and the blank ``_`` is given as its full rule table, with an input of 0s and 1s and the
head on its first letter in state ``A``. In half the problems it is to be run until it halts
(machines are drawn so that they halt within the stated bound; the bound is the ``steps``
knob and the run takes between half of it and all of it); in the other half it has no
halting rule and is to be run for exactly ``steps`` steps, as it is where 300 draws find no
machine that halts late enough (few states cannot run long before halting). The answer is
the configuration then, which is unique; the check compares it cell by cell (blank cells
at either end of the written tape are ignored, the head's position relative to the cells is
not).

Answer syntax: the state, a space, and the tape from the leftmost cell that is non-blank or
under the head to the rightmost such cell, with ``_`` for blanks and the head's cell in
brackets (``C 0[_]1``).

Knobs: ``states`` (2 -> 5), ``steps`` (the run's length, 4 -> 40) and ``input_length``
(letters of the input, 2 -> 10). Difficulty raises all three.
"""

from __future__ import annotations

import itertools
import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.formal.machines import (
    BLANK,
    TapeConfig,
    format_table,
    random_turing_table,
    run_turing,
)

_CONFIG = re.compile(r"([A-Z])\s+([01_]*)\[([01_])\]([01_]*)")


def canonical_config(text: str) -> str | None:
    """A written configuration with blank cells at either end of the tape dropped (except
    under the head), or ``None`` when ``text`` is not one."""
    match = _CONFIG.fullmatch(" ".join(text.split()))
    if not match:
        return None
    state, left, head, right = match.groups()
    return f"{state} {left.lstrip(BLANK)}[{head}]{right.rstrip(BLANK)}"


class TuringMachineRun(Family):
    """The state and tape of a Turing machine after it halts or after k steps."""

    knobs: ClassVar[dict[str, Knob]] = {
        "states": Knob("int", 2, 6, default=3, easy=2, hard=5, doc="non-halting states"),
        "steps": Knob("int", 2, 80, default=12, easy=4, hard=40, doc="steps of the run"),
        "input_length": Knob("int", 1, 14, default=4, easy=2, hard=10, doc="input letters"),
    }
    answer_syntax = (
        "the state, a space, and the tape with the head's cell in brackets (e.g. Q 0[_]1)"
    )
    answer_form = "a machine configuration: state and bracketed tape"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        states, steps, length = (
            int(knobs["states"]),
            int(knobs["steps"]),
            int(knobs["input_length"]),
        )
        halting = rng.random() < 0.5
        for attempt in itertools.count():
            if attempt == 300:  # few states cannot run long before halting (busy beavers)
                halting = False
            tape = "".join(rng.choice("01") for _ in range(length))
            table = random_turing_table(rng, states, rng.randint(1, 2) if halting else 0)
            end = run_turing(table, tape, limit=steps)
            start = TapeConfig("A", {k: c for k, c in enumerate(tape)}).render()
            if end.render() == start:
                continue
            if halting and end.state == "H" and end.steps >= max(1, (steps + 1) // 2):
                break
            if not halting and end.steps == steps:
                break
        names = ", ".join("ABCDEF"[:states])
        task = (
            f"Run it until it halts (it halts within {steps} steps)."
            if halting
            else f"Run it for exactly {steps} steps (it has no halting rule)."
        )
        question = (
            f"A Turing machine has the states {names} and the halting state H, and one tape "
            "over the symbols 0, 1 and the blank _ (every cell not written below is blank). "
            "A rule `A 0 -> 1 R B` means: in state A reading 0, write 1, move the head one "
            "cell right and go to state B.\n\n"
            f"{format_table(table)}\n\n"
            f"It starts in state A with the head on the first letter of the input {tape}, "
            f"that is in the configuration {start}. {task}\n\n"
            "Give the configuration afterwards: the state, a space, and the tape from the "
            "leftmost to the rightmost cell that is non-blank or under the head, with _ for "
            "a blank and the head's cell in brackets (in a state Q with the head on a blank "
            "between 0 and 1 that reads `Q 0[_]1`)."
        )
        meta = {
            "table": [[s, c, w, m, n] for (s, c), (w, m, n) in table.items()],
            "tape": tape,
            "steps": steps,
            "halting": halting,
            "run": end.steps,
        }
        return Draft(question, end.render(), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        given = canonical_config(answer)
        if given is None:
            return Judgement.unparsable("expected a state, a space and a tape like 0[1]_1")
        if given == canonical_config(problem.answer):
            return Judgement.right()
        state = given.split()[0]
        if state != problem.answer.split()[0]:
            return Judgement.wrong(why=f"the machine is not in state {state} then")
        return Judgement.wrong(why="the tape or the head's position differs")

    def complexity(self, problem: Problem) -> float:
        """Steps of the run."""
        return float(problem.meta["run"])
