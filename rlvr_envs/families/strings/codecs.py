"""What the encoding families share: plaintexts, the encode/decode prompt, and the check.

A plaintext is generated words separated by single spaces (capitals and digits where the
family asks for them). Each encoding family states its rule and whether to ``encode`` the
plaintext or ``decode`` the encoded text; the answer is compared exactly (case-sensitive),
so the prompt never holds it: encoded and plain texts always differ.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.strings.text import make_word

MODES = ("encode", "decode")


def plaintext(rng: random.Random, words: int, capitals: bool = False, digits: bool = False) -> str:
    out = []
    for _ in range(words):
        word = make_word(rng, 2, 7)
        if capitals and rng.random() < 0.3:
            word = word.capitalize()
        if digits and rng.random() < 0.2:
            word = str(rng.randint(0, 99))
        out.append(word)
    return " ".join(out)


class CodecFamily(Family):
    """An encoding with a stated rule; subclasses give ``rule``, ``encode`` and ``decode``."""

    knobs: ClassVar[dict[str, Knob]] = {
        "words": Knob("int", 1, 16, default=3, easy=2, hard=10, doc="words of plaintext"),
        "mode": Knob("categorical", choices=MODES, default="encode", doc="encode or decode"),
    }
    answer_form = "a string"
    single_answer = False
    what = "text"

    def key(self, rng: random.Random, knobs: dict) -> dict:
        return {}

    def rule(self, key: dict) -> str:
        raise NotImplementedError

    def encode(self, text: str, key: dict) -> str:
        raise NotImplementedError

    def plain(self, rng: random.Random, knobs: dict) -> str:
        return plaintext(rng, int(knobs["words"]))

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        key = self.key(rng, knobs)
        while True:
            text = self.plain(rng, knobs)
            coded = self.encode(text, key)
            if coded != text:
                break
        mode = knobs["mode"]
        shown, answer = (text, coded) if mode == "encode" else (coded, text)
        label = "Plaintext" if mode == "encode" else f"Encoded {self.what}"
        task = (
            "Encode the plaintext."
            if mode == "encode"
            else "Decode it: give the plaintext that encodes to it."
        )
        question = f"{self.rule(key)}\n\n{label}: {shown}\n\n{task}"
        return Draft(question, answer, {"shown": shown, "mode": mode, **key})

    def normalise(self, problem: Problem, answer: str) -> str:
        return answer.strip()

    def check(self, problem: Problem, answer: str) -> Judgement:
        text = self.normalise(problem, answer)
        if not text or len(text) > 4 * len(problem.answer) + 40:
            return Judgement.unparsable("empty or far too long")
        if problem.meta["mode"] == "decode":
            text = " ".join(text.split())
        return Judgement.right() if text == problem.answer else Judgement.wrong()

    def complexity(self, problem: Problem) -> float:
        """Characters handled, doubled for decoding."""
        return len(problem.answer + problem.meta["shown"]) * (1 + MODES.index(problem.meta["mode"]))
