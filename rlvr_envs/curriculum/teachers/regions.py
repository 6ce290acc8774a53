"""Teachers over the continuous knob box: ALP-GMM and RIAC.

Both work per env on the box of its normalised knob coordinates (``mode="knobs"``, the
default) or on its difficulty alone (``mode="difficulty"``), and pool what they learn across
envs: a Gaussian or a region of any env competes with those of every other env.
"""

from __future__ import annotations

import warnings
from collections import deque
from collections.abc import Sequence
from typing import Any

import numpy as np

from rlvr_envs.curriculum.prior import prior_cards
from rlvr_envs.curriculum.space import Outcome, TaskSpace, TaskSpec
from rlvr_envs.curriculum.teachers.base import Teacher, register_teacher, remember
from rlvr_envs.curriculum.teachers.gmm import GaussianMixture, fit_best


class _BoxTeacher(Teacher):
    """Shared plumbing: the share of uniformly random specs, random points, and remembering
    the exact point behind each spec.

    ``random_share`` was called ``random`` before; teacher labels such as
    ``alp-gmm:random=0.3`` still work, with a ``FutureWarning``.
    """

    def __init__(
        self,
        space: TaskSpace,
        seed: int = 0,
        *,
        mode: str = "knobs",
        random_share: float = 0.2,
        random: float | None = None,
    ) -> None:
        super().__init__(space, seed)
        self._set_mode(mode)
        if random is not None:
            warnings.warn(
                f"{self.name}: the option 'random' is now called 'random_share'",
                FutureWarning,
                stacklevel=3,
            )
            random_share = random
        self.random_share = random_share
        self.widths = self._box_widths()
        self._pending: dict[tuple, tuple[int, list[float]]] = {}

    def _emit(self, e: int, u: np.ndarray) -> TaskSpec:
        u = np.clip(u, 0.0, 1.0)
        spec = self._spec_at(self.space.env_ids[e], u)
        remember(self._pending, spec.key(), (e, u.tolist()))
        return spec

    def _random(self) -> TaskSpec:
        e = int(self._env_choice(1)[0])
        return self._emit(e, self.rng.random(self.widths[e]))

    def _where(self, outcome: Outcome) -> tuple[int, np.ndarray]:
        """The env index and box point of an outcome (the exact point if we proposed it)."""
        found = self._pending.pop(outcome.spec.key(), None)
        if found is not None:
            return found[0], np.asarray(found[1])
        return self.space.env_index(outcome.spec.env_id), self._point_of(outcome.spec)


@register_teacher
class ALPGMM(_BoxTeacher):
    """ALP-GMM: Gaussian mixtures over (task, absolute learning progress), sampled by ALP.

    Rule: for each new (point, pass rate), the absolute learning progress is ``|r - r_old|``
    against the nearest earlier point of the same env. Each env keeps its last ``window``
    (point, ALP) pairs and refits a GMM on them every ``fit_every`` of its episodes, with
    ``2..max_components`` components chosen by AIC. A spec is uniform random with probability
    ``random_share`` (and always until a GMM exists); otherwise a Gaussian is chosen among all
    envs' components in proportion to its mean ALP and a point drawn from it (clipped to the
    box). Source: Portelas et al., "Teacher algorithms for curriculum learning of Deep RL in
    continuously parameterized environments", CoRL 2019 (20% random, AIC selection).
    Defaults here: refit every ``fit_every = 100`` episodes of the env on its last
    ``window = 250``, ``max_components = 5``.

    ``cards`` (difficulty cards, :mod:`rlvr_envs.curriculum.prior`): until an env has its
    first GMM, its uniform draws come from the card's learnable zone ``[d@90, d@10]`` (at
    least ``cards_width`` of the range wide, around ``d@50``) instead of the whole box; in
    ``mode="knobs"`` the zone's difficulties map onto the knob box as the space maps a
    difficulty. Later random draws are uniform over the box, as without cards.
    """

    name = "alp-gmm"
    state_fields = ("history", "windows", "since_fit", "gmms", "_pending")

    def __init__(
        self,
        space: TaskSpace,
        seed: int = 0,
        *,
        mode: str = "knobs",
        random_share: float = 0.2,
        fit_every: int = 100,
        window: int = 250,
        max_components: int = 5,
        random: float | None = None,  # the old name of random_share
        cards: Any = None,
        cards_width: float = 0.1,
    ) -> None:
        super().__init__(space, seed, mode=mode, random_share=random_share, random=random)
        self.fit_every, self.window = int(fit_every), int(window)
        self.max_components = int(max_components)
        n = len(space)
        # per env, the difficulty interval its first draws come from (None: the whole box)
        found = prior_cards(cards, space)
        self.zones: list[tuple[float, float] | None] = [
            _zone(found[env_id], space.difficulty_range(env_id), cards_width)
            if env_id in found
            else None
            for env_id in space.env_ids
        ]
        # history[e] = [points, pass rates, count]: every episode of env e, in arrays that
        # double when full
        self.history = [[np.zeros((64, w)), np.zeros(64), 0] for w in self.widths]
        self.windows = [deque(maxlen=self.window) for _ in range(n)]
        self.since_fit = np.zeros(n, dtype=np.int64)
        self.gmms: list[dict[str, Any] | None] = [None] * n

    def _random(self) -> TaskSpec:
        e = int(self._env_choice(1)[0])
        zone = self.zones[e] if self.gmms[e] is None else None
        if zone is None:
            return self._emit(e, self.rng.random(self.widths[e]))
        env_id = self.space.env_ids[e]
        d = zone[0] + self.rng.random() * (zone[1] - zone[0])
        if self.mode == "difficulty" or not self.space.dims(env_id):
            low, high = self.space.difficulty_range(env_id)
            u = np.array([(d - low) / (high - low) if high > low else 0.0])
        else:
            u = self.space.point(TaskSpec(env_id, difficulty=d))
        return self._emit(e, u)

    def _components(self) -> tuple[list[tuple[int, int]], np.ndarray]:
        """Every env's Gaussians as (env, component) with their mean ALP (clipped at 0)."""
        index, alp = [], []
        for e, data in enumerate(self.gmms):
            if data is None:
                continue
            for j, mean in enumerate(data["means"]):
                index.append((e, j))
                alp.append(max(float(mean[-1]), 0.0))
        return index, np.asarray(alp)

    def sample(self, n: int) -> list[TaskSpec]:
        index, alp = self._components()
        total = float(alp.sum()) if index else 0.0
        at_random = self.rng.random(n) < self.random_share
        picks = self.rng.choice(len(index), size=n, p=alp / total) if total > 0 else None
        specs = []
        for i in range(n):
            if picks is None or at_random[i]:
                specs.append(self._random())
                continue
            e, j = index[int(picks[i])]
            data = self.gmms[e]
            mean = np.asarray(data["means"][j][:-1])
            chol = np.asarray(data["chol"][j])
            point = mean + chol @ self.rng.standard_normal(len(mean))
            # rounded, so that the last bits of the fit (which differ between CPUs' BLAS
            # kernels) never reach a proposal, and runs repeat on any machine
            specs.append(self._emit(e, np.round(point, 9)))
        return specs

    def observe(self, outcome: Outcome) -> None:
        e, u = self._where(outcome)
        r = outcome.mean_reward
        points, rates, m = self.history[e]
        alp = 0.0
        if m:
            nearest = int(np.argmin(((points[:m] - u) ** 2).sum(axis=1)))
            alp = abs(r - float(rates[nearest]))
        if m == len(rates):
            points = np.vstack([points, np.zeros_like(points)])
            rates = np.concatenate([rates, np.zeros_like(rates)])
        points[m], rates[m] = u, r
        self.history[e] = [points, rates, m + 1]
        self.windows[e].append([*u.tolist(), alp])
        self.since_fit[e] += 1
        if self.since_fit[e] >= self.fit_every:
            self.since_fit[e] = 0
            x = np.asarray(self.windows[e])
            gmm = fit_best(x, range(2, self.max_components + 1), self.rng)
            self.gmms[e] = None
            if gmm is not None:
                data = gmm.to_dict()
                data["chol"] = np.linalg.cholesky(gmm.covs[:, :-1, :-1]).tolist()
                self.gmms[e] = data

    def mixture(self, env_id: str) -> GaussianMixture | None:
        """The env's current GMM over (knob coordinates, ALP), if fitted."""
        data = self.gmms[self.space.env_index(env_id)]
        return GaussianMixture.from_dict(data) if data is not None else None


def _zone(card: Any, span: tuple[float, float], width: float) -> tuple[float, float]:
    """A card's learnable zone ``[d@90, d@10]`` within ``span``, widened around ``d@50`` to
    at least ``width`` of the span."""
    low, high = span
    lo = min(max(card.difficulty_at(0.9), low), high)
    hi = min(max(card.difficulty_at(0.1), low), high)
    least = width * (high - low)
    if hi - lo < least:
        mid = min(max(card.difficulty_at(0.5), low), high)
        lo = max(low, min(mid - least / 2, high - least))
        hi = min(high, lo + least)
    return float(lo), float(hi)


@register_teacher
class RIAC(_BoxTeacher):
    """Robust Intelligent Adaptive Curiosity: split the box into regions of distinct learning
    progress, sample regions by progress.

    Rule: every env's box starts as one region. A region keeps its last ``max_size``
    (point, pass rate) pairs; its learning progress is ``|mean(newer half) - mean(older
    half)|``. When a region is full it tries ``split_attempts`` random cuts (a dimension and
    a threshold) leaving at least ``max_size / 4`` points and ``min_width`` on each side,
    and keeps the cut maximising ``n1 * n2 * |LP1 - LP2|``. Sampling: with probability
    ``random_share`` uniform over the space; otherwise a region in proportion to its LP
    (uniform if all are 0), then uniformly inside it, or, with probability ``near_worst``,
    near the region's worst point. Source: Baranes & Oudeyer, "R-IAC: Robust Intrinsically Motivated
    Exploration and Active Learning", IEEE TAMD 2009; as in TeachMyAgent's RIAC teacher
    (20% random, 10% near the worst point). Defaults here: ``max_size = 64``.
    """

    name = "riac"
    state_fields = ("regions", "_pending")

    def __init__(
        self,
        space: TaskSpace,
        seed: int = 0,
        *,
        mode: str = "knobs",
        random_share: float = 0.2,
        near_worst: float = 0.1,
        max_size: int = 64,
        split_attempts: int = 50,
        min_width: float = 0.05,
        random: float | None = None,  # the old name of random_share
    ) -> None:
        super().__init__(space, seed, mode=mode, random_share=random_share, random=random)
        self.near_worst = near_worst
        self.max_size, self.split_attempts, self.min_width = (
            int(max_size),
            split_attempts,
            min_width,
        )
        # one record per leaf region: env, box bounds, and its recent points and pass rates
        self.regions: list[dict[str, Any]] = [
            {"env": e, "lo": [0.0] * w, "hi": [1.0] * w, "points": [], "rates": []}
            for e, w in enumerate(self.widths)
        ]

    @staticmethod
    def progress_of(rates: Sequence[float]) -> float:
        half = len(rates) // 2
        if half == 0:
            return 0.0
        old, new = rates[:half], rates[half:]
        return abs(sum(new) / len(new) - sum(old) / len(old))

    def sample(self, n: int) -> list[TaskSpec]:
        lp = np.array([self.progress_of(r["rates"]) for r in self.regions])
        p = lp / lp.sum() if lp.sum() > 0 else np.full(len(lp), 1.0 / len(lp))
        specs = []
        for _ in range(n):
            if self.rng.random() < self.random_share:
                specs.append(self._random())
                continue
            region = self.regions[int(self.rng.choice(len(p), p=p))]
            lo, hi = np.asarray(region["lo"]), np.asarray(region["hi"])
            if region["rates"] and self.rng.random() < self.near_worst / (1 - self.random_share):
                worst = np.asarray(region["points"][int(np.argmin(region["rates"]))])
                u = np.clip(worst + self.rng.normal(0, 0.1, len(lo)) * (hi - lo), lo, hi)
            else:
                u = lo + self.rng.random(len(lo)) * (hi - lo)
            specs.append(self._emit(region["env"], u))
        return specs

    def observe(self, outcome: Outcome) -> None:
        e, u = self._where(outcome)
        region = self._leaf(e, u)
        region["points"].append(u.tolist())
        region["rates"].append(outcome.mean_reward)
        if len(region["rates"]) >= self.max_size and not self._split(region):
            del region["points"][0], region["rates"][0]

    def _leaf(self, e: int, u: np.ndarray) -> dict[str, Any]:
        for region in self.regions:
            if region["env"] != e:
                continue
            lo, hi = region["lo"], region["hi"]
            if all(a <= x <= b for a, x, b in zip(lo, u, hi)):
                return region
        # points outside every leaf (foreign specs at a box edge) go to the env's nearest leaf
        leaves = [r for r in self.regions if r["env"] == e]
        centre = [np.mean([r["lo"], r["hi"]], axis=0) for r in leaves]
        return leaves[int(np.argmin([((c - u) ** 2).sum() for c in centre]))]

    def _split(self, region: dict[str, Any]) -> bool:
        points = np.asarray(region["points"])
        rates = np.asarray(region["rates"])
        lo, hi = np.asarray(region["lo"]), np.asarray(region["hi"])
        least = self.max_size // 4
        best, best_quality = None, 0.0
        for _ in range(self.split_attempts):
            dim = int(self.rng.integers(len(lo)))
            cut = float(lo[dim] + self.rng.random() * (hi[dim] - lo[dim]))
            if cut - lo[dim] < self.min_width or hi[dim] - cut < self.min_width:
                continue
            left = points[:, dim] <= cut
            n1, n2 = int(left.sum()), int((~left).sum())
            if n1 < least or n2 < least:
                continue
            gap = abs(
                self.progress_of(rates[left].tolist()) - self.progress_of(rates[~left].tolist())
            )
            quality = n1 * n2 * gap
            if best is None or quality > best_quality:
                best, best_quality = (dim, cut, left), quality
        if best is None:
            return False
        dim, cut, left = best
        children = []
        for side in (left, ~left):
            child_lo, child_hi = lo.copy(), hi.copy()
            if side is left:
                child_hi[dim] = cut
            else:
                child_lo[dim] = cut
            children.append(
                {
                    "env": region["env"],
                    "lo": child_lo.tolist(),
                    "hi": child_hi.tolist(),
                    "points": points[side].tolist(),
                    "rates": rates[side].tolist(),
                }
            )
        i = next(i for i, r in enumerate(self.regions) if r is region)
        self.regions[i : i + 1] = children
        return True
