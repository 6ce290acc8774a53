"""What ``rlvr/CaesarCipher-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import string

from tests.families.strings.helpers import _gen, _score, check_family


def _caesar(text, meta):
    k = meta["shift"]
    low, up = string.ascii_lowercase, string.ascii_uppercase
    table = str.maketrans(low + up, low[k:] + low[:k] + up[k:] + up[:k])
    return text.translate(table)


def test_answers_match_a_translation_table():
    check_family("rlvr/CaesarCipher-v0", _caesar)


def test_case_is_checked_in_mixed_texts():
    for seed in range(20):
        problem = _gen("rlvr/CaesarCipher-v0", seed, mixed=True, words=6)
        if problem.answer != problem.answer.lower():
            assert _score(problem, problem.answer.lower()) == 0.0
            return
    raise AssertionError("no capitals in 20 seeds")
