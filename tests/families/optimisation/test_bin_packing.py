"""What ``rlvr/BinPacking-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.optimisation.helpers import _gen, _score, _verdict, gap

ENV = "rlvr/BinPacking-v0"


def _first_fit_decreasing(sizes, capacity):
    bins: list[list[int]] = []
    for i in sorted(range(len(sizes)), key=lambda i: -sizes[i]):
        for b in bins:
            if sum(sizes[j] for j in b) + sizes[i] <= capacity:
                b.append(i)
                break
        else:
            bins.append([i])
    return bins


def test_the_optimum_is_the_volume_bound_and_other_packings_are_graded():
    for seed in range(20):
        problem = _gen(ENV, seed, 0.5)
        sizes, capacity = problem.meta["sizes"], problem.meta["capacity"]
        assert problem.meta["bins"] == math.ceil(sum(sizes) / capacity)  # the lower bound
        assert _score(problem, problem.answer) == 1.0
        ffd = _first_fit_decreasing(sizes, capacity)
        text = " | ".join(" ".join(str(i + 1) for i in b) for b in ffd)
        expected = gap(len(ffd), problem.meta["baseline"], problem.meta["bins"])
        assert _score(problem, text) == expected
        alone = " | ".join(str(i + 1) for i in range(len(sizes)))
        assert _score(problem, alone) == 0.0  # no better than first fit
        assert not _verdict(problem, alone).correct


def test_overfull_bins_missing_items_and_repeats_score_zero():
    problem = _gen(ENV, 3, 0.5)
    n = len(problem.meta["sizes"])
    assert _score(problem, " ".join(str(i) for i in range(1, n + 1))) == 0.0  # one bin
    groups = problem.answer.split("|")
    assert _score(problem, "|".join(groups[1:])) == 0.0  # items left out
    assert _score(problem, problem.answer + " | 1") == 0.0  # item 1 twice
    assert _score(problem, problem.answer.replace("|", "| |", 1)) == 0.0  # an empty bin


@settings(max_examples=15)
@given(seed=st.integers(0, 10**6), cuts=st.lists(st.integers(0, 30), max_size=30))
def test_a_random_packing_scores_by_its_bin_count(seed, cuts):
    problem = _gen(ENV, seed, 0.3)
    sizes, capacity = problem.meta["sizes"], problem.meta["capacity"]
    label = [c % len(sizes) for c in cuts] + list(range(len(sizes)))
    bins: dict[int, list[int]] = {}
    for item in range(len(sizes)):
        bins.setdefault(label[item], []).append(item)
    text = " | ".join(" ".join(str(i + 1) for i in b) for b in bins.values())
    fits = all(sum(sizes[i] for i in b) <= capacity for b in bins.values())
    want = gap(len(bins), problem.meta["baseline"], problem.meta["bins"]) if fits else 0.0
    assert _score(problem, text) == want
