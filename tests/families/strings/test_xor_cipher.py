"""What ``rlvr/XorCipher-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools
import operator

from tests.families.strings.helpers import check_family


def _xor(text, meta):
    return bytes(map(operator.xor, text.encode(), itertools.cycle(meta["key"]))).hex()


def test_answers_match_an_independent_encoder():
    check_family("rlvr/XorCipher-v0", _xor)
