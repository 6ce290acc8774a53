"""NeedleRetrieval: the code stored under one key, in a long text full of other keys.

A long text of filler prose carries records ``The code of locker <Name>-<n> is <code>.`` at
random places. One record is the needle; ``distractors`` other records use near-miss keys
(the same name with another number, or a name one letter away with the same number), and
further records use unrelated keys. Every code is a distinct six-digit number, so the
question has one answer and no constant earns more than chance.

Answer syntax: one integer (the six-digit code).

Knobs: ``kchars`` (context length in thousands of characters, 0.3 -> 100, geometric in
difficulty squared: :mod:`rlvr_envs.families.long_context.haystack`) and ``distractors``
(near-miss records, 0 -> 8). Difficulty raises both.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.long_context.haystack import (
    KCHARS,
    LongContextFamily,
    filler,
    names,
    near_miss,
    paragraphs,
    target_chars,
    weave,
)
from rlvr_envs.families.shared.answer_parsing import judge_integer


def record(key: str, code: int) -> str:
    return f"The code of locker {key} is {code}."


class NeedleRetrieval(LongContextFamily):
    """The code of one locker among records with near-miss keys in long filler prose."""

    knobs: ClassVar[dict[str, Knob]] = {
        "kchars": KCHARS,
        "distractors": Knob("int", 0, 12, default=3, easy=0, hard=8, doc="near-miss records"),
    }
    answer_syntax = "a single integer (the code)"
    answer_form = "integer"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        chars, near = target_chars(knobs), int(knobs["distractors"])
        others = 2 + chars // 2000
        pool = names(rng, 1 + others)
        name, number = pool[0], rng.randint(10, 99)
        key = f"{name}-{number}"
        keys, taken = [key], set(pool)
        for _ in range(near):
            if rng.random() < 0.5:
                other = f"{name}-{rng.choice([n for n in range(10, 100) if n != number])}"
            else:
                miss = near_miss(rng, name, taken)
                taken.add(miss)
                other = f"{miss}-{number}"
            if other not in keys:
                keys.append(other)
        keys += [f"{n}-{rng.randint(10, 99)}" for n in pool[1:]]
        codes = rng.sample(range(100_000, 1_000_000), len(keys))
        records = [record(k, c) for k, c in zip(keys, codes)]
        rng.shuffle(records)
        used = sum(len(r) + 1 for r in records)
        text = "\n\n".join(
            paragraphs(weave(rng, records, filler(rng, max(200, chars - used))), rng)
        )
        question = (
            f"Text:\n{text}\n\nWhat is the code of locker {key}? Read the key exactly: "
            "other lockers have similar names or numbers."
        )
        return Draft(question, str(codes[0]), {"key": key, "records": len(keys)})

    def check(self, problem: Problem, answer: str) -> Judgement:
        return judge_integer(answer, int(problem.answer), why="not the code of that locker")

    def complexity(self, problem: Problem) -> float:
        """Characters of context times (1 + near-miss records)."""
        return problem.knobs["kchars"] * (1 + problem.knobs["distractors"])
