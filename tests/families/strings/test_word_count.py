"""What ``rlvr/WordCount-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from tests.families.strings.helpers import _gen, _score

ENV = "rlvr/WordCount-v0"


def _pattern(conditions):
    """The conditions as one regular expression (an independent test of each word)."""
    parts = []
    for kind, value in conditions:
        parts.append(
            {
                "starts": f"(?={value})",
                "ends": f"(?=.*{value}$)",
                "contains": f"(?=.*{value})",
                "min_length": f"(?=.{{{value},}})",
            }[kind]
        )
    return re.compile("^" + "".join(parts) + ".*$")


def test_the_answer_is_an_independent_recount():
    for seed in range(20):
        problem = _gen(ENV, seed, seed / 19)
        pattern = _pattern(problem.meta["conditions"])
        count = sum(bool(pattern.match(w)) for w in problem.meta["words"])
        assert problem.answer == str(count)
        assert _score(problem, str(count)) == 1.0
        assert _score(problem, str(count + 1)) == 0.0


@given(seed=st.integers(0, 10**6), guess=st.integers(0, 100))
def test_only_the_count_scores(seed, guess):
    problem = _gen(ENV, seed, 0.7)
    assert _score(problem, str(guess)) == float(str(guess) == problem.answer)
