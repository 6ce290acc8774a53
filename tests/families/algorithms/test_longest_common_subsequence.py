"""What ``rlvr/LongestCommonSubsequence-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.algorithms.helpers import _gen, _score

ENV = "rlvr/LongestCommonSubsequence-v0"


def _sub(small, big):
    """Whether small is a subsequence of big (greedy scan with indices)."""
    k = 0
    for x in big:
        if k < len(small) and small[k] == x:
            k += 1
    return k == len(small)


def _all_lcs(a, b):
    """Every longest common subsequence, by trying all subsequences of the shorter one."""
    short, other = (a, b) if len(a) <= len(b) else (b, a)
    for size in range(len(short), 0, -1):
        found = {
            tuple(short[i] for i in combo)
            for combo in itertools.combinations(range(len(short)), size)
            if _sub([short[i] for i in combo], other)
        }
        if found:
            return size, sorted(found)
    return 0, []


def _text(problem, seq, length=None):
    glue = " " if problem.meta["tokens"] else ""
    return f"length {len(seq) if length is None else length}; {glue.join(seq)}"


@pytest.mark.parametrize("tokens", [False, True])
def test_every_lcs_found_by_brute_force_scores_one(tokens):
    for seed in range(6):
        problem = _gen(ENV, seed, length=9, alphabet=3, tokens=tokens)
        a, b = problem.meta["a"], problem.meta["b"]
        best, found = _all_lcs(a, b)
        assert problem.meta["best"] == best < min(len(a), len(b))
        assert _score(problem, problem.answer).reward == 1.0
        for seq in found[:20]:
            assert _score(problem, _text(problem, seq)).reward == 1.0


def test_shorter_and_invalid_witnesses():
    problem = _gen(ENV, 4, length=10, alphabet=4)
    a, b, best = problem.meta["a"], problem.meta["b"], problem.meta["best"]
    ref = problem.answer.split("; ")[1]
    verdict = _score(problem, f"length {best - 1}; {ref[:-1]}")
    assert verdict.reward == 0.0 and verdict.score == pytest.approx((best - 1) / best)
    bad = [
        f"length {best + 1}; {ref}",  # claimed length does not match
        f"length {best}; {ref[::-1]}" if ref != ref[::-1] else "length 1; Q",
        f"length {len(a)}; {''.join(a)}",  # echo A
        f"length {len(b)}; {''.join(b)}",  # echo B
        f"length {best + 1}; {ref}{ref[-1]}",
        "0",
        "none",
        f"{best}",
        f"length {best}; {ref} or {ref}",
        f"length {best}; 1 2 3",
    ]
    for text in bad:
        assert _score(problem, text).reward == 0.0, text


def test_reasonable_spellings_score_one():
    problem = _gen(ENV, 8, length=10, alphabet=4)
    best = problem.meta["best"]
    ref = problem.answer.split("; ")[1]
    for text in [
        f"Length: {best}; {ref.lower()}",
        f"length = {best}; subsequence: {' '.join(ref)}",
        f"{best}\n{', '.join(ref)}",
        f"length {best}; LCS = {ref}",
    ]:
        assert _score(problem, text).reward == 1.0, text
    words = _gen(ENV, 8, length=10, alphabet=4, tokens=True)
    seq = words.answer.split("; ")[1].split()
    assert _score(words, f"length {len(seq)}; {', '.join(seq).upper()}").reward == 1.0
    assert _score(words, f"length {len(seq)}; [{', '.join(seq)}]").reward == 1.0


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.floats(0, 1))
def test_oracle_right_and_a_dropped_element_partial(seed, difficulty):
    problem = _gen(ENV, seed, difficulty)
    meta = problem.meta
    assert _score(problem, problem.answer).reward == 1.0
    seq = problem.answer.split("; ", 1)[1]
    items = seq.split() if meta["tokens"] else list(seq)
    assert len(items) == meta["best"] and _sub(items, meta["a"]) and _sub(items, meta["b"])
    if len(items) > 1:
        verdict = _score(problem, _text(problem, items[1:]))
        assert verdict.reward == 0.0 and 0 < verdict.score < 1
    assert _score(problem, _text(problem, items, len(items) + 1)).reward == 0.0


def test_a_quoted_witness_scores_one_and_a_quoted_wrong_one_does_not():
    # Review of issue 15: `length 5; "UZAAU"` was unparsable ("letters only").
    for tokens in (False, True):
        problem = _gen(ENV, 8, length=10, alphabet=4, tokens=tokens)
        best, ref = problem.meta["best"], problem.answer.split("; ")[1]
        for quoted in (f'"{ref}"', f"'{ref}'", f"`{ref}`", f"\u201c{ref}\u201d"):
            assert _score(problem, f"length {best}; {quoted}").reward == 1.0, quoted
        a = " ".join(problem.meta["a"]) if tokens else "".join(problem.meta["a"])
        assert _score(problem, f'length {len(problem.meta["a"])}; "{a}"').reward == 0.0
        assert _score(problem, f'length {best}; "{ref}').reward == 0.0  # unbalanced
