"""What ``rlvr/HuffmanCodeLengths-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import bisect
import copy
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.algorithms.helpers import _gen, _score

ENV = "rlvr/HuffmanCodeLengths-v0"


def _optimal_bits(freqs):
    """Huffman's total as the sum of merged weights, with a sorted list (not a heap)."""
    pool, total = sorted(freqs), 0
    while len(pool) > 1:
        merged = pool.pop(0) + pool.pop(0)
        total += merged
        bisect.insort(pool, merged)
    return total


def _text(total, names, lengths):
    return f"{total}: " + ", ".join(f"{s}={b}" for s, b in zip(names, lengths))


def _fixed(freqs_names):
    problem = _gen(ENV, 0, symbols=4)
    problem = copy.deepcopy(problem)
    names, freqs = zip(*freqs_names)
    problem.meta.update(symbols="".join(names), frequencies=list(freqs))
    problem.meta["best"] = _optimal_bits(freqs)
    return problem


def test_the_total_matches_an_independent_huffman():
    for seed in range(30):
        problem = _gen(ENV, seed, seed / 29)
        assert problem.meta["best"] == _optimal_bits(problem.meta["frequencies"])
        assert int(problem.answer.split(":")[0]) == problem.meta["best"]


def test_a_shown_message_has_the_stated_counts():
    for seed in range(10):
        problem = _gen(ENV, seed, symbols=8, given="message")
        block = problem.prompt.split("\n")[1]
        counts = Counter(block.replace(" ", ""))
        assert [counts[s] for s in problem.meta["symbols"]] == problem.meta["frequencies"]
        assert _score(problem, problem.answer + ".").reward == 1.0


def test_every_optimal_assignment_scores_one():
    problem = _fixed([("a", 1), ("b", 1), ("c", 2), ("d", 2)])
    assert problem.meta["best"] == 12
    assert _score(problem, "12: a=2, b=2, c=2, d=2").reward == 1.0
    assert _score(problem, "12: a=3, b=3, c=2, d=1").reward == 1.0
    assert _score(problem, "12: d=1, c=2, a=3, b=3").reward == 1.0
    assert _score(problem, "bits = 12: {a=3; b=3; c=2; d=1}").reward == 1.0
    assert _score(problem, "12: a: 3, b: 3, c: 2, d: 1").reward == 1.0


def test_invalid_assignments_fail():
    problem = _fixed([("a", 1), ("b", 1), ("c", 2), ("d", 2)])
    assert _score(problem, "9: a=1, b=1, c=1, d=2").reward == 0.0  # breaks Kraft
    assert "Kraft" in _score(problem, "9: a=1, b=1, c=1, d=2").details["why"]
    assert _score(problem, "12: a=2, b=2, c=2").reward == 0.0  # a symbol missing
    assert _score(problem, "12: a=2, b=2, c=2, d=2, e=2").reward == 0.0  # an extra one
    assert _score(problem, "12: a=2, a=2, c=2, d=2").reward == 0.0  # duplicate
    assert _score(problem, "11: a=2, b=2, c=2, d=2").reward == 0.0  # wrong total
    assert _score(problem, "12: a=0, b=2, c=2, d=2").reward == 0.0
    verdict = _score(problem, "14: a=3, b=3, c=3, d=1")  # valid, not optimal
    assert verdict.reward == 0.0 and verdict.score == pytest.approx(12 / 14)
    for junk in ["0", "1", "12", "none", "-1", "12 or 13", "12: a=2, b=2, c=2, d=2 roughly",
                 "a occurs 1 time"]:  # fmt: skip
        assert _score(problem, junk).reward == 0.0


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1), data=st.data())
def test_changed_lengths_are_judged_like_an_independent_check(seed, difficulty, data):
    problem = _gen(ENV, seed, difficulty)
    assert _score(problem, problem.answer).reward == 1.0
    names, freqs = problem.meta["symbols"], problem.meta["frequencies"]
    lengths = [int(p.split("=")[1]) for p in problem.answer.split(": ")[1].split(", ")]
    i = data.draw(st.integers(0, len(lengths) - 1))
    lengths[i] = data.draw(st.integers(1, 12))
    total = sum(f * b for f, b in zip(freqs, lengths))
    kraft = sum(2.0**-b for b in lengths) <= 1
    ok = kraft and total == _optimal_bits(freqs)
    assert (_score(problem, _text(total, names, lengths)).reward == 1.0) == ok


def test_pairs_need_one_separator_and_balanced_brackets():
    """Review: ``T: [a=1, b=2`` and ``T: a=1,, b=2`` were read, ``T: a=1 b=2`` (pairs
    separated by spaces, as the other list answers allow) was not."""
    problem = _gen(ENV, 3, difficulty=0.5)
    total, pairs = problem.answer.split(": ")
    for fine in [problem.answer, f"{total}: {pairs.replace(', ', ' ')}",
                 f"{total}: {{{pairs}}}", f"{total}: {pairs.replace('=', ' = ')}",
                 f"{total}: {pairs.replace(', ', '; ')}", f"{total}: {pairs}."]:  # fmt: skip
        assert _score(problem, fine).reward == 1.0, fine
    for bad in [f"{total}: [{pairs}", f"{total}: {pairs}]", f"{total}: {pairs.replace(',', ',,')}",
                f"{total}: {pairs.replace(', ', '')}", f"{total}: {pairs},",
                f"{total}: {pairs} bits", f"{total}: x{pairs}"]:  # fmt: skip
        assert _score(problem, bad).reason == "unparsable", bad
