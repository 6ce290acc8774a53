"""A small Gaussian mixture model (full covariances, EM, AIC selection) for ALP-GMM.

Written in numpy so that ALP-GMM works with the core install and is deterministic given its
generator; the data are a few hundred points in a handful of dimensions.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np


@dataclass
class GaussianMixture:
    """Fitted mixture: ``weights`` (k,), ``means`` (k, d), ``covs`` (k, d, d)."""

    weights: np.ndarray
    means: np.ndarray
    covs: np.ndarray
    loglik: float

    @property
    def k(self) -> int:
        return len(self.weights)

    def aic(self) -> float:
        """Akaike information criterion: 2 * parameters - 2 * log-likelihood."""
        d = self.means.shape[1]
        params = (self.k - 1) + self.k * d + self.k * d * (d + 1) / 2
        return 2.0 * params - 2.0 * self.loglik

    def to_dict(self) -> dict:
        return {
            "weights": self.weights.tolist(),
            "means": self.means.tolist(),
            "covs": self.covs.tolist(),
            "loglik": self.loglik,
        }

    @classmethod
    def from_dict(cls, data: dict) -> GaussianMixture:
        return cls(
            np.asarray(data["weights"], dtype=float),
            np.asarray(data["means"], dtype=float),
            np.asarray(data["covs"], dtype=float),
            float(data["loglik"]),
        )


def _log_density(x: np.ndarray, means: np.ndarray, covs: np.ndarray) -> np.ndarray:
    """log N(x_n | mean_k, cov_k), shape (n, k)."""
    d = x.shape[1]
    chol = np.linalg.cholesky(covs)  # (k, d, d)
    whiten = np.linalg.inv(chol)  # (k, d, d): z = L^-1 (x - mean)
    diff = x[None, :, :] - means[:, None, :]  # (k, n, d)
    z = diff @ whiten.transpose(0, 2, 1)  # (k, n, d)
    maha = (z * z).sum(axis=2)  # (k, n)
    logdet = 2.0 * np.log(np.diagonal(chol, axis1=1, axis2=2)).sum(axis=1)  # (k,)
    return (-0.5 * (maha + logdet[:, None] + d * math.log(2 * math.pi))).T


def fit(
    x: np.ndarray,
    k: int,
    rng: np.random.Generator,
    *,
    iterations: int = 30,
    tol: float = 1e-3,
    reg: float = 1e-4,
) -> GaussianMixture:
    """EM from a k-means++ seeding; ``reg`` is added to every covariance's diagonal."""
    n, d = x.shape
    eye = np.eye(d) * reg
    centres = [x[int(rng.integers(n))]]
    for _ in range(1, k):
        dist = np.min([((x - c) ** 2).sum(axis=1) for c in centres], axis=0)
        total = dist.sum()
        i = int(rng.choice(n, p=dist / total)) if total > 0 else int(rng.integers(n))
        centres.append(x[i])
    nearest = np.argmin([((x - c) ** 2).sum(axis=1) for c in centres], axis=0)
    resp = np.zeros((n, k))
    resp[np.arange(n), nearest] = 1.0
    loglik = -np.inf
    weights = means = covs = None
    for _ in range(iterations):
        nk = resp.sum(axis=0) + 1e-10
        weights = nk / n
        means = (resp.T @ x) / nk[:, None]
        diff = x[None, :, :] - means[:, None, :]  # (k, n, d)
        weighted = diff * resp.T[:, :, None]
        covs = weighted.transpose(0, 2, 1) @ diff / nk[:, None, None] + eye
        log_p = _log_density(x, means, covs) + np.log(weights)[None, :]
        top = log_p.max(axis=1, keepdims=True)
        log_norm = top[:, 0] + np.log(np.exp(log_p - top).sum(axis=1))
        resp = np.exp(log_p - log_norm[:, None])
        new = float(log_norm.sum())
        if new - loglik < tol * n:
            loglik = new
            break
        loglik = new
    return GaussianMixture(weights, means, covs, loglik)


def fit_best(x: np.ndarray, ks: Iterable[int], rng: np.random.Generator) -> GaussianMixture | None:
    """The mixture with the lowest AIC among ``ks`` components (those the data can support)."""
    n, d = x.shape
    best = None
    for k in ks:
        if n < k * (d + 1):
            break
        gmm = fit(x, k, rng)
        if best is None or gmm.aic() < best.aic():
            best = gmm
    return best
