"""LetterCount: how many times some letters occur in a text.

A text of generated words is drawn with the asked letters taken out, then exactly ``t``
occurrences of them are written back at random places, ``t`` drawn uniformly from 1 to twice
the number of words, so the answer is spread evenly (no constant earns more than about one
in ``2 * words``). With ``mixed_case`` some letters are capitals and the count ignores case, as the
prompt says. The prompt states no number, so nothing in it can be copied as the count.

Answer syntax: one integer (the total count over all asked letters).

Knobs: ``words`` (words of text, 4 -> 40), ``targets`` (letters counted together, 1 -> 3)
and ``mixed_case`` (capitals in the text, counted case-insensitively). Difficulty raises all
three.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.shared.answer_parsing import judge_integer
from rlvr_envs.families.strings.text import LETTERS, make_word


class LetterCount(Family):
    """The number of occurrences of one to three letters in a generated text."""

    knobs: ClassVar[dict[str, Knob]] = {
        "words": Knob("int", 4, 60, default=12, easy=4, hard=40, doc="words of text"),
        "targets": Knob("int", 1, 3, default=1, doc="letters counted together"),
        "mixed_case": Knob("bool", default=False, doc="capitals in the text (case ignored)"),
    }
    answer_syntax = "a single integer"
    answer_form = "integer"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, k = int(knobs["words"]), int(knobs["targets"])
        targets = sorted(rng.sample("abcdefghiklmnoprstuvz", k))
        others = [c for c in LETTERS if c not in targets]
        words = [
            [c if c not in targets else rng.choice(others) for c in make_word(rng, 3, 8)]
            for _ in range(n)
        ]
        total = rng.randint(1, 2 * n)
        places = [(i, j) for i, word in enumerate(words) for j in range(len(word))]
        for i, j in rng.sample(places, total):
            words[i][j] = rng.choice(targets)
        if knobs["mixed_case"]:
            words = [[c.upper() if rng.random() < 0.3 else c for c in w] for w in words]
        text = " ".join("".join(w) for w in words)
        named = ", ".join(f"'{c}'" for c in targets)
        what = f"the letter {named}" if k == 1 else f"the letters {named} (all of them together)"
        case = " Count capitals and small letters alike." if knobs["mixed_case"] else ""
        question = (
            f"Text:\n{text}\n\nHow many times does {what} occur in the text?{case}"
            if k == 1
            else f"Text:\n{text}\n\nHow many times do {what} occur in the text in total?{case}"
        )
        return Draft(question, str(total), {"text": text, "letters": targets})

    def check(self, problem: Problem, answer: str) -> Judgement:
        return judge_integer(answer, int(problem.answer))

    def complexity(self, problem: Problem) -> float:
        """Letters of text times the letters counted."""
        return len(problem.meta["text"]) * len(problem.meta["letters"])
