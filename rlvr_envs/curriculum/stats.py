"""Robust aggregate statistics for the curriculum leaderboard, in numpy.

After Agarwal et al., "Deep Reinforcement Learning at the Edge of the Statistical Precipice"
(NeurIPS 2021): the interquartile mean (IQM) over runs, 95% percentile intervals from a
*stratified* bootstrap (runs are resampled with replacement within each stratum, here a
scenario, so every resample keeps the design), and the probability of improvement
``P(X > Y)`` of one teacher over another. Implemented here rather than taken from ``rliable``,
whose dependency tree (arch, statsmodels, pandas, seaborn) is far heavier than these few
functions; every function is a pure function of its inputs and its seed.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np

Strata = Sequence[np.ndarray]  # one 1-D array of per-run values per stratum


def iqm(values: np.ndarray, axis: int = -1) -> np.ndarray | float:
    """Interquartile mean: the mean of the middle half, trimming ``floor(n / 4)`` runs from
    each end (``scipy.stats.trim_mean(x, 0.25)``). Infinite values count as the largest."""
    x = np.sort(np.asarray(values, dtype=float), axis=axis)
    n = x.shape[axis]
    cut = n // 4
    kept = np.take(x, np.arange(cut, n - cut), axis=axis)
    with np.errstate(invalid="ignore"):
        out = kept.mean(axis=axis)
    return float(out) if np.ndim(out) == 0 else out


def _resample(strata: Strata, reps: int, rng: np.random.Generator) -> np.ndarray:
    """``reps`` stratified resamples of the pooled runs, shape (reps, runs)."""
    parts = []
    for s in strata:
        s = np.asarray(s, dtype=float)
        parts.append(s[rng.integers(0, len(s), (reps, len(s)))])
    return np.concatenate(parts, axis=1)


def stratified_bootstrap(
    strata: Strata,
    statistic: Callable[..., np.ndarray],
    *,
    reps: int = 2000,
    seed: int = 0,
    confidence: float = 0.95,
) -> tuple[float, float, float]:
    """(point estimate, low, high): ``statistic`` of the pooled runs, with a percentile interval
    from resampling runs within each stratum. ``statistic(x, axis=-1)`` must reduce the last
    axis (``iqm``, ``np.mean``, ``np.median`` do)."""
    pooled = np.concatenate([np.asarray(s, dtype=float) for s in strata])
    point = float(statistic(pooled, axis=-1))
    samples = np.asarray(statistic(_resample(strata, reps, np.random.default_rng(seed)), axis=-1))
    return point, *_percentiles(samples, confidence)


def iqm_interval(strata: Strata, *, reps: int = 2000, seed: int = 0) -> tuple[float, float, float]:
    """IQM over all runs of all strata with its 95% stratified-bootstrap interval."""
    return stratified_bootstrap(strata, iqm, reps=reps, seed=seed)


def mean_of_iqms(strata: Strata, *, reps: int = 2000, seed: int = 0) -> tuple[float, float, float]:
    """The mean over strata of each stratum's IQM (every stratum weighs the same, and no
    stratum can be trimmed away whole), with a 95% stratified-bootstrap interval."""
    rng = np.random.default_rng(seed)
    point = float(np.mean([iqm(np.asarray(s, dtype=float)) for s in strata]))
    boot = np.zeros(reps)
    for s in strata:
        s = np.asarray(s, dtype=float)
        boot += np.asarray(iqm(s[rng.integers(0, len(s), (reps, len(s)))], axis=1))
    return point, *_percentiles(boot / len(strata), 0.95)


def iqm_curve_interval(
    curves: np.ndarray, *, reps: int = 1000, seed: int = 0
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Point-wise IQM of ``curves`` (runs x points) with a 95% bootstrap band over runs."""
    curves = np.asarray(curves, dtype=float)
    rng = np.random.default_rng(seed)
    idx = rng.integers(0, len(curves), (reps, len(curves)))
    boot = iqm(curves[idx], axis=1)  # (reps, points)
    low, high = np.percentile(boot, [2.5, 97.5], axis=0)
    return np.asarray(iqm(curves, axis=0)), low, high


def probability_of_improvement(
    x: Strata, y: Strata, *, reps: int = 2000, seed: int = 0
) -> tuple[float, float, float]:
    """P(X > Y) (ties count half), averaged over strata, with a 95% stratified-bootstrap
    interval resampling the runs of X and of Y independently within each stratum. An
    interval above 0.5 means X is better than Y with 95% confidence."""

    def prob(xs: Sequence[np.ndarray], ys: Sequence[np.ndarray]) -> np.ndarray:
        values = []
        for a, b in zip(xs, ys):
            diff = a[..., :, None] - b[..., None, :]
            values.append((diff > 0).mean(axis=(-2, -1)) + 0.5 * (diff == 0).mean(axis=(-2, -1)))
        return np.mean(values, axis=0)

    xs = [np.asarray(s, dtype=float) for s in x]
    ys = [np.asarray(s, dtype=float) for s in y]
    point = float(prob(xs, ys))
    rng = np.random.default_rng(seed)
    bx = [a[rng.integers(0, len(a), (reps, len(a)))] for a in xs]
    by = [b[rng.integers(0, len(b), (reps, len(b)))] for b in ys]
    return point, *_percentiles(prob(bx, by), 0.95)


def first_crossing(steps: np.ndarray, curve: np.ndarray, threshold: float) -> float:
    """The first step at which ``curve`` reaches ``threshold`` (linear interpolation between
    evaluations); ``inf`` if it never does."""
    curve = np.asarray(curve, dtype=float)
    above = np.nonzero(curve >= threshold)[0]
    if not len(above):
        return math.inf
    i = int(above[0])
    if i == 0:
        return float(steps[0])
    x0, x1 = float(steps[i - 1]), float(steps[i])
    y0, y1 = float(curve[i - 1]), float(curve[i])
    return x0 + (x1 - x0) * (threshold - y0) / (y1 - y0) if y1 > y0 else x1


def _percentiles(samples: np.ndarray, confidence: float) -> tuple[float, float]:
    tail = 100 * (1 - confidence) / 2
    samples = np.where(np.isnan(samples), np.inf, samples)
    method = "linear" if np.isfinite(samples).all() else "nearest"
    low, high = np.percentile(samples, [tail, 100 - tail], method=method)
    return float(low), float(high)
