"""What ``rlvr/LongestIncreasingSubsequence-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.algorithms.helpers import _gen, _score

ENV = "rlvr/LongestIncreasingSubsequence-v0"
VARIANTS = ("increasing", "decreasing", "non-decreasing", "max-sum")


def _ok(variant, picked):
    pairs = list(itertools.pairwise(picked))
    if variant == "decreasing":
        return all(a > b for a, b in pairs)
    if variant == "non-decreasing":
        return all(a <= b for a, b in pairs)
    return all(a < b for a, b in pairs)


def _brute(values, variant):
    """Every optimal witness (1-based positions) by trying all subsets."""
    score = (lambda c: sum(values[i] for i in c)) if variant == "max-sum" else len
    best, found = 0, []
    for size in range(1, len(values) + 1):
        for combo in itertools.combinations(range(len(values)), size):
            if _ok(variant, [values[i] for i in combo]):
                value = score(combo)
                if value > best:
                    best, found = value, []
                if value == best:
                    found.append([i + 1 for i in combo])
    return best, found


def _text(variant, value, indices, sep=", "):
    label = "sum" if variant == "max-sum" else "length"
    return f"{label} {value}; indices " + sep.join(map(str, indices))


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_optimal_witness_found_by_brute_force_scores_one(variant):
    for seed in range(6):
        problem = _gen(ENV, seed, length=10, max_value=30, variant=variant)
        values = problem.meta["values"]
        best, witnesses = _brute(values, variant)
        assert problem.meta["best"] == best
        assert _score(problem, problem.answer).reward == 1.0
        for indices in witnesses[:20]:
            assert _score(problem, _text(variant, best, indices)).reward == 1.0


@pytest.mark.parametrize("variant", VARIANTS)
def test_valid_shorter_witnesses_get_partial_credit_only(variant):
    problem = _gen(ENV, 3, length=12, variant=variant)
    meta = problem.meta
    indices = [int(x) for x in problem.answer.split("indices ")[1].split(", ")]
    shorter = indices[:-1]
    value = sum(meta["values"][i - 1] for i in shorter) if variant == "max-sum" else len(shorter)
    verdict = _score(problem, _text(variant, value, shorter))
    assert verdict.reward == 0.0 and verdict.reason == "partial"
    assert verdict.score == pytest.approx(value / meta["best"])


def test_invalid_witnesses_fail():
    problem = _gen(ENV, 5, length=12, variant="increasing")
    values = problem.meta["values"]
    best = problem.meta["best"]
    indices = [int(x) for x in problem.answer.split("indices ")[1].split(", ")]
    bad = {
        "claimed longer": _text("increasing", best + 1, indices),
        "claimed shorter": _text("increasing", best - 1, indices),
        "duplicate": _text("increasing", best, [indices[0], *indices[:-1]]),
        "out of range": _text("increasing", best, [*indices[:-1], len(values) + 1]),
        "zero": _text("increasing", best, [0, *indices[1:]]),
        "unsorted": _text("increasing", best, indices[::-1]),
        "all positions": _text("increasing", len(values), range(1, len(values) + 1)),
    }
    for name, text in bad.items():
        assert _score(problem, text).reward == 0.0, name
    # a witness that breaks the order, of the right length
    for combo in itertools.combinations(range(1, len(values) + 1), best):
        if not _ok("increasing", [values[i - 1] for i in combo]):
            assert _score(problem, _text("increasing", best, combo)).reward == 0.0
            break


def test_constants_echoes_and_hedges_fail():
    problem = _gen(ENV, 7, difficulty=0.5)
    values = problem.meta["values"]
    for text in [
        "0",
        "1",
        "none",
        "-1",
        str(problem.meta["best"]),
        ", ".join(map(str, values)),
        problem.answer + " or " + problem.answer,
        problem.answer + "; and more",
        "length 1; indices 1",
        "sum 1; indices 1",
    ]:
        assert _score(problem, text).reward == 0.0, text


def test_reasonable_spellings_score_one():
    problem = _gen(ENV, 9, length=12, variant="increasing")
    best = problem.meta["best"]
    indices = problem.answer.split("indices ")[1].split(", ")
    for text in [
        f"Length: {best}; indices: [{', '.join(indices)}]",
        f"length = {best}; positions = ({' '.join(indices)})",
        f"{best}\n{','.join(indices)}",
        f"LENGTH {best} ; Indices {' , '.join(indices)}",
        f"length is {best}; indices are: {', '.join(indices)}.",
        f"Length: {best}\nIndices: {', '.join(indices)}",
    ]:
        assert _score(problem, text).reward == 1.0, text
    assert _score(problem, f"sum {best}; indices {', '.join(indices)}").reason == "unparsable"
    for text in [
        f"length {best}; indices ,{', '.join(indices)}",
        f"length {best}; indices {',, '.join(indices)}",
        f"length {best}; indices [{', '.join(indices)}",
    ]:
        assert _score(problem, text).reason == "unparsable", text
    assert _score(problem, f"length {best}; indices {', '.join(indices)},").reward == 1.0


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.floats(0, 1))
def test_oracle_right_and_a_dropped_element_wrong(seed, difficulty):
    problem = _gen(ENV, seed, difficulty)
    assert _score(problem, problem.answer).reward == 1.0
    variant = problem.meta["variant"]
    indices = [int(x) for x in problem.answer.split("indices ")[1].split(", ")]
    assert len(indices) == problem.meta["size"]
    values = problem.meta["values"]
    assert _ok(variant, [values[i - 1] for i in indices])
    short = indices[1:]
    value = sum(values[i - 1] for i in short) if variant == "max-sum" else len(short)
    verdict = _score(problem, _text(variant, value, short))
    assert verdict.reward == 0.0 and 0 < verdict.score < 1
    assert _score(problem, _text(variant, problem.meta["best"] + 1, indices)).reward == 0.0


def test_hostile_answers_are_read_in_linear_time():
    problem = _gen(ENV, 1)
    texts = [
        "a" + " " * 9000 + "x",
        "length" + " " * 9000 + "5",
        "length 5; " + " " * 9000 + "x",
        "a " * 4500 + "5; 1",
        "length" + "  is" * 2000 + " 5; 1",
        "length 1; indices " + "9" * 5000,
        "length 5; indices " + "1," * 4990,
    ]
    for text in texts:
        start = time.perf_counter()
        verdict = _score(problem, text)
        assert time.perf_counter() - start < 0.2, text[:30]
        assert verdict.reward == 0.0 and verdict.reason != "error"
