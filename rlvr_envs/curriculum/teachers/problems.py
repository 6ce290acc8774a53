"""Problem-level teachers: single problems (specs with seeds) chosen from the history of their
outcomes: balanced online filtering, VCRL's variance curriculum, prioritized level replay.

Each mixes fresh problems, drawn uniformly from the task space, with problems it has seen
and kept because their outcomes say they are worth another group. A problem is identified
by its spec (env id, difficulty, knobs, seed), so replaying it regenerates the same problem.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from rlvr_envs.curriculum.space import Outcome, TaskSpace, TaskSpec
from rlvr_envs.curriculum.teachers.base import Teacher, register_teacher


class _ProblemTeacher(Teacher):
    """Shared plumbing: fresh uniform problems and a bounded pool of kept ones."""

    state_fields = ("pool",)

    def __init__(self, space: TaskSpace, seed: int = 0, *, capacity: int = 1024) -> None:
        super().__init__(space, seed)
        self.capacity = int(capacity)
        # pool: problem key -> record {"spec", "score", "last", "uses"}
        self.pool: dict[tuple, dict[str, Any]] = {}

    def fresh(self, n: int) -> list[TaskSpec]:
        """``n`` new problems, uniform over the space (by difficulty)."""
        return self._uniform_specs(n)

    def update(self, outcomes: Sequence[Outcome]) -> None:
        super().update(outcomes)
        self._evict()

    def _keep(self, outcome: Outcome, score: float) -> None:
        """Keep the outcome's problem in the pool with ``score``, counting one more use."""
        key = outcome.spec.key()
        record = self.pool.get(key)
        self.pool[key] = {
            "spec": outcome.spec,
            "score": score,
            "last": self.episodes,
            "uses": record["uses"] + 1 if record else 1,
        }

    def _evict(self) -> None:
        """Drop the lowest-scoring (then oldest) records beyond capacity."""
        if len(self.pool) <= self.capacity:
            return
        ranked = sorted(self.pool, key=lambda k: (self.pool[k]["score"], self.pool[k]["last"]))
        for key in ranked[: len(self.pool) - self.capacity]:
            del self.pool[key]

    def _pick(self, keys: list[tuple], weights: np.ndarray, k: int) -> list[TaskSpec]:
        """``k`` distinct kept problems drawn with probability proportional to ``weights``."""
        k = min(k, int((weights > 0).sum()))
        if k <= 0:
            return []
        idx = self.rng.choice(len(keys), size=k, replace=False, p=weights / weights.sum())
        return [self.pool[keys[i]]["spec"] for i in sorted(idx.tolist())]


@register_teacher
class BalancedFilter(_ProblemTeacher):
    """Online difficulty filtering: keep problems whose group pass rate is strictly inside
    (0, 1), or inside a target band, and serve them again.

    Rule: each batch holds ``replay`` of kept problems (distinct, uniformly chosen) and fresh
    uniform problems for the rest: the fresh draws are the over-sampled candidates that the
    filter screens. After a group, a problem is kept while its latest pass rate lies in
    ``band`` (default open interval (0, 1): neither all right nor all wrong) and it has been
    served fewer than ``max_uses`` times; otherwise it is dropped. Source: Bae et al., "Online
    Difficulty Filtering for Reasoning Oriented Reinforcement Learning", 2025; Yu et al.,
    "DAPO", 2025 (dynamic sampling). Defaults here: ``replay = 0.5``, ``max_uses = 4``.
    """

    name = "balanced-filter"

    def __init__(
        self,
        space: TaskSpace,
        seed: int = 0,
        *,
        band: tuple[float, float] = (0.0, 1.0),
        replay: float = 0.5,
        max_uses: int = 4,
        capacity: int = 1024,
    ) -> None:
        super().__init__(space, seed, capacity=capacity)
        self.band, self.replay, self.max_uses = tuple(band), replay, int(max_uses)

    def _in_band(self, rate: float) -> bool:
        low, high = self.band
        if (low, high) == (0.0, 1.0):
            return 0.0 < rate < 1.0
        return low <= rate <= high

    def sample(self, n: int) -> list[TaskSpec]:
        keys = list(self.pool)
        kept = self._pick(keys, np.ones(len(keys)), round(self.replay * n))
        return kept + self.fresh(n - len(kept))

    def observe(self, outcome: Outcome) -> None:
        key = outcome.spec.key()
        record = self.pool.get(key)
        uses = record["uses"] + 1 if record else 1
        if self._in_band(outcome.mean_reward) and uses < self.max_uses:
            self._keep(outcome, 1.0)
        else:
            self.pool.pop(key, None)


@register_teacher
class Variance(_ProblemTeacher):
    """VCRL: prefer problems whose group rewards vary most, from a memory bank.

    Rule: a group's normalised variance is ``p = var / 0.25`` (``4 q (1 - q)`` for pass rate
    ``q``), 1 at ``q = 1/2`` and 0 when all rewards agree. Problems with ``p >= kappa`` enter
    a memory bank whose priority follows a momentum update ``P <- m P + (1 - m) p`` on each
    replay, and leave it when their priority falls below ``kappa``. Each batch holds
    ``replay`` of bank problems (distinct, drawn in proportion to priority) and fresh uniform
    problems for the rest. Source: Jiang et al., "VCRL: Variance-based Curriculum
    Reinforcement Learning for Large Language Models", 2025. Defaults here: ``kappa = 0.5``,
    ``momentum = 0.5``, ``replay = 0.5``.
    """

    name = "variance"

    def __init__(
        self,
        space: TaskSpace,
        seed: int = 0,
        *,
        kappa: float = 0.5,
        momentum: float = 0.5,
        replay: float = 0.5,
        capacity: int = 1024,
    ) -> None:
        super().__init__(space, seed, capacity=capacity)
        self.kappa, self.momentum, self.replay = kappa, momentum, replay

    def sample(self, n: int) -> list[TaskSpec]:
        keys = list(self.pool)
        weights = np.array([self.pool[k]["score"] for k in keys])
        kept = self._pick(keys, weights, round(self.replay * n))
        return kept + self.fresh(n - len(kept))

    def observe(self, outcome: Outcome) -> None:
        rewards = outcome.rewards
        q = outcome.mean_reward
        p = min(1.0, float(np.var(rewards)) / 0.25) if len(rewards) > 1 else 4 * q * (1 - q)
        key = outcome.spec.key()
        record = self.pool.get(key)
        score = self.momentum * record["score"] + (1 - self.momentum) * p if record else p
        if score >= self.kappa:
            self._keep(outcome, score)
        else:
            self.pool.pop(key, None)


@register_teacher
class PLR(_ProblemTeacher):
    """Prioritized Level Replay over problems: rank-prioritised by score, with staleness.

    Rule: a problem's score is its latest mean absolute advantage (PLR's L1 value-loss score,
    here GRPO's advantages). With probability ``replay`` (once ``min_pool`` problems are
    kept) a slot replays a kept problem drawn from ``(1 - rho) P_S + rho P_C``, with
    ``P_S ~ (1 / rank(score)) ** (1 / beta)`` and staleness ``P_C ~ episodes since last
    seen``; otherwise it gets a fresh uniform problem. Slots draw independently, as PLR's
    parallel actors do, so one problem may fill several slots of a batch. The pool keeps the
    ``capacity`` highest-scoring problems. Source: Jiang et al.,
    "Prioritized Level Replay", ICML 2021 (``beta = 0.1``, ``rho = 0.1``).
    """

    name = "plr"

    def __init__(
        self,
        space: TaskSpace,
        seed: int = 0,
        *,
        replay: float = 0.5,
        beta: float = 0.1,
        rho: float = 0.1,
        min_pool: int = 64,
        capacity: int = 1024,
    ) -> None:
        super().__init__(space, seed, capacity=capacity)
        self.replay, self.beta, self.rho, self.min_pool = replay, beta, rho, int(min_pool)

    def replay_distribution(self, keys: list[tuple]) -> np.ndarray:
        """PLR's mixture of rank prioritisation and staleness over ``keys``."""
        scores = np.array([self.pool[k]["score"] for k in keys])
        ranks = np.empty(len(keys))
        ranks[np.argsort(-scores, kind="stable")] = np.arange(1, len(keys) + 1)
        p_score = (1.0 / ranks) ** (1.0 / self.beta)
        p_score /= p_score.sum()
        stale = np.array([self.episodes - self.pool[k]["last"] for k in keys], dtype=float)
        p_stale = stale / stale.sum() if stale.sum() > 0 else np.full(len(keys), 1 / len(keys))
        return (1 - self.rho) * p_score + self.rho * p_stale

    def sample(self, n: int) -> list[TaskSpec]:
        keys = list(self.pool)
        replays = 0
        if len(keys) >= self.min_pool:
            replays = int((self.rng.random(n) < self.replay).sum())
        kept = []
        if replays:
            picks = self.rng.choice(len(keys), size=replays, p=self.replay_distribution(keys))
            kept = [self.pool[keys[i]]["spec"] for i in picks.tolist()]
        return kept + self.fresh(n - len(kept))

    def observe(self, outcome: Outcome) -> None:
        self._keep(outcome, outcome.mean_abs_advantage)
