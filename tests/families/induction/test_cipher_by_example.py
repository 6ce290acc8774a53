"""What ``rlvr/CipherByExample-v0`` must do beyond the generic family contract: every key of
the stated kind that codes the shown pairs codes the asked word as the reference does (all
keys tried here, with the cipher written from the prompt's wording)."""

from __future__ import annotations

import itertools
import math

import pytest

from tests.families.induction.helpers import _gen, _score


def _coded(word, keys):
    return "".join(
        chr((keys[i % len(keys)][0] * (ord(c) - 97) + keys[i % len(keys)][1]) % 26 + 97)
        for i, c in enumerate(word)
    )


@pytest.mark.parametrize("kind", ["shift", "affine", "alternating"])
def test_every_fitting_key_codes_the_word_as_the_reference(kind):
    units = [a for a in range(26) if math.gcd(a, 26) == 1] if kind != "shift" else [1]
    one = [(a, b) for a in units for b in range(26)]
    for seed in range(4):
        problem = _gen("rlvr/CipherByExample-v0", seed, 0.5, kind=kind)
        pairs, query = problem.meta["pairs"], problem.meta["query"]
        classes = 2 if kind == "alternating" else 1
        # Positions of different classes use different keys, so the key pairs that fit are
        # the pairs of keys that fit each class's letters (checked on the whole words).
        per_class = [
            [k for k in one if all(_coded(p, [k])[c::classes] == w[c::classes] for p, w in pairs)]
            for c in range(classes)
        ]
        fitting = {
            _coded(query, list(keys))
            for keys in itertools.product(*per_class)
            if all(_coded(p, list(keys)) == c for p, c in pairs)
        }
        assert fitting == {problem.answer}
        assert _score(problem, problem.answer.upper()) == 0.0
        assert _score(problem, query) == 0.0
