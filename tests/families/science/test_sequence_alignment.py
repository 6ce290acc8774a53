"""``rlvr/SequenceAlignment-v0``: every optimal alignment (enumerated by a recursion written
here) scores 1, a suboptimal one 0, malformed rows are refused."""

from __future__ import annotations

import re
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.science.helpers import _gen, _score


def optimal_alignments(a: str, b: str, match: int, mismatch: int, gap: int, limit: int = 20):
    @cache
    def best(i: int, j: int) -> int:
        if i == len(a) and j == len(b):
            return 0
        options = []
        if i < len(a) and j < len(b):
            options.append((match if a[i] == b[j] else -mismatch) + best(i + 1, j + 1))
        if i < len(a):
            options.append(-gap + best(i + 1, j))
        if j < len(b):
            options.append(-gap + best(i, j + 1))
        return max(options)

    found: list[tuple[str, str]] = []

    def walk(i: int, j: int, top: str, bottom: str) -> None:
        if len(found) >= limit:
            return
        if i == len(a) and j == len(b):
            found.append((top, bottom))
            return
        if i < len(a) and j < len(b):
            pair = match if a[i] == b[j] else -mismatch
            if pair + best(i + 1, j + 1) == best(i, j):
                walk(i + 1, j + 1, top + a[i], bottom + b[j])
        if i < len(a) and -gap + best(i + 1, j) == best(i, j):
            walk(i + 1, j, top + a[i], bottom + "-")
        if j < len(b) and -gap + best(i, j + 1) == best(i, j):
            walk(i, j + 1, top + "-", bottom + b[j])

    walk(0, 0, "", "")
    return best(0, 0), found


def test_every_optimal_alignment_scores_and_worse_ones_do_not():
    for seed in range(25):
        problem = _gen("rlvr/SequenceAlignment-v0", seed, seed / 24)
        first = re.search(r"^1: (\w+)$", problem.prompt, re.M).group(1)
        second = re.search(r"^2: (\w+)$", problem.prompt, re.M).group(1)
        match, mismatch, gap = map(int, re.search(
            r"match scores \+(\d+), a mismatch -(\d+), and each gap position -(\d+)",
            problem.prompt).groups())  # fmt: skip
        score, alignments = optimal_alignments(first, second, match, mismatch, gap)
        assert problem.meta["score"] == score
        for top, bottom in alignments:
            assert _score(problem, f"{top}\n{bottom}") == 1.0
        # all gaps first: a valid alignment, optimal only when nothing better exists
        worst = (first + "-" * len(second), "-" * len(first) + second)
        worst_score = -gap * (len(first) + len(second))
        assert _score(problem, "\n".join(worst)) == float(worst_score == score)
        assert _score(problem, first) == 0.0
        assert _score(problem, f"{first}\n{second}X") == 0.0
        top, bottom = alignments[0]
        assert _score(problem, f"{top}-\n{bottom}-") == 0.0  # a column of two gaps


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), gaps=st.lists(st.integers(0, 40), max_size=6))
def test_any_valid_alignment_scores_exactly_when_it_is_optimal(seed, gaps):
    problem = _gen("rlvr/SequenceAlignment-v0", seed, 0.3)
    top, bottom = problem.answer.split("\n")
    for g in gaps:  # a gap pair: one in each row, in different columns
        i, j = g % (len(top) + 1), (g * 7 + 3) % (len(bottom) + 1)
        top, bottom = top[:i] + "-" + top[i:], bottom[:j] + "-" + bottom[j:]
    if any(x == y == "-" for x, y in zip(top, bottom, strict=True)):
        return
    match, mismatch, gap = problem.meta["scoring"]
    score = sum(
        -gap if "-" in (x, y) else (match if x == y else -mismatch)
        for x, y in zip(top, bottom, strict=True)
    )
    best, _ = optimal_alignments(
        problem.meta["first"], problem.meta["second"], match, mismatch, gap, 1
    )
    assert _score(problem, f"{top}\n{bottom}") == float(score == best)
