"""VariableTracking: the value a variable holds at the end of a long straight-line program.

The program is a list of statements ``VAR <x> = <number>`` and ``VAR <x> = VAR <y>`` (a copy
of y's value at that moment). A chain of ``copies`` copies carries one number from its first
variable to the asked one; thousands of other statements assign and copy other variables,
copy from the chain's variables, and overwrite a chain variable after it has been copied on
(so its last value is not what the chain carried). Nothing overwrites the asked variable
after the chain reaches it.

Answer syntax: one integer (the variable's final value).

Knobs: ``kchars`` (program length in thousands of characters, 0.3 -> 100, geometric in
difficulty squared) and ``copies`` (copies in the chain, 1 -> 8). Difficulty raises both.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.long_context.haystack import (
    KCHARS,
    LongContextFamily,
    common_words,
    target_chars,
)
from rlvr_envs.families.shared.answer_parsing import judge_integer


class VariableTracking(LongContextFamily):
    """The final value of a variable reached by a chain of copies in a long program."""

    knobs: ClassVar[dict[str, Knob]] = {
        "kchars": KCHARS,
        "copies": Knob("int", 1, 12, default=3, easy=1, hard=8, doc="copies in the chain"),
    }
    answer_syntax = "a single integer"
    answer_form = "integer"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        chars, copies = target_chars(knobs), int(knobs["copies"])
        lines = max(copies + 4, chars // 19)
        pool = [w for w in rng.sample(common_words(), 40 + copies) if len(w) <= 7]
        chain, noise = pool[: copies + 1], pool[copies + 1 :]
        starts = sorted(rng.sample(range(lines), copies + 1))
        numbers = rng.choices(range(10_000, 100_000), k=lines)
        targets = rng.choices(noise, k=lines)
        sources = rng.choices(pool, k=lines)
        kinds = rng.choices((0, 1, 2), weights=(6, 3, 1), k=lines)
        out: list[str] = []
        values: dict[str, int] = {}
        link = 0
        for t in range(lines):
            if link <= copies and t == starts[link]:
                target = chain[link]
                source = chain[link - 1] if link else None
                link += 1
            else:
                target, source = targets[t], sources[t]
                if kinds[t] == 2 and link >= 2:
                    target = chain[rng.randrange(link - 1)]  # a link already copied on
                if kinds[t] == 0 or source not in values or source == target:
                    source = None
            if source is None:
                values[target] = numbers[t]
                out.append(f"VAR {target} = {numbers[t]}")
            else:
                values[target] = values[source]
                out.append(f"VAR {target} = VAR {source}")
        value = values[chain[-1]]
        assert value == numbers[starts[0]]
        text = "\n".join(out)
        question = (
            f"Program:\n{text}\n\nThe statements run from top to bottom; 'VAR a = VAR b' "
            f"copies the value b holds at that moment. What value does {chain[-1]} hold "
            "after the last statement?"
        )
        return Draft(question, str(value), {"variable": chain[-1], "statements": lines})

    def check(self, problem: Problem, answer: str) -> Judgement:
        return judge_integer(answer, int(problem.answer), why="not the variable's value")

    def complexity(self, problem: Problem) -> float:
        """Characters of program times copies in the chain."""
        return problem.knobs["kchars"] * problem.knobs["copies"]
