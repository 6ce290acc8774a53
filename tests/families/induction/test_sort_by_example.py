"""What ``rlvr/SortByExample-v0`` must do beyond the generic family contract: every order of
the stated space that sorts the examples as shown sorts the asked list as the reference does
(orders written here as one sort on a tuple key), and a permutation of the right words that
is not that order fails."""

from __future__ import annotations

import functools

import pytest

from tests.families.induction.helpers import _gen, _score

KEYS = {
    "length": len,
    "vowels": lambda w: sum(w.count(v) for v in "aeiou"),
    "first": lambda w: w[0],
    "second": lambda w: w[1],
    "last": lambda w: w[-1],
    "word": lambda w: w,
}


def _sorted(words, order):
    def compare(a, b):
        for key, falling in order:
            ka, kb = KEYS[key](a), KEYS[key](b)
            if ka != kb:
                return (1 if ka > kb else -1) * (-1 if falling else 1)
        return 0

    return sorted(words, key=functools.cmp_to_key(compare))


def _orders():
    single = [(k, f) for k in KEYS for f in (False, True)]
    return [(s,) for s in single] + [(a, b) for a in single for b in single if a[0] != b[0]]


@pytest.mark.parametrize("difficulty", [0.0, 0.5, 1.0])
def test_every_fitting_order_sorts_the_list_as_the_reference(difficulty):
    for seed in range(5):
        problem = _gen("rlvr/SortByExample-v0", seed, difficulty)
        examples, query = problem.meta["examples"], problem.meta["query"]
        results = {
            " ".join(_sorted(query, order))
            for order in _orders()
            if len(order) <= problem.knobs["keys"]
            and all(_sorted(a, order) == b for a, b in examples)
        }
        assert results == {problem.answer}
        words = problem.answer.split()
        assert _score(problem, ", ".join(words)) == 1.0
        assert _score(problem, " ".join(query)) == 0.0
        assert _score(problem, " ".join(words[1:] + words[:1])) == 0.0
        assert _score(problem, " ".join(words[:-1])) == 0.0
