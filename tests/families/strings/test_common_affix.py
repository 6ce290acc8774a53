"""What ``rlvr/CommonAffix-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import pytest

from tests.families.strings.helpers import _gen, _score

ENV = "rlvr/CommonAffix-v0"


def commonprefix(strings):
    """Column by column over zip(*strings) (the family compares the extreme strings)."""
    out = ""
    for column in zip(*strings, strict=False):
        if len(set(column)) > 1:
            break
        out += column[0]
    return out


@pytest.mark.parametrize("mode", ["prefix", "suffix"])
@pytest.mark.parametrize("near_miss", [False, True])
def test_answers_match_the_standard_library_and_near_misses_fail(mode, near_miss):
    for seed in range(10):
        problem = _gen(ENV, seed, mode=mode, near_miss=near_miss, strings=6)
        strings = problem.meta["strings"]
        if mode == "prefix":
            expected = commonprefix(strings)
        else:
            expected = commonprefix([s[::-1] for s in strings])[::-1]
        assert problem.answer == expected and expected not in strings
        assert _score(problem, expected) == 1.0
        assert _score(problem, expected.upper()) == 0.0
        shorter = expected[1:] if mode == "prefix" else expected[:-1]
        assert _score(problem, shorter) == 0.0
        if near_miss:  # the affix all but one string share is longer, and wrong
            flipped = strings if mode == "prefix" else [s[::-1] for s in strings]
            majority = max(
                (commonprefix(flipped[:i] + flipped[i + 1 :]) for i in range(len(flipped))),
                key=len,
            )
            assert len(majority) > len(expected)
            assert _score(problem, majority if mode == "prefix" else majority[::-1]) == 0.0
