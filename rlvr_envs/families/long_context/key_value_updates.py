"""KeyValueUpdates: a key's value after a long log of writes to many keys.

The log holds lines ``SET <key> <number>`` and, with ``arithmetic``, ``ADD <key> <number>``
(added to the key's value at that moment). The asked key is written ``updates`` times at
random places among thousands of writes to other keys, some of them one letter away from it
(``keys`` such as ``bolum`` beside ``bolun``). The first write to every key is a SET.

Answer syntax: one integer (the key's value after the last line).

Knobs: ``kchars`` (log length in thousands of characters, 0.3 -> 100, geometric in difficulty
squared), ``updates`` (writes to the asked key, 1 -> 10) and ``arithmetic`` (ADD lines).
Difficulty raises all three.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.long_context.haystack import (
    KCHARS,
    LongContextFamily,
    names,
    near_miss,
    target_chars,
)
from rlvr_envs.families.shared.answer_parsing import judge_integer


class KeyValueUpdates(LongContextFamily):
    """The final value of one key in a long log of SET (and ADD) lines."""

    knobs: ClassVar[dict[str, Knob]] = {
        "kchars": KCHARS,
        "updates": Knob("int", 1, 16, default=3, easy=1, hard=10, doc="writes to the key"),
        "arithmetic": Knob("bool", default=False, doc="ADD lines besides SET"),
    }
    answer_syntax = "a single integer"
    answer_form = "integer"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        chars, updates = target_chars(knobs), int(knobs["updates"])
        arithmetic = bool(knobs["arithmetic"])
        lines = max(updates + 4, chars // 14)
        pool = [n.lower() for n in names(rng, 30, 4, 6)]
        key, taken = pool[0], {n.capitalize() for n in pool}
        for _ in range(4):
            twin = near_miss(rng, key.capitalize(), taken)
            taken.add(twin)
            pool.append(twin.lower())
        slots = set(rng.sample(range(lines), updates))
        keys = rng.choices(pool[1:], k=lines)
        numbers = rng.choices(range(100, 10_000), k=lines)
        adds = rng.choices((False, True), weights=(2, 1) if arithmetic else (1, 0), k=lines)
        values: dict[str, int] = {}
        out = []
        for t in range(lines):
            name = key if t in slots else keys[t]
            number = numbers[t] if not (adds[t] and name in values) else numbers[t] % 100 + 1
            if adds[t] and name in values:
                values[name] += number
                out.append(f"ADD {name} {number}")
            else:
                values[name] = number
                out.append(f"SET {name} {number}")
        operations = "SET k n makes k's value n"
        if arithmetic:
            operations += "; ADD k n adds n to k's value"
        question = (
            "Log:\n" + "\n".join(out) + f"\n\nThe lines run from top to bottom ({operations}). "
            f"What is the value of {key} after the last line? Keys that differ by one letter "
            "are different keys."
        )
        return Draft(question, str(values[key]), {"key": key, "lines": lines})

    def check(self, problem: Problem, answer: str) -> Judgement:
        return judge_integer(answer, int(problem.answer), why="not the key's final value")

    def complexity(self, problem: Problem) -> float:
        """Characters of log times writes to the key (twice with ADD lines)."""
        knobs = problem.knobs
        return knobs["kchars"] * knobs["updates"] * (2 if knobs["arithmetic"] else 1)
