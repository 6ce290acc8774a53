"""VigenereCipher: shift each letter by the matching letter of a repeated key word.

The n-th letter of the text (counting letters only: spaces do not use up key letters) is
shifted forward by the alphabet position (a = 0) of key letter n mod (key length). ``encode``
gives the plaintext, ``decode`` the ciphertext.

Answer syntax: the resulting text, exactly (lowercase, single spaces).

Knobs: ``words`` (2 -> 10), ``key_length`` (3 -> 8) and ``mode`` (``encode``, ``decode``).
Difficulty raises all three.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Knob
from rlvr_envs.families.strings.codecs import MODES, CodecFamily
from rlvr_envs.families.strings.text import LETTERS


class VigenereCipher(CodecFamily):
    """Vigenère encoding and decoding with a stated key word."""

    knobs: ClassVar[dict[str, Knob]] = {
        "words": Knob("int", 1, 16, default=3, easy=2, hard=10, doc="words of plaintext"),
        "key_length": Knob("int", 2, 10, default=4, easy=3, hard=8, doc="letters of the key"),
        "mode": Knob("categorical", choices=MODES, default="encode", doc="encode or decode"),
    }
    answer_syntax = "the resulting text exactly, lowercase, words separated by single spaces"
    what = "text (ciphertext)"

    def key(self, rng: random.Random, knobs: dict) -> dict:
        size = int(knobs["key_length"])
        key = "".join(rng.choice(LETTERS[1:]) for _ in range(size))
        return {"key": key}

    def rule(self, key: dict) -> str:
        return (
            f"A Vigenere cipher with the key {key['key']} encodes a text letter by letter: "
            "the n-th letter of the text (counting letters only; spaces stay and do not use "
            "up a key letter) moves forward in the alphabet, wrapping from z to a, by the "
            "position of the n-th letter of the key repeated as often as needed (a = 0, "
            "b = 1, ..., z = 25)."
        )

    def encode(self, text: str, key: dict) -> str:
        word, out, n = key["key"], [], 0
        for c in text:
            if c == " ":
                out.append(c)
                continue
            out.append(chr((ord(c) - 97 + ord(word[n % len(word)]) - 97) % 26 + 97))
            n += 1
        return "".join(out)
