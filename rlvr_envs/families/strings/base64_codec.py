"""Base64Codec: encode text in base64, or decode it (RFC 4648, standard alphabet, padded).

The text's bytes are UTF-8 (ASCII here); the prompt states the alphabet and the padding.
``encode`` asks for the base64 of the plaintext, ``decode`` for the plaintext of a base64
string.

Answer syntax: the base64 string (with its ``=`` padding) or the plaintext, exactly.

Knobs: ``words`` (words of plaintext, 2 -> 10) and ``mode`` (``encode``, ``decode``).
Difficulty raises both.
"""

from __future__ import annotations

import base64

from rlvr_envs.core import Problem
from rlvr_envs.families.strings.codecs import CodecFamily


class Base64Codec(CodecFamily):
    """Base64 encoding and decoding of ASCII text."""

    answer_syntax = "the base64 string (with its = padding) or the plaintext, exactly"
    what = "text (base64)"

    def rule(self, key: dict) -> str:
        return (
            "Base64 (RFC 4648) writes the text's ASCII bytes in groups of 3 as 4 characters "
            "of 6 bits each, from the alphabet A-Z, a-z, 0-9, +, / (values 0 to 63), padding "
            "the last group with = so that the length is a multiple of 4."
        )

    def encode(self, text: str, key: dict) -> str:
        return base64.b64encode(text.encode()).decode()

    def normalise(self, problem: Problem, answer: str) -> str:
        return answer.strip().strip("`").strip()
