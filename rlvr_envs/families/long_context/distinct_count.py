"""DistinctCount: how many different item codes a long list holds.

A list of item codes ``<word>-<nn>`` (one per line) is drawn with repeats from a pool whose
size is drawn uniformly, so the number of distinct codes, the answer, is spread over a wide
range. With ``variants`` a code may be written in capitals or with a capital first letter,
and the prompt says case does not make a different code. The prompt states no count.

Answer syntax: one integer (the number of distinct codes).

Knobs: ``kchars`` (list length in thousands of characters, 0.3 -> 100, geometric in difficulty
squared) and ``variants`` (codes written in different cases). Difficulty raises both.
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


class DistinctCount(LongContextFamily):
    """The number of distinct item codes in a long list with repeats."""

    knobs: ClassVar[dict[str, Knob]] = {
        "kchars": KCHARS,
        "variants": Knob("bool", default=False, doc="codes written in different cases"),
    }
    answer_syntax = "a single integer"
    answer_form = "integer"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        chars, variants = target_chars(knobs), bool(knobs["variants"])
        count = max(6, chars // 10)
        words = common_words()
        size = rng.randint(max(2, count // 10), count)
        pool = [f"{words[i // 90]}-{i % 90 + 10}" for i in rng.sample(range(len(words) * 90), size)]
        items = rng.choices(pool, k=count)
        answer = len(set(items))
        if variants:
            styles = rng.choices((str.lower, str.upper, str.capitalize), k=count)
            items = [style(item) for style, item in zip(styles, items)]
        case = " Capital and small letters do not make a different code." if variants else ""
        question = (
            "Item codes:\n" + "\n".join(items) + f"\n\nHow many different item codes does the "
            f"list hold (each code counted once however often it appears)?{case}"
        )
        return Draft(question, str(answer), {"items": count})

    def check(self, problem: Problem, answer: str) -> Judgement:
        return judge_integer(answer, int(problem.answer), why="not the number of distinct codes")

    def complexity(self, problem: Problem) -> float:
        """Characters of list (twice with case variants)."""
        return problem.knobs["kchars"] * (2 if problem.knobs["variants"] else 1)
