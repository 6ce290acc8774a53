"""What ``rlvr/WordReversal-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import pytest

from tests.families.strings.helpers import _gen, _score

ENV = "rlvr/WordReversal-v0"


def _expected(words, mode):
    sentence = " ".join(words)
    if mode == "both":
        return sentence[::-1]
    if mode == "word_order":
        return " ".join(reversed(sentence.split(" ")))
    out = []
    for i, word in enumerate(words):
        flip = mode == "letters" or i % 2 == 1
        out.append("".join(reversed(word)) if flip else word)
    return " ".join(out)


@pytest.mark.parametrize("mode", ["word_order", "letters", "both", "alternate"])
def test_answers_match_an_independent_reversal_and_the_input_fails(mode):
    for seed in range(10):
        problem = _gen(ENV, seed, mode=mode, words=7)
        words = problem.meta["words"]
        assert problem.answer == _expected(words, mode)
        assert _score(problem, problem.answer) == 1.0
        assert _score(problem, " ".join(words)) == 0.0
        assert _score(problem, " ".join(words)[::-1].upper()) == 0.0
