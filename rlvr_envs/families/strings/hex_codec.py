"""HexCodec: write text as the hexadecimal of its ASCII bytes, or read such hex back.

Two lowercase hex digits per byte, no spaces (``hi`` is ``6869``); the check accepts
capital hex digits and spaces or colons between bytes when encoding (``68 69``).

Answer syntax: the hex string or the plaintext.

Knobs: ``words`` (words of plaintext, 2 -> 10) and ``mode`` (``encode``, ``decode``).
Difficulty raises both.
"""

from __future__ import annotations

from rlvr_envs.core import Problem
from rlvr_envs.families.strings.codecs import CodecFamily


class HexCodec(CodecFamily):
    """Hexadecimal encoding and decoding of ASCII text."""

    answer_syntax = "the hex digits (two per byte, no spaces) or the plaintext, exactly"
    what = "text (hex)"

    def rule(self, key: dict) -> str:
        return (
            "Hex encoding writes each ASCII byte of the text as two lowercase hexadecimal "
            "digits, with nothing between bytes (the text 'hi' is 6869; a space is 20)."
        )

    def encode(self, text: str, key: dict) -> str:
        return text.encode().hex()

    def normalise(self, problem: Problem, answer: str) -> str:
        text = answer.strip()
        if problem.meta["mode"] == "encode":
            text = "".join(text.replace(":", " ").split()).lower()
        return text
