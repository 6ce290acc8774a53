"""What ``rlvr/MergeIntervals-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.algorithms.helpers import _gen, _score

ENV = "rlvr/MergeIntervals-v0"


def _runs(spans):
    """Merged closed intervals from runs of covered half-unit points (own method)."""
    covered = sorted({x for a, b in spans for x in range(2 * a, 2 * b + 1)})
    runs, start = [], covered[0]
    for prev, x in itertools.pairwise(covered):
        if x != prev + 1:
            runs.append([start // 2, prev // 2])
            start = x
    runs.append([start // 2, covered[-1] // 2])
    return runs


def _text(spans):
    return ", ".join(f"[{a}, {b}]" for a, b in spans)


@pytest.mark.parametrize("task", ["merge", "covered", "gaps"])
def test_unique_answers_match_an_independent_sweep(task):
    for seed in range(15):
        problem = _gen(ENV, seed, intervals=12, task=task)
        runs = _runs(problem.meta["intervals"])
        if task == "merge":
            expected = _text(runs)
        elif task == "covered":
            expected = f"{_text(runs)}; {sum(b - a for a, b in runs)}"
        else:
            expected = _text([[a[1], b[0]] for a, b in itertools.pairwise(runs)])
        assert problem.answer == expected
        assert _score(problem, expected).reward == 1.0
        if task != "covered":
            assert _score(problem, "[" + expected.replace(", [", ",[") + "]").reward == 1.0


def test_merge_answers_written_differently_score_one_and_wrong_ones_fail():
    problem = _gen(ENV, 2, intervals=10, task="merge")
    merged = problem.meta["merged"]
    assert _score(problem, "[" + _text(merged) + "]").reward == 1.0
    assert _score(problem, "; ".join(f"({a},{b})" for a, b in merged)).reward == 1.0
    assert _score(problem, _text(merged[::-1])).reward == 0.0  # not sorted
    assert _score(problem, _text(merged[:-1])).reward == 0.0  # missing one
    assert _score(problem, _text(problem.meta["intervals"])).reward == 0.0  # the input echoed
    assert _score(problem, _text(merged) + " done").reward == 0.0
    assert _score(problem, "1, 4, 6, 9").reward == 0.0
    covered = _gen(ENV, 2, intervals=10, task="covered")
    total = covered.meta["covered"]
    text = _text(covered.meta["merged"])
    assert _score(covered, f"{text}; total length = {total}").reward == 1.0
    assert _score(covered, f"{text}; {total + 1}").reward == 0.0
    assert _score(covered, f"{text}").reward == 0.0
    assert _score(covered, f"{total}").reward == 0.0


def _brute_removal(spans):
    """Every removal set after which no two intervals share more than a point."""
    n = len(spans)
    for size in range(n + 1):
        for gone in itertools.combinations(range(n), size):
            rest = [spans[i] for i in range(n) if i not in gone]
            if all(min(b, d) <= max(a, c) for (a, b), (c, d) in itertools.combinations(rest, 2)):
                yield gone


def test_the_least_removal_matches_brute_force_and_other_witnesses_score_one():
    for seed in range(8):
        problem = _gen(ENV, seed, intervals=9, task="remove")
        spans = problem.meta["intervals"]
        sets = list(_brute_removal(spans))
        best = min(len(s) for s in sets)
        assert problem.meta["best"] == best == int(problem.answer.split(":")[0])
        for gone in [s for s in sets if len(s) == best][:4]:
            assert _score(problem, f"{best}: " + ", ".join(str(i + 1) for i in gone)).reward == 1
        worse = next(s for s in sets if len(s) == best + 1)
        verdict = _score(problem, f"{best + 1}: " + ", ".join(str(i + 1) for i in worse))
        assert verdict.reward == 0.0 and verdict.score == pytest.approx(best / (best + 1))
        value, items = problem.answer.split(": ")
        assert _score(problem, f"{value}: {items}, {items.split(', ')[0]}").reward == 0.0
        assert _score(problem, f"{int(value) - 1}: {items}").reward == 0.0
        assert _score(problem, f"{value}: {items}, 99").reward == 0.0
        if best > 0:
            fewer = ", ".join(items.split(", ")[1:])
            assert _score(problem, f"{int(value) - 1}: {fewer}").reward == 0.0
        for junk in ["0", "0:", "none", "-1", value, "1. [3, 8]"]:
            assert _score(problem, junk).reward == 0.0


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1), data=st.data())
def test_a_changed_endpoint_fails_and_the_oracle_passes(seed, difficulty, data):
    problem = _gen(ENV, seed, difficulty)
    assert _score(problem, problem.answer).reward == 1.0
    if problem.meta["task"] == "remove":
        return
    want = (
        problem.meta["gaps"] if problem.meta["task"] == "gaps" else _runs(problem.meta["intervals"])
    )
    changed = [list(x) for x in want]
    i = data.draw(st.integers(0, len(changed) - 1))
    k = data.draw(st.integers(0, 1))
    changed[i][k] += data.draw(st.sampled_from([-1, 1]))
    text = _text(changed)
    if problem.meta["task"] == "covered":
        text += f"; {problem.meta['covered']}"
    assert _score(problem, text).reward == 0.0


def test_only_one_separator_between_intervals_and_none_around_them():
    """Review: ``[1, 4],, [6, 9]`` and ``;[1, 4], [6, 9]`` were read; now between two
    intervals stands at most one comma or semicolon, and nothing before or after them."""
    problem = _gen(ENV, 3, difficulty=0.3, task="merge")
    answer = problem.answer
    for fine in [answer, f"[{answer}]", answer.replace("], [", "]; ["),
                 answer.replace("], [", "] ["), answer.replace(", ", ",")]:  # fmt: skip
        assert _score(problem, fine).reward == 1.0, fine
    for bad in [answer.replace("], [", "],, ["), f"; {answer}", f"{answer},", f"[{answer}",
                f"{answer}]", answer.replace("], [", "];, [")]:  # fmt: skip
        assert _score(problem, bad).reason == "unparsable", bad
    problem = _gen(ENV, 3, difficulty=0.3, task="remove")
    value, items = problem.answer.split(": ")
    assert _score(problem, f"{value}: [{items}]").reward == 1.0
    for bad in [f"{value}: [{items}", f"{value}: {items}]", f"{value}: {items.replace(',', ',,')}"]:
        assert _score(problem, bad).reason == "unparsable", bad
