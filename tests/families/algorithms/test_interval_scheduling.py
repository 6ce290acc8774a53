"""What ``rlvr/IntervalScheduling-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.algorithms.helpers import _gen, _score

ENV = "rlvr/IntervalScheduling-v0"


def _disjoint(spans, closed):
    """Pairwise disjoint, by checking every pair of integer points densely (own check)."""
    for (a, b), (c, d) in itertools.combinations(spans, 2):
        lo, hi = max(a, c), min(b, d)
        if hi > lo or (closed and hi == lo):
            return False
    return True


def _brute(meta):
    """Every optimal set (as 1-based tuples) by trying all subsets."""
    spans, weights, closed = meta["intervals"], meta["weights"], meta["closed"]
    n = len(spans)
    best, sets = -1, []
    for mask in range(1 << n):
        chosen = [i for i in range(n) if mask >> i & 1]
        if not _disjoint([spans[i] for i in chosen], closed):
            continue
        value = sum(weights[i] for i in chosen) if weights else len(chosen)
        if value > best:
            best, sets = value, []
        if value == best:
            sets.append(tuple(i + 1 for i in chosen))
    return best, sets


@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("closed", [False, True])
def test_the_optimum_matches_brute_force_and_every_optimal_set_scores_one(weighted, closed):
    for seed in range(6):
        problem = _gen(ENV, seed, intervals=11, weighted=weighted, closed=closed)
        best, sets = _brute(problem.meta)
        assert problem.meta["best"] == best == int(problem.answer.split(":")[0])
        for chosen in sets[:5]:
            text = f"{best}: " + ", ".join(map(str, chosen[::-1]))
            assert _score(problem, text).reward == 1.0, (text, problem.answer)


def test_the_touching_rule_changes_the_answer_somewhere():
    differs = 0
    for seed in range(20):
        meta = dict(_gen(ENV, seed, intervals=10, closed=False).meta)
        meta["closed"] = True
        differs += _brute(meta)[0] != _gen(ENV, seed, intervals=10, closed=False).meta["best"]
    assert differs > 0


def test_invalid_witnesses_fail():
    problem = _gen(ENV, 3, intervals=10, closed=True)
    meta = problem.meta
    value, items = problem.answer.split(": ")
    ids = [int(x) for x in items.split(", ")]
    assert _score(problem, problem.answer.replace(": ", " : ")).reward == 1.0
    assert _score(problem, f"x = {value}: [{items}]").reward == 1.0
    assert _score(problem, f"{value}: " + " ".join(items.split(", "))).reward == 1.0
    assert _score(problem, f"{value}: " + ", ".join(f"#{i}" for i in ids) + ".").reward == 1.0
    assert _score(problem, f"{value}: {items}, {ids[0]}").reward == 0.0  # duplicate
    assert _score(problem, f"{int(value) + 1}: {items}, 99").reward == 0.0  # out of range
    assert _score(problem, f"{int(value) + 1}: {items}").reward == 0.0  # wrong value
    # a valid but smaller set: partial credit only
    verdict = _score(problem, f"{int(value) - 1}: " + ", ".join(map(str, ids[:-1])))
    assert verdict.reward == 0.0 and verdict.score == pytest.approx((int(value) - 1) / int(value))
    # an overlapping pair
    spans = meta["intervals"]
    a, b = next(
        (i, j)
        for i, j in itertools.combinations(range(len(spans)), 2)
        if not _disjoint([spans[i], spans[j]], True)
    )
    assert _score(problem, f"2: {a + 1}, {b + 1}").reward == 0.0
    for junk in ["0", "1", "none", "-1", f"{value}", f"{value} or {int(value) + 1}: 1",
                 f"{problem.answer} and more", "1. [3, 8]"]:  # fmt: skip
        assert _score(problem, junk).reward == 0.0


def test_touching_intervals_are_judged_by_the_stated_rule():
    problem = _gen(ENV, 0, intervals=8, closed=True)
    problem.meta["intervals"] = [[0, 2], [2, 4], [4, 6], [1, 5], [0, 6], [3, 3], [5, 6], [0, 1]]
    problem.meta["best"] = 2
    assert _score(problem, "2: 1, 3").reward == 1.0
    assert _score(problem, "2: 1, 2").reward == 0.0
    problem.meta["closed"] = False
    assert _score(problem, "2: 1, 2").reward == 1.0


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1), data=st.data())
def test_dropping_or_swapping_an_item_is_judged_like_an_independent_check(seed, difficulty, data):
    problem = _gen(ENV, seed, difficulty)
    meta = problem.meta
    assert _score(problem, problem.answer).reward == 1.0
    ids = [int(x) for x in problem.answer.split(": ")[1].split(", ")]
    n = len(meta["intervals"])
    i = data.draw(st.integers(0, len(ids) - 1))
    ids[i] = data.draw(st.integers(1, n))
    spans = [meta["intervals"][j - 1] for j in ids]
    weights = meta["weights"]
    value = sum(weights[j - 1] for j in ids) if weights else len(ids)
    ok = len(set(ids)) == len(ids) and _disjoint(spans, meta["closed"]) and value == meta["best"]
    verdict = _score(problem, f"{value}: " + ", ".join(map(str, ids)))
    assert (verdict.reward == 1.0) == ok


def test_only_balanced_brackets_and_single_separators_are_read():
    """Review: the parser stripped any brackets from the ends (``5: [3, 4`` and ``5: 3, 4]]``
    scored 1) and dropped empty entries (``5: 3,, 4``). Neither changed which set was read,
    but the answer was not in the syntax asked for; now a list is wrapped in one matching
    pair of brackets or none, with one comma (or semicolon, or spaces) between items."""
    problem = _gen(ENV, 3, difficulty=0.5)
    value, items = problem.answer.split(": ")
    spaced = " ".join(items.split(", "))
    for fine in [f"{value}: [{items}]", f"{value}: ({items})", f"{value}: {{{items}}}",
                 f"{value}: {spaced}", f"{value}: {items.replace(',', ';')}",
                 f"{value}:{items.replace(' ', '')}"]:  # fmt: skip
        assert _score(problem, fine).reward == 1.0, fine
    for bad in [f"{value}: [{items}", f"{value}: {items}]", f"{value}: [{items}]]",
                f"{value}: ({items}]", f"{value}:) {items}", f"{value}: {items}[",
                f"{value}: {items.replace(',', ',,')}", f"{value}: , {items}",
                f"{value}: {items},"]:  # fmt: skip
        verdict = _score(problem, bad)
        assert verdict.reward == 0.0 and verdict.reason == "unparsable", bad
