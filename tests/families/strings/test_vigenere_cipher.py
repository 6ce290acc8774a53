"""What ``rlvr/VigenereCipher-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools

from tests.families.strings.helpers import check_family


def _vigenere(text, meta):
    key = itertools.cycle(meta["key"])
    return "".join(c if c == " " else chr(97 + (ord(c) + ord(next(key)) - 194) % 26) for c in text)


def test_answers_match_an_independent_encoder():
    check_family("rlvr/VigenereCipher-v0", _vigenere)
