"""What ``rlvr/CustomSort-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import pytest

from tests.families.strings.helpers import _gen, _score

ENV = "rlvr/CustomSort-v0"


def _insertion_sort(words, before):
    out = []
    for word in words:
        i = 0
        while i < len(out) and before(out[i], word):
            i += 1
        out.insert(i, word)
    return out


def _before(meta):
    key, down, alphabet = meta["key"], meta["descending"], meta["alphabet"]
    if key == "custom":

        def less(a, b):
            ta, tb = [alphabet.index(c) for c in a], [alphabet.index(c) for c in b]
            return (ta > tb) if down else (ta < tb)

        return less
    measure = {"length": len, "last_letter": lambda w: w[-1],
               "vowels": lambda w: len([c for c in w if c in "aeiou"])}[key]  # fmt: skip

    def less(a, b):
        ma, mb = measure(a), measure(b)
        if ma != mb:
            return ma > mb if down else ma < mb
        return a < b

    return less


@pytest.mark.parametrize("key", ["length", "last_letter", "vowels", "custom"])
@pytest.mark.parametrize("descending", [False, True])
def test_answers_match_an_insertion_sort(key, descending):
    for seed in range(8):
        problem = _gen(ENV, seed, key=key, descending=descending, words=9)
        expected = _insertion_sort(problem.meta["words"], _before(problem.meta))
        assert problem.answer == " ".join(expected)
        assert _score(problem, "  ".join(expected)) == 1.0
        assert _score(problem, " ".join(problem.meta["words"])) == 0.0
        assert _score(problem, " ".join(expected[:-1])) == 0.0
        swapped = expected[1:2] + expected[:1] + expected[2:]
        assert _score(problem, " ".join(swapped)) == 0.0
