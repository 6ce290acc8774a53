"""What ``rlvr/BracketRepair-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.algorithms.helpers import _gen, _score

ENV = "rlvr/BracketRepair-v0"
PAIRS = ["()", "[]", "{}", "<>"]


def _ok(text, kinds):
    close = {p[0]: p[1] for p in PAIRS[:kinds]}
    stack = []
    for ch in text:
        if ch in close:
            stack.append(close[ch])
        elif not stack or stack.pop() != ch:
            return False
    return not stack


def _best_deletions(s, kinds):
    """Brute force over kept subsets, largest first: (deletions, every optimal repair)."""
    for keep in range(len(s), -1, -1):
        found = {
            "".join(s[i] for i in idx)
            for idx in itertools.combinations(range(len(s)), keep)
            if _ok("".join(s[i] for i in idx), kinds)
        }
        if found:
            return len(s) - keep, found
    raise AssertionError


def _best_insertions(s, kinds):
    """Breadth-first search over single-bracket insertions: the fewest insertions."""
    chars = "".join(PAIRS[:kinds])
    level, depth = {s}, 0
    while True:
        if any(_ok(t, kinds) for t in level):
            return depth, {t for t in level if _ok(t, kinds)}
        level = {t[:i] + c + t[i:] for t in level for i in range(len(t) + 1) for c in chars}
        depth += 1


@pytest.mark.parametrize("kinds", [1, 2, 3])
def test_deletions_match_brute_force_and_every_optimal_repair_scores_one(kinds):
    for seed in range(12):
        problem = _gen(ENV, seed, kinds=kinds, length=10, edit="delete")
        best, repairs = _best_deletions(problem.meta["string"], kinds)
        assert best == problem.meta["minimum"] >= 1
        for repair in sorted(repairs)[:6]:
            assert _score(problem, f"{best}; {repair}").reward == 1.0, repair


@pytest.mark.parametrize("kinds", [1, 2])
def test_insertions_match_a_breadth_first_search(kinds):
    for seed in range(6):
        problem = _gen(ENV, seed, kinds=kinds, length=6, edit="insert")
        if problem.meta["minimum"] > 3:
            continue
        best, repairs = _best_insertions(problem.meta["string"], kinds)
        assert best == problem.meta["minimum"]
        for repair in sorted(repairs)[:6]:
            assert _score(problem, f"{best}; {repair}").reward == 1.0, repair


def test_invalid_or_wasteful_repairs_fail():
    problem = _gen(ENV, 1, kinds=2, length=12, edit="insert")
    s, best = problem.meta["string"], problem.meta["minimum"]
    fixed = problem.answer.split("; ")[1]
    assert _score(problem, f"count: {best}\nrepaired: `{fixed}`").reward == 1.0
    assert _score(problem, f"{best}; {' '.join(fixed)}").reward == 1.0
    for text in [f"Number of insertions: {best}\nRepaired string: {fixed}", f"**{best}**; {fixed}",
                 f"{best} insertions; {fixed}", f"insertions = {best}; '{fixed}'"]:  # fmt: skip
        assert _score(problem, text).reward == 1.0, text
    extra = _score(problem, f"{best + 2}; (){fixed}")
    assert extra.reward == 0.0 and extra.score == pytest.approx(best / (best + 2))
    assert _score(problem, f"{best}; (){fixed}").reward == 0.0  # count disagrees
    assert _score(problem, f"{best}; {s}").reward == 0.0  # the input echoed
    assert _score(problem, s).reward == 0.0
    assert _score(problem, f"{best}; {fixed}<>").reward == 0.0  # a kind not in the instance
    assert _score(problem, f"{best}; {fixed[1:]}").reward == 0.0
    assert _score(problem, f"{len(s)}; {'()' * len(s)}").reward == 0.0  # not a supersequence
    for bad in [str(best), f"{best} or {best + 1}; {fixed}", "none", f"x; {fixed}", f"{best};"]:
        assert _score(problem, bad).reward == 0.0, bad


def test_deleting_to_a_subsequence_is_required():
    problem = _gen(ENV, 2, kinds=3, length=14, edit="delete")
    best = problem.meta["minimum"]
    fixed = problem.answer.split("; ")[1]
    n = len(problem.meta["string"])
    assert _score(problem, f"{n - len(fixed)}; {fixed}").reward == 1.0
    assert _score(problem, f"{best}; {fixed}()").reward == 0.0
    assert _score(problem, f"{n}; ").reward == 0.0


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1), data=st.data())
def test_a_needless_change_is_partial_and_the_oracle_is_valid(seed, difficulty, data):
    problem = _gen(ENV, seed, difficulty)
    meta = problem.meta
    best, fixed = problem.answer.split("; ")
    assert int(best) == meta["minimum"] and _ok(fixed, meta["kinds"])
    if meta["edit"] == "insert":
        i = data.draw(st.integers(0, len(fixed)))
        worse = fixed[:i] + "()" + fixed[i:]
        changes = meta["minimum"] + 2
    else:
        i = data.draw(st.sampled_from([k for k, c in enumerate(fixed) if c in "([{<"]))
        depth = 0
        for j in range(i, len(fixed)):  # j: the bracket that closes fixed[i]
            depth += 1 if fixed[j] in "([{<" else -1
            if depth == 0:
                break
        worse = fixed[:i] + fixed[i + 1 : j] + fixed[j + 1 :]
        changes = meta["minimum"] + 2
    verdict = _score(problem, f"{changes}; {worse}")
    assert verdict.reward == 0.0 and verdict.score == pytest.approx(meta["minimum"] / changes)


def test_a_sentence_full_stop_after_the_repair_is_ignored():
    problem = _gen(ENV, 2, 1.0)
    count, fixed = problem.answer.split("; ")
    assert _score(problem, f"{count}; {fixed}.").reward == 1.0
    assert _score(problem, f"{count}; {fixed}.)").reward == 0.0
