"""CaesarCipher: shift letters by a stated amount, forwards to encode, backwards to decode.

Every letter moves ``shift`` places forward in the alphabet (wrapping z to a), capitals
stay capitals, digits and spaces stay. ``encode`` gives the plaintext, ``decode`` the
ciphertext. With ``mixed`` text, capitals and digits appear and case is checked.

Answer syntax: the resulting text, exactly (case-sensitive, single spaces).

Knobs: ``words`` (2 -> 10), ``mode`` (``encode``, ``decode``) and ``mixed`` (capitals and
digits in the text). Difficulty raises all three.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Knob
from rlvr_envs.families.strings.codecs import MODES, CodecFamily, plaintext


def shift_letter(c: str, k: int) -> str:
    if "a" <= c <= "z":
        return chr((ord(c) - 97 + k) % 26 + 97)
    if "A" <= c <= "Z":
        return chr((ord(c) - 65 + k) % 26 + 65)
    return c


class CaesarCipher(CodecFamily):
    """Caesar shifts of text with a stated key, both ways."""

    knobs: ClassVar[dict[str, Knob]] = {
        "words": Knob("int", 1, 16, default=3, easy=2, hard=10, doc="words of plaintext"),
        "mode": Knob("categorical", choices=MODES, default="encode", doc="encode or decode"),
        "mixed": Knob("bool", default=False, doc="capitals and digits in the text"),
    }
    answer_syntax = "the resulting text exactly, case-sensitive, words separated by single spaces"
    what = "text (ciphertext)"

    def key(self, rng: random.Random, knobs: dict) -> dict:
        return {"shift": rng.randint(1, 25)}

    def plain(self, rng: random.Random, knobs: dict) -> str:
        mixed = bool(knobs["mixed"])
        return plaintext(rng, int(knobs["words"]), capitals=mixed, digits=mixed)

    def rule(self, key: dict) -> str:
        return (
            f"A Caesar cipher with shift {key['shift']} encodes a text by moving every letter "
            f"{key['shift']} places forward in the alphabet, wrapping from z back to a; "
            "capital letters stay capital, and digits and spaces are unchanged."
        )

    def encode(self, text: str, key: dict) -> str:
        return "".join(shift_letter(c, key["shift"]) for c in text)
