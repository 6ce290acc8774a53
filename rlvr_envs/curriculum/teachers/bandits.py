"""Bandit teachers over arms (env id x difficulty bin): SEC, DUMP, learning progress, MoPPS.

Each proposes specs by choosing an arm and then a difficulty uniformly inside the arm's bin,
with a fresh training seed; each learns one statistic per arm from the outcomes that fall in
it (an outcome's arm is found from its spec, so specs proposed by someone else count too).
SEC, DUMP and MoPPS can start from difficulty cards (option ``cards``, see
:mod:`rlvr_envs.curriculum.prior`): an arm's statistic starts where the card's predicted pass
rate at the arm's centre puts it.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Sequence
from typing import Any

import numpy as np

from rlvr_envs.curriculum.prior import arm_rates, expected_abs_advantage, prior_cards
from rlvr_envs.curriculum.space import Outcome, TaskSpace, TaskSpec
from rlvr_envs.curriculum.teachers.base import Teacher, register_teacher


class _ArmTeacher(Teacher):
    """Shared plumbing: sampling arms from a probability vector, grouping outcomes by arm."""

    def arm_probabilities(self) -> np.ndarray:
        raise NotImplementedError

    def sample(self, n: int) -> list[TaskSpec]:
        p = self.arm_probabilities()
        arms = self.rng.choice(len(p), size=n, p=p)
        return [self._spec_in_arm(int(a)) for a in arms]

    def _by_arm(self, outcomes: Sequence[Outcome]) -> dict[int, list[Outcome]]:
        groups: dict[int, list[Outcome]] = {}
        for outcome in outcomes:
            groups.setdefault(self.space.arm_of(outcome.spec), []).append(outcome)
        return groups


def _softmax(x: np.ndarray, temperature: float) -> np.ndarray:
    z = (x - x.max()) / temperature
    p = np.exp(z)
    return p / p.sum()


@register_teacher
class SEC(_ArmTeacher):
    """Self-Evolving Curriculum: a non-stationary bandit on mean absolute advantage.

    Rule: each arm has a value ``Q`` (start 0). After a batch, every arm that appeared gets
    reward ``r`` = the mean over its groups of the mean absolute GRPO advantage, and a TD(0)
    update ``Q <- alpha * r + (1 - alpha) * Q``. Arms are sampled from the Boltzmann
    distribution ``softmax(Q / temperature)``. Source: Chen et al., "Self-Evolving Curriculum
    for LLM Reasoning", 2025. Defaults here: ``alpha = 0.5``; ``temperature = 0.2``, our
    choice for spaces of ~100 arms (the paper's spaces have a handful of categories).

    ``cards``: ``Q`` starts at the expected mean absolute advantage ``2 sqrt(p (1 - p))`` at
    the arm's predicted pass rate ``p`` (0 for arms of envs without a card).
    """

    name = "sec"
    state_fields = ("q",)

    def __init__(
        self,
        space: TaskSpace,
        seed: int = 0,
        *,
        alpha: float = 0.5,
        temperature: float = 0.2,
        cards: Any = None,
    ) -> None:
        super().__init__(space, seed)
        self.alpha, self.temperature = alpha, temperature
        self.q = np.zeros(len(space.arms))
        found = prior_cards(cards, space)
        if found:
            self.q = np.nan_to_num(expected_abs_advantage(arm_rates(found, space)), nan=0.0)

    def arm_probabilities(self) -> np.ndarray:
        return _softmax(self.q, self.temperature)

    def update(self, outcomes: Sequence[Outcome]) -> None:
        for arm, group in self._by_arm(outcomes).items():
            reward = float(np.mean([o.mean_abs_advantage for o in group]))
            self.q[arm] = self.alpha * reward + (1 - self.alpha) * self.q[arm]
        super().update(outcomes)


@register_teacher
class DUMP(_ArmTeacher):
    """DUMP: UCB over arms on the expected absolute advantage, with a count-based bonus.

    Rule: each arm keeps a sliding window of its last ``window`` groups' mean absolute
    advantages; its score is the window's mean plus ``c * sqrt(2 ln N / n)`` (``N`` groups in
    all, ``n`` of this arm; unvisited arms score infinity), and arms are sampled from
    ``softmax(score / temperature)``. Source: Wang et al., "DUMP: Automated
    Distribution-Level Curriculum Learning for RL-based LLM Post-training", 2025. Defaults
    here: window 64 groups, ``c = 1``, temperature 0.1.

    ``cards``: each arm of an env with a card starts with ``cards_weight`` pseudo-groups whose
    mean absolute advantage is the expected ``2 sqrt(p (1 - p))`` at its predicted pass rate
    ``p`` (so it is no longer untried).
    """

    name = "dump"
    state_fields = ("windows", "counts")

    def __init__(
        self,
        space: TaskSpace,
        seed: int = 0,
        *,
        window: int = 64,
        c: float = 1.0,
        temperature: float = 0.1,
        cards: Any = None,
        cards_weight: int = 4,
    ) -> None:
        super().__init__(space, seed)
        self.window, self.c, self.temperature = int(window), c, temperature
        self.windows: list[deque[float]] = [deque(maxlen=self.window) for _ in space.arms]
        self.counts = np.zeros(len(space.arms), dtype=np.int64)
        found = prior_cards(cards, space)
        if found:
            if cards_weight < 1:
                raise ValueError(f"cards_weight must be >= 1 pseudo-group, got {cards_weight}")
            expected = expected_abs_advantage(arm_rates(found, space))
            for arm, value in enumerate(expected.tolist()):
                if not math.isnan(value):
                    self.windows[arm].extend([value] * int(cards_weight))
                    self.counts[arm] = int(cards_weight)

    def scores(self) -> np.ndarray:
        """UCB score per arm (infinite for arms never tried)."""
        total = max(1, int(self.counts.sum()))
        means = np.array([sum(w) / len(w) if w else 0.0 for w in self.windows])
        bonus = self.c * np.sqrt(2.0 * np.log(total) / np.maximum(self.counts, 1))
        return np.where(self.counts > 0, means + bonus, np.inf)

    def arm_probabilities(self) -> np.ndarray:
        scores = self.scores()
        untried = np.isinf(scores)
        if untried.any():
            return untried / untried.sum()
        return _softmax(scores, self.temperature)

    def observe(self, outcome: Outcome) -> None:
        arm = self.space.arm_of(outcome.spec)
        self.windows[arm].append(outcome.mean_abs_advantage)
        self.counts[arm] += 1


@register_teacher
class LearningProgress(_ArmTeacher):
    """Teacher-Student Curriculum Learning: sample arms by absolute learning progress.

    Rule (TSCL's *Window* variant): each arm keeps its last ``window`` (episode, pass rate)
    pairs; its learning progress is the absolute slope of a least-squares line through them
    (per 1,000 episodes), so forgetting (negative slope) draws the teacher back as much as
    progress. Arms with fewer than two points are tried first; otherwise with probability
    ``epsilon`` an arm is uniform, else drawn in proportion to its absolute progress (the
    batched form of TSCL's greedy choice, as in ALP-based teachers). Source: Matiisen et al.,
    "Teacher-Student Curriculum Learning", IEEE TNNLS 2019; Portelas et al., "Teacher
    algorithms for curriculum learning of Deep RL in continuously parameterized
    environments", CoRL 2019 (absolute learning progress).
    """

    name = "learning-progress"
    state_fields = ("history",)

    def __init__(
        self, space: TaskSpace, seed: int = 0, *, window: int = 8, epsilon: float = 0.1
    ) -> None:
        super().__init__(space, seed)
        self.window, self.epsilon = int(window), epsilon
        # per arm, its last ``window`` (episode, pass rate) points
        self.history: list[deque[list[float]]] = [deque(maxlen=self.window) for _ in space.arms]

    def progress(self) -> np.ndarray:
        """Absolute slope of pass rate per 1,000 episodes, per arm (nan below two points)."""
        return np.array([_abs_slope(points) for points in self.history])

    def arm_probabilities(self) -> np.ndarray:
        lp = self.progress()
        fresh = np.isnan(lp)
        if fresh.any():
            return fresh / fresh.sum()
        n = len(lp)
        total = lp.sum()
        greedy = lp / total if total > 0 else np.full(n, 1.0 / n)
        return self.epsilon / n + (1 - self.epsilon) * greedy

    def observe(self, outcome: Outcome) -> None:
        points = self.history[self.space.arm_of(outcome.spec)]
        points.append([float(self.episodes), outcome.mean_reward])


def _abs_slope(points: Sequence[Sequence[float]]) -> float:
    """|least-squares slope| of (episode, pass rate) points, per 1,000 episodes."""
    n = len(points)
    if n < 2:
        return math.nan
    mt = sum(p[0] for p in points) / n
    mr = sum(p[1] for p in points) / n
    var = sum((p[0] - mt) ** 2 for p in points)
    if var <= 0:
        return 0.0
    return abs(sum((p[0] - mt) * (p[1] - mr) for p in points) / var) * 1000.0


@register_teacher
class MoPPS(_ArmTeacher):
    """Model-predictive prompt selection: Thompson sampling of a Beta posterior of success.

    Rule: each arm has a ``Beta(a, b)`` posterior of its success rate (prior ``Beta(1, 1)``).
    Each of the ``n`` specs of a batch is one Thompson-sampling pull: a success rate is drawn
    from every arm's posterior and the arm whose draw lies closest to ``target`` is chosen.
    A group with ``k`` successes of ``G`` updates its arm with exponential forgetting:
    ``a <- decay * a + (1 - decay) * a0 + k``, ``b <- decay * b + (1 - decay) * b0 + G - k``.
    Source: Qu et al., "Can Prompt Difficulty be Online Predicted for Accelerating RL
    Finetuning of Reasoning Models?", 2025 (MoPPS; per prompt there, per arm here). Defaults
    here: ``target = 0.5``, ``decay = 0.9``.

    ``cards``: each arm of an env with a card starts at ``Beta(a0 + w p, b0 + w (1 - p))``,
    ``w = cards_weight`` pseudo-attempts at its predicted pass rate ``p`` (forgotten at the
    same ``decay`` as real ones).
    """

    name = "mopps"
    state_fields = ("a", "b")

    def __init__(
        self,
        space: TaskSpace,
        seed: int = 0,
        *,
        target: float = 0.5,
        decay: float = 0.9,
        prior: tuple[float, float] = (1.0, 1.0),
        cards: Any = None,
        cards_weight: float = 4.0,
    ) -> None:
        super().__init__(space, seed)
        self.target, self.decay, self.prior = target, decay, tuple(prior)
        self.a = np.full(len(space.arms), float(prior[0]))
        self.b = np.full(len(space.arms), float(prior[1]))
        found = prior_cards(cards, space)
        if found:
            if cards_weight <= 0:
                raise ValueError(f"cards_weight must be > 0 pseudo-attempts, got {cards_weight}")
            p = arm_rates(found, space)
            has = ~np.isnan(p)
            self.a[has] += cards_weight * p[has]
            self.b[has] += cards_weight * (1.0 - p[has])

    def sample(self, n: int) -> list[TaskSpec]:
        theta = self.rng.beta(self.a, self.b, size=(n, len(self.a)))
        chosen = np.argmin(np.abs(theta - self.target), axis=1)
        return [self._spec_in_arm(int(a)) for a in chosen]

    def observe(self, outcome: Outcome) -> None:
        a0, b0 = self.prior
        lam = self.decay
        arm = self.space.arm_of(outcome.spec)
        k = float(sum(outcome.rewards))
        g = float(len(outcome.rewards))
        self.a[arm] = lam * self.a[arm] + (1 - lam) * a0 + k
        self.b[arm] = lam * self.b[arm] + (1 - lam) * b0 + (g - k)
