"""pass@k (Chen et al. 2021) against exact enumeration, the evaluation subset, and the summary:
errors are left out of pass@k, never counted as wrong."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rlvr_envs.evaluation import ProblemResult, SampleResult, pass_at_k, subset, summarise
from rlvr_envs.evaluation.report import markdown_table


def enumerated_pass_at_k(n: int, c: int, k: int) -> Fraction:
    """The fraction of the k-subsets of n samples (the first c correct) holding a correct one."""
    subsets = list(itertools.combinations(range(n), k))
    return Fraction(sum(any(i < c for i in s) for s in subsets), len(subsets))


@given(st.integers(1, 9).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n),
                                                     st.integers(1, n))))  # fmt: skip
def test_pass_at_k_equals_exact_enumeration(nck):
    n, c, k = nck
    assert math.isclose(pass_at_k(n, c, k), float(enumerated_pass_at_k(n, c, k)), abs_tol=1e-12)


@given(st.integers(1, 200), st.data())
def test_pass_at_k_is_monotone_in_k_and_c(n, data):
    c = data.draw(st.integers(0, n))
    values = [pass_at_k(n, c, k) for k in range(1, n + 1)]
    assert all(0.0 <= v <= 1.0 for v in values)
    assert values == sorted(values)
    assert math.isclose(values[0], c / n)
    if c < n:
        assert pass_at_k(n, c + 1, 1) > pass_at_k(n, c, 1)


@pytest.mark.parametrize(("n", "c", "k"), [(2, 1, 3), (3, 4, 1), (3, -1, 1), (3, 1, 0)])
def test_pass_at_k_rejects_impossible_counts(n, c, k):
    with pytest.raises(ValueError):
        pass_at_k(n, c, k)


@given(st.integers(0, 400), st.integers(0, 500))
def test_subset_is_an_evenly_spread_ordered_selection(length, limit):
    items = list(range(length))  # each item is its own index
    chosen = subset(items, limit)
    if limit == 0 or limit >= length:
        assert chosen == items
        return
    assert len(chosen) == limit and chosen[0] == 0
    assert all(a < b for a, b in itertools.pairwise(chosen))  # in order, no repeats
    # item i sits at i * length / limit (floored in floating point, as the trainer always did)
    assert all(abs(index - i * length / limit) <= 1 for i, index in enumerate(chosen))


def test_subset_rejects_a_negative_limit():
    with pytest.raises(ValueError, match="limit must be >= 0"):
        subset([1, 2, 3], -1)


def _sample(outcome: str) -> SampleResult:
    """'c' correct, 'w' wrong, 'u' wrong and unformatted, 'e' error."""
    if outcome == "e":
        return SampleResult(None, None, None, "HTTP 500: boom (3 attempts)", None, 1)
    return SampleResult(outcome == "c", outcome != "u", float(outcome == "c"), None, 5, 1)


def _results(problems, outcomes: list[str]) -> list[ProblemResult]:
    return [ProblemResult(p, [_sample(x) for x in o]) for p, o in zip(problems, outcomes)]


@given(st.lists(st.text("cwue", min_size=4, max_size=4), min_size=1, max_size=10))
def test_summary_pass_at_k_over_answered_samples_only(arithmetic, outcomes):
    results = _results(arithmetic, outcomes)
    summary = summarise(results, 4)
    for k in range(1, 5):
        expected = [
            enumerated_pass_at_k(len(ok), ok.count("c"), k)
            for o in outcomes
            if len(ok := [x for x in o if x != "e"]) >= k
        ]
        got = summary["pass@k"][str(k)]
        if expected:
            assert math.isclose(got, float(sum(expected) / len(expected)), abs_tol=1e-12)
        else:
            assert got is None
        assert summary["excluded"][str(k)] == len(outcomes) - len(expected)
    answered = [x for o in outcomes for x in o if x != "e"]
    assert summary["errors"] == sum(o.count("e") for o in outcomes)
    if answered:
        assert math.isclose(summary["format_rate"], sum(x != "u" for x in answered) / len(answered))
    assert summary["pass@1"] == summary["pass@k"]["1"]


def test_summary_per_env_rows_and_markdown(arithmetic):
    results = _results(arithmetic[:3], ["cc", "cw", "ee"])
    results[2].problem = results[2].problem.__class__(**{**results[2].problem.to_dict(),
                                                        "env_id": "rlvr/Other-v0"})  # fmt: skip
    summary = summarise(results)
    assert summary["k"] == 2 and summary["n"] == 3 and summary["samples"] == 6
    assert summary["pass@k"] == {"1": 0.75, "2": 1.0}
    assert summary["per_env"]["rlvr/Other-v0"]["pass@1"] is None
    assert summary["per_env"]["rlvr/Arithmetic-v0"]["errors"] == 0
    assert summary["error_problems"] == 1 and summary["error_messages"] == {
        "HTTP 500: boom (3 attempts)": 2
    }
    table = markdown_table(summary, title="t")
    assert "| rlvr/Arithmetic-v0 | 2 | 75.0% | 100.0% | 100.0% | 0 |" in table
    assert "| rlvr/Other-v0 | 1 | - | - | - | 2 |" in table
    assert "2 samples failed" in table and "HTTP 500: boom" in table
