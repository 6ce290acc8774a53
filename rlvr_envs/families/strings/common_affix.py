"""CommonAffix: the longest common prefix or suffix of a set of strings.

Strings share a drawn prefix (or suffix) of two to six letters and differ right after it;
with ``near_miss`` all but one of them share a longer one too, so stopping at the majority's
affix is wrong. No string is the affix itself, so no word of the prompt is the answer.

Answer syntax: the common prefix (or suffix) alone, lowercase letters.

Knobs: ``strings`` (3 -> 12), ``mode`` (``prefix``, ``suffix``; easiest first) and
``near_miss`` (all but one string share a longer affix). Difficulty raises all three.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.strings.text import random_letters

MODES = ("prefix", "suffix")
ALPHABET = "abcdeilmnorst"
_WORD = re.compile(r"[a-z]+")


def common_prefix(strings: list[str]) -> str:
    first, last = min(strings), max(strings)
    i = 0
    while i < min(len(first), len(last)) and first[i] == last[i]:
        i += 1
    return first[:i]


class CommonAffix(Family):
    """The longest prefix (or suffix) that every string shares."""

    knobs: ClassVar[dict[str, Knob]] = {
        "strings": Knob("int", 2, 16, default=5, easy=3, hard=12, doc="strings"),
        "mode": Knob("categorical", choices=MODES, default="prefix", doc="prefix or suffix"),
        "near_miss": Knob("bool", default=False, doc="all but one share a longer affix"),
    }
    answer_syntax = "the common part alone, in lowercase letters"
    answer_form = "a string"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        m, mode, near = int(knobs["strings"]), knobs["mode"], bool(knobs["near_miss"])
        while True:
            affix = random_letters(rng, rng.randint(2, 6), ALPHABET)
            longer = affix + random_letters(rng, rng.randint(1, 3), ALPHABET)
            strings = []
            for i in range(m):
                head = longer if near and i < m - 1 else affix
                strings.append(head + random_letters(rng, rng.randint(1, 5), ALPHABET))
            if common_prefix(strings) == affix and len(set(strings)) == m:
                break
        rng.shuffle(strings)
        if mode == "suffix":
            strings, affix = [s[::-1] for s in strings], affix[::-1]
        question = (
            f"Strings:\n{' '.join(strings)}\n\nWhat is the longest {mode} that all of these "
            f"strings share?"
        )
        return Draft(question, affix, {"strings": strings, "mode": mode})

    def check(self, problem: Problem, answer: str) -> Judgement:
        text = answer.strip().strip("'\"`").strip()
        if not _WORD.fullmatch(text):
            return Judgement.unparsable("expected lowercase letters")
        return Judgement.right() if text == problem.answer else Judgement.wrong()

    def complexity(self, problem: Problem) -> float:
        """Letters over all strings, doubled for suffixes."""
        meta = problem.meta
        return sum(map(len, meta["strings"])) * (1 + MODES.index(meta["mode"]))
