"""IQM, stratified bootstrap intervals, probability of improvement, first crossings."""

from __future__ import annotations

import math

import numpy as np
import pytest

from rlvr_envs.curriculum.stats import (
    first_crossing,
    iqm,
    iqm_curve_interval,
    iqm_interval,
    probability_of_improvement,
    stratified_bootstrap,
)


def test_iqm_trims_a_quarter_from_each_end():
    assert iqm(np.arange(8.0)) == pytest.approx(3.5)  # mean of 2..5
    assert iqm(np.array([0.0, 1.0, 2.0, 100.0])) == pytest.approx(1.5)
    assert iqm(np.array([1.0, 2.0, 3.0])) == pytest.approx(2.0)  # nothing to trim
    assert math.isinf(iqm(np.array([1.0, math.inf, math.inf, math.inf])))
    np.testing.assert_allclose(iqm(np.array([[0.0, 9.0], [1.0, 8.0]]), axis=0), [0.5, 8.5])


def test_intervals_contain_the_estimate_and_are_reproducible():
    rng = np.random.default_rng(0)
    strata = [rng.normal(0, 1, 10), rng.normal(5, 1, 10)]
    point, low, high = iqm_interval(strata, seed=1)
    assert low <= point <= high
    assert iqm_interval(strata, seed=1) == (point, low, high)
    assert stratified_bootstrap(strata, np.mean, seed=1)[0] == pytest.approx(np.mean(strata))


def test_stratified_resampling_keeps_each_stratum():
    # with one run per stratum the resample is always the data itself
    point, low, high = iqm_interval([np.array([1.0]), np.array([3.0])])
    assert (point, low, high) == (2.0, 2.0, 2.0)


def test_probability_of_improvement():
    better = [np.arange(10.0) + 100]
    worse = [np.arange(10.0)]
    assert probability_of_improvement(better, worse)[0] == 1.0
    p, low, high = probability_of_improvement(worse, worse)
    assert p == 0.5 and low <= 0.5 <= high


def test_curve_band_brackets_the_iqm_curve():
    curves = np.random.default_rng(0).random((10, 5))
    mid, low, high = iqm_curve_interval(curves)
    assert np.all(low <= mid + 1e-12) and np.all(mid <= high + 1e-12)


def test_first_crossing_interpolates_and_reports_never():
    steps = np.array([0, 100, 200])
    assert first_crossing(steps, np.array([0.0, 0.5, 1.0]), 0.75) == 150
    assert first_crossing(steps, np.array([0.9, 0.5, 1.0]), 0.5) == 0
    assert math.isinf(first_crossing(steps, np.array([0.0, 0.1, 0.2]), 0.5))


def test_gaussian_mixture_recovers_two_clusters_and_prefers_them_by_aic():
    from rlvr_envs.curriculum.teachers.gmm import fit, fit_best

    rng = np.random.default_rng(0)
    x = np.vstack([rng.normal(0.0, 0.1, (100, 3)), rng.normal(1.0, 0.2, (150, 3))])
    best = fit_best(x, range(2, 6), np.random.default_rng(1))
    assert best.k == 2
    order = np.argsort(best.means[:, 0])
    np.testing.assert_allclose(best.weights[order], [0.4, 0.6], atol=0.02)
    np.testing.assert_allclose(best.means[order], [[0.0] * 3, [1.0] * 3], atol=0.05)
    assert fit(x, 1, np.random.default_rng(0)).aic() > best.aic()
