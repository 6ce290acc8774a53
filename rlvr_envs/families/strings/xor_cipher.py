"""XorCipher: XOR a text's bytes with a repeating key, written as hex.

The i-th ASCII byte of the text is XORed with key byte i mod (key length); the ciphertext is
written as two lowercase hex digits per byte. ``encode`` gives the plaintext and asks for
the hex; ``decode`` gives the hex and asks for the plaintext.

Answer syntax: the hex string (two digits per byte, no spaces) or the plaintext, exactly.

Knobs: ``words`` (2 -> 10), ``key_bytes`` (1 -> 4) and ``mode`` (``encode``, ``decode``).
Difficulty raises all three.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Knob, Problem
from rlvr_envs.families.strings.codecs import MODES, CodecFamily


class XorCipher(CodecFamily):
    """Repeating-key XOR of ASCII text, shown in hex."""

    knobs: ClassVar[dict[str, Knob]] = {
        "words": Knob("int", 1, 16, default=3, easy=2, hard=10, doc="words of plaintext"),
        "key_bytes": Knob("int", 1, 6, default=1, easy=1, hard=4, doc="bytes of the key"),
        "mode": Knob("categorical", choices=MODES, default="encode", doc="encode or decode"),
    }
    answer_syntax = "the hex digits (two per byte, no spaces) or the plaintext, exactly"
    what = "text (hex of the XORed bytes)"

    def key(self, rng: random.Random, knobs: dict) -> dict:
        return {"key": [rng.randint(1, 31) for _ in range(int(knobs["key_bytes"]))]}

    def rule(self, key: dict) -> str:
        shown = " ".join(f"{b:02x}" for b in key["key"])
        return (
            f"XOR encryption with the repeating key bytes {shown} (hex) XORs the i-th ASCII "
            "byte of the text with key byte number i modulo the key length (the key starts "
            "again after its last byte) and writes each resulting byte as two lowercase hex "
            "digits, with nothing between bytes (a space is the byte 20)."
        )

    def encode(self, text: str, key: dict) -> str:
        k = key["key"]
        return bytes(b ^ k[i % len(k)] for i, b in enumerate(text.encode())).hex()

    def normalise(self, problem: Problem, answer: str) -> str:
        text = answer.strip()
        if problem.meta["mode"] == "encode":
            text = "".join(text.replace(":", " ").split()).lower()
        return text
