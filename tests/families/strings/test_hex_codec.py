"""What ``rlvr/HexCodec-v0`` must do beyond the generic family contract."""

from __future__ import annotations

from tests.families.strings.helpers import _gen, _score, check_family


def _hex(text, meta):
    return "".join(f"{ord(c):02x}" for c in text)


def test_answers_match_an_independent_encoder():
    check_family("rlvr/HexCodec-v0", _hex)


def test_spaced_and_capital_hex_scores_one():
    problem = _gen("rlvr/HexCodec-v0", 1, mode="encode")
    pairs = [problem.answer[i : i + 2] for i in range(0, len(problem.answer), 2)]
    assert _score(problem, " ".join(pairs).upper()) == 1.0
    assert _score(problem, ":".join(pairs)) == 1.0
