"""What ``rlvr/Base64Codec-v0`` must do beyond the generic family contract."""

from __future__ import annotations

from tests.families.strings.helpers import _gen, _score, check_family

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def _b64(text, meta):
    """Base64 by hand: 6-bit groups of the bit string, padded with = to a multiple of 4."""
    bits = "".join(f"{b:08b}" for b in text.encode())
    bits += "0" * (-len(bits) % 6)
    out = "".join(ALPHABET[int(bits[i : i + 6], 2)] for i in range(0, len(bits), 6))
    return out + "=" * (-len(out) % 4)


def test_answers_match_a_hand_written_encoder():
    check_family("rlvr/Base64Codec-v0", _b64)


def test_padding_is_required():
    for seed in range(20):
        problem = _gen("rlvr/Base64Codec-v0", seed, mode="encode")
        if problem.answer.endswith("="):
            assert _score(problem, problem.answer.rstrip("=")) == 0.0
            return
    raise AssertionError("no padded answer in 20 seeds")
