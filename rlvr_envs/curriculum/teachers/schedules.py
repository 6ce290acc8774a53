"""Teachers that move a difficulty frontier per env: a fixed schedule, RLVE's threshold
ladder, and automatic domain randomisation over the knob box."""

from __future__ import annotations

from typing import Any

import numpy as np

from rlvr_envs.curriculum.prior import fraction_of_range, prior_cards
from rlvr_envs.curriculum.space import Outcome, TaskSpace, TaskSpec
from rlvr_envs.curriculum.teachers.base import Teacher, register_teacher, remember


@register_teacher
class Schedule(Teacher):
    """Fixed easy-to-hard schedule over a step budget (no feedback).

    Rule: after ``t`` of ``budget`` episodes the frontier of every env sits at fraction
    ``f = min(1, t / (end * budget))`` of its difficulty range; a spec's difficulty is drawn
    uniformly from ``[f - window, f]`` of the range (clipped to it), so recent levels keep
    being practised. Envs are drawn by the space's weights. Source: the hand-designed
    curricula of Bengio et al., "Curriculum Learning", ICML 2009, as the easy-to-hard
    baselines of LLM RL papers (e.g. SEC's "difficulty-ordered" curriculum).

    ``cards`` (difficulty cards, :mod:`rlvr_envs.curriculum.prior`): an env's frontier starts
    at fraction ``f0`` of its range where its card's fit crosses ``cards_rate`` (``d@90``) and
    moves as ``f0 + (1 - f0) f``; envs without a card start at 0 as above.
    """

    name = "schedule"

    def __init__(
        self,
        space: TaskSpace,
        seed: int = 0,
        *,
        budget: int = 20_000,
        end: float = 0.8,
        window: float = 0.3,
        cards: Any = None,
        cards_rate: float = 0.9,
    ) -> None:
        super().__init__(space, seed)
        self.budget, self.end, self.window = int(budget), float(end), float(window)
        found = prior_cards(cards, space)
        # where each env's frontier starts, as a fraction of its range
        self.start = np.array(
            [
                fraction_of_range(space, env_id, found[env_id].difficulty_at(cards_rate))
                if env_id in found
                else 0.0
                for env_id in space.env_ids
            ]
        )

    def frontier(self) -> float:
        """Where the frontier is now, as a fraction of every env's range (of the part of it
        above the env's start, for envs with a card)."""
        return min(1.0, self.episodes / max(1.0, self.end * self.budget))

    def sample(self, n: int) -> list[TaskSpec]:
        progress = self.frontier()
        specs = []
        for e in self._env_choice(n):
            env_id = self.space.env_ids[e]
            low, high = self.space.difficulty_range(env_id)
            start = self.start[e]
            f = start + (1.0 - start) * progress if start else progress
            lo = max(0.0, f - self.window)
            t = lo + self.rng.random() * (f - lo)
            specs.append(TaskSpec(env_id, difficulty=low + t * (high - low), seed=self._seed()))
        return specs


@register_teacher
class ThresholdLadder(Teacher):
    """RLVE's adaptive difficulty ladder, per env.

    Rule: an env's difficulty levels are the space's bins. Each env keeps a maximum level
    ``M`` (start 0); specs come from a level drawn uniformly from the sliding window
    ``[M - window + 1, M]``. Once at least ``min_prompts`` prompts at level ``M`` have been
    seen and their mean accuracy is >= ``threshold``, ``M`` rises by one and the count
    restarts. Source: Zeng et al., "RLVE: Scaling Up Reinforcement Learning for Language
    Models with Adaptive Verifiable Environments", 2025 (accuracy threshold 0.9, a window of
    the last 4 levels).

    ``cards`` (difficulty cards, :mod:`rlvr_envs.curriculum.prior`): an env's ``M`` starts at
    its first level whose predicted pass rate (the card's fit at the level's centre) is below
    ``threshold``, as if the ladder had climbed the levels the card says are mastered.
    """

    name = "threshold-ladder"
    state_fields = ("level", "seen", "correct")

    def __init__(
        self,
        space: TaskSpace,
        seed: int = 0,
        *,
        threshold: float = 0.9,
        min_prompts: int = 8,
        window: int = 4,
        cards: Any = None,
    ) -> None:
        super().__init__(space, seed)
        self.threshold, self.min_prompts, self.window = threshold, int(min_prompts), int(window)
        n = len(space)
        self.level = np.zeros(n, dtype=np.int64)
        found = prior_cards(cards, space)
        for e, env_id in enumerate(space.env_ids):
            if env_id in found:
                self.level[e] = self._mastered(found[env_id], env_id)
        self.seen = np.zeros(n, dtype=np.int64)
        self.correct = np.zeros(n)

    def _mastered(self, card: Any, env_id: str) -> int:
        """How many levels, from the easiest, the card predicts at >= ``threshold``."""
        levels = 0
        for arm in self.space.env_arms(env_id)[:-1]:
            if card.rate_at(arm.centre) < self.threshold:
                break
            levels += 1
        return levels

    def sample(self, n: int) -> list[TaskSpec]:
        specs = []
        for e in self._env_choice(n):
            top = int(self.level[e])
            low = max(0, top - self.window + 1)
            b = int(self.rng.integers(low, top + 1))
            specs.append(self._spec_in_arm(self.space.env_arms(self.space.env_ids[e])[b].index))
        return specs

    def observe(self, outcome: Outcome) -> None:
        arm = self.space.arms[self.space.arm_of(outcome.spec)]
        e = self.space.env_index(arm.env_id)
        if arm.bin != self.level[e]:
            return
        self.seen[e] += 1
        self.correct[e] += outcome.mean_reward
        if self.seen[e] >= self.min_prompts:
            if self.correct[e] / self.seen[e] >= self.threshold and arm.bin < self.space.bins - 1:
                self.level[e] += 1
            self.seen[e], self.correct[e] = 0, 0.0


@register_teacher
class ADR(Teacher):
    """Automatic domain randomisation: per env and knob, a range that grows while the student
    copes at its boundary.

    Rule: every env starts with each knob's range ``[0, initial]`` of its (normalised, easy to
    hard) box. A spec draws every knob uniformly in its range; with probability ``boundary``
    one knob is pinned to its lower or upper bound instead, and the group's pass rate goes
    to that bound's buffer. When a buffer holds ``buffer`` results, their mean decides: >=
    ``high`` widens the bound by ``step`` (outward), <= ``low`` narrows it, and the buffer is
    cleared. Envs are drawn by the space's weights. ``mode="difficulty"`` treats each env's
    difficulty as its only knob. Source: OpenAI et al., "Solving Rubik's Cube with a Robot
    Hand", 2019 (ADR), as in TeachMyAgent's ADR teacher.
    """

    name = "adr"
    state_fields = ("lower", "upper", "buffers", "_pinned")

    def __init__(
        self,
        space: TaskSpace,
        seed: int = 0,
        *,
        mode: str = "knobs",
        initial: float = 0.05,
        step: float = 0.05,
        boundary: float = 0.5,
        buffer: int = 8,
        low: float = 0.2,
        high: float = 0.6,
    ) -> None:
        super().__init__(space, seed)
        self._set_mode(mode)
        self.step, self.boundary, self.buffer_size = step, boundary, int(buffer)
        self.low_threshold, self.high_threshold = low, high
        widths = self._box_widths()
        self.lower = [np.zeros(k) for k in widths]
        self.upper = [np.full(k, float(initial)) for k in widths]
        # buffers[e][2 * dim + side]: recent pass rates at that bound (side 0 lower, 1 upper)
        self.buffers = [[[] for _ in range(2 * k)] for k in widths]
        self._pinned: dict[tuple, tuple[int, int, int]] = {}

    def sample(self, n: int) -> list[TaskSpec]:
        specs = []
        for e in self._env_choice(n):
            e = int(e)
            lo, hi = self.lower[e], self.upper[e]
            u = lo + self.rng.random(len(lo)) * (hi - lo)
            pin = None
            if self.rng.random() < self.boundary:
                dim, side = int(self.rng.integers(len(lo))), int(self.rng.integers(2))
                u[dim] = hi[dim] if side else lo[dim]
                pin = (e, dim, side)
            spec = self._spec_at(self.space.env_ids[e], u)
            if pin is not None:
                remember(self._pinned, spec.key(), pin)
            specs.append(spec)
        return specs

    def observe(self, outcome: Outcome) -> None:
        pin = self._pinned.pop(outcome.spec.key(), None)
        if pin is not None:
            self._record(*pin, outcome.mean_reward)

    def _record(self, e: int, dim: int, side: int, success: float) -> None:
        buf = self.buffers[e][2 * dim + side]
        buf.append(success)
        if len(buf) < self.buffer_size:
            return
        mean = sum(buf) / len(buf)
        buf.clear()
        lo, hi = self.lower[e], self.upper[e]
        direction = (
            1.0 if mean >= self.high_threshold else -1.0 if mean <= self.low_threshold else 0
        )
        if not direction:
            return
        if side:  # the upper bound moves up to widen, down to narrow
            hi[dim] = min(1.0, max(lo[dim], hi[dim] + direction * self.step))
        else:  # the lower bound moves down to widen, up to narrow
            lo[dim] = max(0.0, min(hi[dim], lo[dim] - direction * self.step))
