"""What ``rlvr/SentenceOrdering-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools

import pytest

from tests.families.strings.helpers import _gen, _score

ENV = "rlvr/SentenceOrdering-v0"


def _meets(order, clue):
    kind, a, b = clue
    i, j = order.index(a), order.index(b)
    return i + 1 == j if kind == "next" else i < j


@pytest.mark.parametrize("clues", ["adjacent", "mixed", "redundant"])
def test_exactly_one_order_meets_the_clues_and_it_scores_one(clues):
    for seed in range(6):
        problem = _gen(ENV, seed, sentences=6, clues=clues)
        labels, stated = problem.meta["labels"], problem.meta["clues"]
        orders = [o for o in itertools.permutations(labels) if all(_meets(o, c) for c in stated)]
        assert orders == [tuple(problem.answer.split())]
        assert _score(problem, ", ".join(orders[0])) == 1.0
        assert _score(problem, " ".join(labels)) == 0.0  # the alphabetical order
        assert _score(problem, " ".join(orders[0][::-1])) == 0.0
        assert _score(problem, " ".join(orders[0][:-1])) == 0.0
