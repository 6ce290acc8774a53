"""What ``rlvr/HeapSimulation-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import heapq

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.algorithms.helpers import _gen, _score

ENV = "rlvr/HeapSimulation-v0"


def _one_indexed(order, operations):
    """A 1-indexed array heap (slot 0 unused), written independently of the family."""
    better = (lambda a, b: a < b) if order == "min" else (lambda a, b: a > b)
    h, out = [None], []
    for op in operations:
        if op.startswith("insert"):
            h.append(int(op.split()[1]))
            k = len(h) - 1
            while k > 1 and better(h[k], h[k // 2]):
                h[k], h[k // 2] = h[k // 2], h[k]
                k //= 2
        else:
            out.append(h[1])
            h[1] = h[-1]
            h.pop()
            k = 1
            while 2 * k < len(h):
                c = 2 * k
                if c + 1 < len(h) and better(h[c + 1], h[c]):
                    c += 1
                if not better(h[c], h[k]):
                    break
                h[k], h[c] = h[c], h[k]
                k = c
    return out, h[1:]


def _heapq(order, operations):
    sign = 1 if order == "min" else -1
    h, out = [], []
    for op in operations:
        if op.startswith("insert"):
            heapq.heappush(h, sign * int(op.split()[1]))
        else:
            out.append(sign * heapq.heappop(h))
    return out, [sign * v for v in sorted(h)]


def _text(first, second, label):
    return f"extracted: {', '.join(map(str, first))}; {label}: {', '.join(map(str, second))}"


@pytest.mark.parametrize("order", ["min", "max"])
def test_extraction_order_matches_heapq(order):
    for seed in range(20):
        problem = _gen(ENV, seed, order=order, task="extract", operations=20)
        extracted, rest = _heapq(order, problem.meta["operations"])
        assert (extracted, rest) == (problem.meta["extracted"], problem.meta["final"])
        assert _score(problem, _text(extracted, rest, "remaining")).reward == 1.0


@pytest.mark.parametrize("order", ["min", "max"])
def test_the_array_matches_an_independent_heap(order):
    for seed in range(20):
        problem = _gen(ENV, seed, order=order, task="array", operations=25)
        meta = problem.meta
        extracted, array = _one_indexed(order, meta["operations"])
        assert (extracted, array) == (meta["extracted"], meta["final"])
        assert _score(problem, _text(extracted, array, "array")).reward == 1.0
        assert meta["extracted"] and meta["final"]
    # inserts only: heapq.heappush sifts up exactly as stated
    ops = [f"insert {v}" for v in (50, 20, 40, 10, 30, 5, 60)]
    h = []
    for op in ops:
        heapq.heappush(h, int(op.split()[1]))
    assert _one_indexed("min", ops)[1] == h


def test_a_sorted_array_or_the_wrong_section_fails():
    problem = _gen(ENV, 2, order="max", task="array", operations=30)
    meta = problem.meta
    rest = sorted(meta["final"], reverse=True)
    assert rest != meta["final"]
    verdict = _score(problem, _text(meta["extracted"], rest, "array"))
    assert verdict.reward == 0.0 and verdict.score == 0.5
    wrong_label = _score(problem, _text(meta["extracted"], meta["final"], "remaining"))
    assert wrong_label.reason == "unparsable"
    for bad in ["extracted: 1 or 2; array: 3", "42", "array: 1, 2", "", "extracted: ; array: 1"]:
        assert _score(problem, bad).reward == 0.0, bad


def test_other_spellings_score_one():
    problem = _gen(ENV, 5, task="extract", operations=12)
    meta = problem.meta
    e, r = " ".join(map(str, meta["extracted"])), ", ".join(map(str, meta["final"]))
    for text in [f"Remaining: [{r}]\nExtracted: [{e}]", f"extracted = ({e}); remaining = {r}."]:
        assert _score(problem, text).reward == 1.0, text


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1), data=st.data())
def test_swapping_two_values_fails(seed, difficulty, data):
    problem = _gen(ENV, seed, difficulty)
    meta = problem.meta
    label = "remaining" if meta["task"] == "extract" else "array"
    values = meta["extracted"] + meta["final"]
    i, j = data.draw(st.integers(0, len(values) - 1)), data.draw(st.integers(0, len(values) - 1))
    if values[i] == values[j]:
        return
    values[i], values[j] = values[j], values[i]
    k = len(meta["extracted"])
    assert _score(problem, _text(values[:k], values[k:], label)).reward == 0.0
