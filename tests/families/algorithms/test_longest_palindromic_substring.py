"""What ``rlvr/LongestPalindromicSubstring-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.algorithms.helpers import _gen, _score

ENV = "rlvr/LongestPalindromicSubstring-v0"


def _substrings(s):
    """(length, every (start, text) of that length) over all substrings that are palindromes."""
    found = [
        (j - i, i + 1, s[i:j])
        for i in range(len(s))
        for j in range(i + 1, len(s) + 1)
        if s[i:j] == s[i:j][::-1]
    ]
    best = max(size for size, _, _ in found)
    return best, [(start, text) for size, start, text in found if size == best]


def _subsequences(s):
    """(length, every optimal list of 1-based positions) by trying all subsets."""
    for size in range(len(s), 0, -1):
        found = [
            [i + 1 for i in combo]
            for combo in itertools.combinations(range(len(s)), size)
            if "".join(s[i] for i in combo) == "".join(s[i] for i in combo)[::-1]
        ]
        if found:
            return size, found
    return 0, []


def test_every_longest_substring_found_by_brute_force_scores_one():
    for seed in range(10):
        problem = _gen(ENV, seed, length=12, kind="substring")
        s = problem.meta["string"]
        best, found = _substrings(s)
        assert problem.meta["best"] == best < len(s)
        assert _score(problem, problem.answer).reward == 1.0
        for start, text in found:
            assert _score(problem, f"start {start}; {text}").reward == 1.0


def test_every_longest_subsequence_found_by_brute_force_scores_one():
    for seed in range(6):
        problem = _gen(ENV, seed, length=11, kind="subsequence")
        s = problem.meta["string"]
        best, found = _subsequences(s)
        assert problem.meta["best"] == best < len(s)
        assert _score(problem, problem.answer).reward == 1.0
        for indices in found[:20]:
            text = f"length {best}; indices " + ", ".join(map(str, indices))
            assert _score(problem, text).reward == 1.0


def test_invalid_and_shorter_substrings():
    problem = _gen(ENV, 3, length=14, kind="substring")
    s, best = problem.meta["string"], problem.meta["best"]
    start, text = problem.answer.split("; ")
    start = int(start.split()[1])
    inner = text[1:-1]
    verdict = _score(problem, f"start {start + 1}; {inner}")
    assert verdict.reward == 0.0 and verdict.score == pytest.approx((best - 2) / best)
    bad = [
        f"start {start + 1}; {text}",  # wrong position
        f"start {start}; {text}{s[start - 1 + best] if start - 1 + best < len(s) else 'q'}",
        f"start {start}; {s[start - 1 : start - 1 + best + 1]}",  # not a palindrome
        f"start 0; {text}",
        f"start {len(s) + 1}; {text}",
        f"start 1; {s}",  # the whole string echoed
        f"start 1; {s[0]}",
        "0",
        "none",
        text,
        f"start {start}; {text} or {text}",
        f"length {best}; indices 1",
    ]
    for answer in bad:
        assert _score(problem, answer).reward == 0.0, answer


def test_invalid_and_shorter_subsequences():
    problem = _gen(ENV, 4, length=12, kind="subsequence")
    s, best = problem.meta["string"], problem.meta["best"]
    indices = [int(x) for x in problem.answer.split("indices ")[1].split(", ")]
    inner = indices[1:-1]
    verdict = _score(problem, f"length {len(inner)}; indices " + ", ".join(map(str, inner)))
    assert verdict.reward == 0.0 and 0 < verdict.score < 1
    joined = ", ".join(map(str, indices))
    bad = [
        f"length {best + 1}; indices {joined}",
        f"length {best}; indices {', '.join(map(str, indices[::-1]))}",
        f"length {best}; indices {indices[0]}, {joined}",
        f"length {len(s)}; indices " + ", ".join(map(str, range(1, len(s) + 1))),
        f"length {best}; indices 0, {', '.join(map(str, indices[1:]))}",
        f"length 1; indices {len(s) + 1}",
        f"start 1; {s}",
        str(best),
    ]
    for answer in bad:
        assert _score(problem, answer).reward == 0.0, answer


def test_reasonable_spellings_score_one():
    problem = _gen(ENV, 5, length=12, kind="substring")
    start, text = problem.answer.split("; ")
    number = start.split()[1]
    for answer in [
        f"Start: {number}; {text.upper()}",
        f"start = {number}\npalindrome: {text}",
        f"{number}; substring = {text}",
    ]:
        assert _score(problem, answer).reward == 1.0, answer
    sub = _gen(ENV, 5, length=12, kind="subsequence")
    best = sub.meta["best"]
    indices = sub.answer.split("indices ")[1]
    for answer in [
        f"length: {best}; positions: [{indices}]",
        f"{best}\n{indices.replace(',', '')}",
    ]:
        assert _score(sub, answer).reward == 1.0, answer


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.floats(0, 1))
def test_oracle_right_and_the_witness_is_a_palindrome(seed, difficulty):
    problem = _gen(ENV, seed, difficulty)
    meta = problem.meta
    s = meta["string"]
    assert s != s[::-1]
    assert _score(problem, problem.answer).reward == 1.0
    if meta["kind"] == "substring":
        start, text = problem.answer.split("; ")
        start = int(start.split()[1])
        assert s[start - 1 : start - 1 + len(text)] == text == text[::-1]
        assert len(text) == meta["best"] == _substrings(s)[0]
        if len(text) > 2:
            assert _score(problem, f"start {start + 1}; {text[1:-1]}").reason == "partial"
    else:
        indices = [int(x) for x in problem.answer.split("indices ")[1].split(", ")]
        word = "".join(s[i - 1] for i in indices)
        assert word == word[::-1] and len(word) == meta["best"]
        assert _score(problem, f"length {meta['best'] + 1}; indices {indices}").reward == 0.0


def test_a_quoted_palindrome_scores_one_and_the_start_still_counts():
    # Review of issue 15: `start 4; "iji"` was unparsable ("letters only").
    problem = _gen(ENV, 5, length=12, kind="substring")
    start, text = problem.answer.split("; ")
    number = int(start.split()[1])
    for quoted in (f'"{text}"', f"'{text}'", f"\u201c{text}\u201d"):
        assert _score(problem, f"start {number}; {quoted}").reward == 1.0, quoted
        assert _score(problem, f"start {number + 1}; {quoted}").reward == 0.0, quoted
    assert _score(problem, f'start {number}; "{text}" "{text}"').reward == 0.0
