"""What ``rlvr/NumberFilter-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import pytest

from tests.families.strings.helpers import _gen, _score

ENV = "rlvr/NumberFilter-v0"


def _keep(x, condition):
    kind, value = condition
    digits = str(x).lstrip("-")
    if kind in ("even", "odd"):
        return (x & 1) == (kind == "odd")
    if kind == "divisible":
        return x == value * (x // value)
    if kind in ("greater", "less"):
        return (x - value > 0) if kind == "greater" else (value - x > 0)
    if kind == "digit_sum_even":
        return sum(int(d) for d in digits) % 2 == 0
    return str(value) in digits


@pytest.mark.parametrize("order", ["original", "ascending", "descending"])
def test_answers_match_an_independent_filter(order):
    for seed in range(10):
        problem = _gen(ENV, seed, order=order, count=15, conditions=1 + seed % 3)
        numbers, conditions = problem.meta["numbers"], problem.meta["conditions"]
        kept = [x for x in numbers if all(_keep(x, c) for c in conditions)]
        if order != "original":
            kept = sorted(kept, reverse=order == "descending")
        assert problem.answer == ", ".join(map(str, kept))
        assert _score(problem, ",".join(map(str, kept))) == 1.0
        assert _score(problem, " , ".join(map(str, kept))) == 1.0
        assert _score(problem, ", ".join(map(str, kept[:-1]))) == 0.0
        assert _score(problem, ", ".join(map(str, numbers))) == 0.0
        if order != "original" and len(set(kept)) > 1:
            assert _score(problem, ", ".join(map(str, kept[::-1]))) == 0.0
