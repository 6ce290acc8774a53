"""What ``rlvr/StringSplit-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import textwrap

import pytest

from tests.families.strings.helpers import _gen, _score

ENV = "rlvr/StringSplit-v0"


def _pieces(s, mode, value):
    if mode == "chunks_left":
        return textwrap.wrap(s, value)
    if mode == "chunks_right":
        return [p[::-1] for p in textwrap.wrap(s[::-1], value)][::-1]
    if mode == "at_delimiter":
        return s.replace(value, " ").split()
    out = []
    for c in s:
        if c.isupper() or not out:
            out.append(c)
        else:
            out[-1] += c
    return out


@pytest.mark.parametrize("mode", ["chunks_left", "at_delimiter", "before_capital", "chunks_right"])
def test_answers_match_an_independent_splitter(mode):
    for seed in range(15):
        problem = _gen(ENV, seed, mode=mode, length=20)
        meta = problem.meta
        expected = _pieces(meta["string"], mode, meta["value"])
        assert problem.answer == " ".join(expected)
        assert _score(problem, "   ".join(expected)) == 1.0
        assert _score(problem, meta["string"]) == 0.0
        assert _score(problem, " ".join(expected[::-1])) == float(expected == expected[::-1])
