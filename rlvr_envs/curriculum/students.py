"""Simulated students: cheap learners with a known ground truth, so teachers can be compared.

A :class:`SimulatedStudent` learns the way GRPO does, in miniature. For each env of a
:class:`TaskSpace` it has a *skill*: a competence profile over the env's *hardness*
``h = w . u`` (``u`` the spec's knob coordinates, ``w`` the knobs' relevance, summing to 1),
stored as success logits on a grid of cells. Attempting a spec:

* **success falls with difficulty**: one attempt succeeds with probability
  ``sigmoid(s(h) + e)`` where ``s`` interpolates the grid and ``e`` is a fixed per-problem
  offset (a hash of the seed), so problems of one spec are not all alike;
* **prerequisites**: a composed skill succeeds only if its parts do, at the same hardness
  (the probabilities multiply);
* **GRPO-like update**: from a group of ``G`` attempts with pass rate ``q`` the grid moves by
  ``lr * 4 q (1 - q) * K(h_c - h)``: a group whose rewards all agree teaches nothing, and
  learning is largest at intermediate pass rates;
* **transfer** to nearby hardness through the kernel ``K`` (wider toward easier cells);
* **a ceiling**: cells beyond what the student can ever learn stay at their cap (the
  infeasible part of a task space);
* **forgetting**: every step pulls the grid back toward its initial profile;
* **memorisation**: the n-th repeat of one problem teaches ``repeat_decay ** n`` as much.

A student-step is one group of ``G`` attempts at one spec and the update from it; a batch of
specs is one vectorised step of the trainer. Test success (:meth:`evaluate`) is the exact
expected pass rate over a fixed set of specs, without sampling noise.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Protocol

import numpy as np

from rlvr_envs.core import stable_seed
from rlvr_envs.curriculum.space import Dim, Outcome, TaskSpace, TaskSpec

if TYPE_CHECKING:
    from rlvr_envs.calibration.cards import DifficultyCard

_MASK64 = (1 << 64) - 1


class Student(Protocol):
    """What the curriculum benchmark needs from a student (simulated or a language model)."""

    def train(self, specs: Sequence[TaskSpec]) -> list[Outcome]:
        """Attempt each spec as one group, learn from the groups, return their outcomes."""

    def evaluate(self, specs: Sequence[TaskSpec]) -> float:
        """Mean test success over ``specs`` (the held-out test set)."""


@dataclass(frozen=True)
class Skill:
    """The ground truth of one env: how hard it is, how far it can be learned, its parts.

    Hardness ``h`` in [0, 1] has *true difficulty* ``offset + span * h + bump(h)`` with
    ``bump(h) = rugged * sin(2 pi (freq * h + phase))``; the student initially succeeds with
    probability 1/2 at true difficulty ``reach`` and can never learn beyond ``ceiling``.
    """

    weights: tuple[float, ...]  # relevance of each knob of the env (normalised to sum 1)
    offset: float = 0.0
    span: float = 1.0
    reach: float = 0.1
    ceiling: float = 10.0
    parts: tuple[int, ...] = ()  # indices of the envs this skill is composed of
    rugged: float = 0.0
    freq: float = 2.0
    phase: float = 0.0

    def true_difficulty(self, h: np.ndarray) -> np.ndarray:
        bump = self.rugged * np.sin(2 * np.pi * (self.freq * h + self.phase))
        return self.offset + self.span * h + bump


@dataclass(frozen=True)
class StudentConfig:
    """Hyperparameters of the simulated learner (the defaults are what the benchmark uses)."""

    group_size: int = 8
    cells: int = 32
    temperature: float = 0.08  # true-difficulty units per logit: how sharply success falls
    lr: float = 0.03  # logit change of a cell from one group at pass rate 1/2
    kernel_up: float = 0.05  # transfer width toward harder cells (hardness units)
    kernel_down: float = 0.15  # transfer width toward easier cells
    forgetting: float = 0.0  # per student-step pull of the grid toward its initial profile
    problem_noise: float = 0.5  # std of the per-problem logit offset
    repeat_decay: float = 0.9  # the n-th repeat of one problem teaches repeat_decay**n
    max_logit: float = 5.0
    min_logit: float = -9.0


class _EnvCodec:
    """Fast spec -> hardness ``w . u`` for one env (pure Python, no per-spec numpy)."""

    def __init__(self, dims: Sequence[Dim], weights: Sequence[float]) -> None:
        # per relevant knob: (dim, weight, levels between easy and hard; 0 for float)
        # (a float knob whose easy and hard ends coincide sits at 0 and adds nothing)
        self.parts = [
            (d, float(w), d.levels)
            for d, w in zip(dims, weights)
            if w and (d.levels or d.knob.hard != d.knob.easy)
        ]

    def hardness(self, spec: TaskSpec) -> float:
        knobs = spec.knobs
        d = spec.difficulty
        h = 0.0
        for dim, w, n in self.parts:
            if knobs and dim.name in knobs:
                u = dim.coord(knobs[dim.name])
            elif d is not None:
                x = 0.0 if d < 0.0 else (1.0 if d > 1.0 else d)
                u = (min(int(x * n), n - 1) + 0.5) / n if n else x
            else:
                u = dim.coord(dim.knob.default)
            h += w * u
        return h


@dataclass
class SimulatedStudent:
    """A GRPO-like learner over a task space with known ground truth (see the module doc)."""

    space: TaskSpace
    skills: Sequence[Skill]
    seed: int = 0
    config: StudentConfig = field(default_factory=StudentConfig)

    def __post_init__(self) -> None:
        cfg = self.config
        if len(self.skills) != len(self.space):
            raise ValueError(f"{len(self.skills)} skills for {len(self.space)} envs")
        self.rng = np.random.default_rng(self.seed)
        self._index = {env_id: i for i, env_id in enumerate(self.space.env_ids)}
        self._codecs = []
        for env_id, skill in zip(self.space.env_ids, self.skills):
            dims = list(self.space.dims(env_id))
            weights = tuple(skill.weights) if dims else ()
            if len(weights) != len(dims):
                raise ValueError(f"{env_id}: {len(weights)} knob weights for {len(dims)} knobs")
            self._codecs.append(_EnvCodec(dims, weights))
        self.centres = np.linspace(0.0, 1.0, cfg.cells)
        truth = np.stack([s.true_difficulty(self.centres) for s in self.skills])
        reach = np.array([[s.reach] for s in self.skills])
        ceiling = np.array([[s.ceiling] for s in self.skills])
        lo, hi = cfg.min_logit, cfg.max_logit
        self.initial = np.clip((reach - truth) / cfg.temperature, lo, hi)
        self.cap = np.clip((ceiling - truth) / cfg.temperature, lo, hi)
        self.initial = np.minimum(self.initial, self.cap)
        self.logits = self.initial.copy()
        width = max((len(s.parts) for s in self.skills), default=0)
        self.parts = np.full((len(self.skills), max(width, 1)), -1, dtype=np.int64)
        for e, skill in enumerate(self.skills):
            self.parts[e, : len(skill.parts)] = skill.parts
        self.has_parts = bool(width)
        self.repeats: dict[tuple, int] = {}
        self.steps = 0

    # -- locating specs ----------------------------------------------------------------------

    def locate(self, specs: Sequence[TaskSpec]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Env indices, hardness and per-problem logit offsets of ``specs``."""
        index, codecs = self._index, self._codecs
        envs = np.empty(len(specs), dtype=np.int64)
        hard = np.empty(len(specs))
        keys = np.empty(len(specs), dtype=np.uint64)
        for i, spec in enumerate(specs):
            e = index[spec.env_id]
            envs[i] = e
            hard[i] = codecs[e].hardness(spec)
            keys[i] = _mix(e, spec.seed if spec.seed is not None else i + 7919 * self.steps)
        return envs, np.clip(hard, 0.0, 1.0), self.config.problem_noise * _normal(keys)

    # -- success probabilities ---------------------------------------------------------------

    def _skill_logit(self, envs: np.ndarray, hard: np.ndarray) -> np.ndarray:
        pos = hard * (self.config.cells - 1)
        i0 = np.minimum(pos.astype(np.int64), self.config.cells - 2)
        frac = pos - i0
        return self.logits[envs, i0] * (1.0 - frac) + self.logits[envs, i0 + 1] * frac

    def probability(self, envs: np.ndarray, hard: np.ndarray, noise: np.ndarray) -> np.ndarray:
        """Success probability of one attempt (the skill's and its parts', multiplied)."""
        p = _sigmoid(self._skill_logit(envs, hard) + noise)
        if self.has_parts:
            for column in self.parts.T:
                parts = column[envs]
                has = parts >= 0
                if has.any():
                    part_p = _sigmoid(self._skill_logit(np.where(has, parts, 0), hard) + noise)
                    p = p * np.where(has, part_p, 1.0)
        return p

    def success_probability(self, specs: Sequence[TaskSpec]) -> np.ndarray:
        """Exact success probability of one attempt at each spec."""
        envs, hard, noise = self.locate(specs)
        return self.probability(envs, hard, noise)

    def evaluate(self, specs: Sequence[TaskSpec]) -> float:
        """Mean success probability over ``specs`` (test success, without sampling noise)."""
        return float(self.success_probability(specs).mean())

    # -- training ----------------------------------------------------------------------------

    def train(self, specs: Sequence[TaskSpec]) -> list[Outcome]:
        """One group of ``group_size`` attempts per spec, then the GRPO-like update."""
        cfg = self.config
        envs, hard, noise = self.locate(specs)
        decay = self._repeat_factors(specs)
        p = self.probability(envs, hard, noise)
        wins = self.rng.binomial(cfg.group_size, p)
        self._forget(len(specs))
        q = wins / cfg.group_size
        signal = 4.0 * q * (1.0 - q) * decay
        active = signal > 0
        if active.any():
            self._learn(envs[active], hard[active], signal[active])
        self.steps += len(specs)
        g = cfg.group_size
        return [
            Outcome(spec, [1.0] * int(k) + [0.0] * (g - int(k)))
            for spec, k in zip(specs, wins.tolist())
        ]

    def _repeat_factors(self, specs: Sequence[TaskSpec]) -> np.ndarray:
        out = np.ones(len(specs))
        gamma = self.config.repeat_decay
        if gamma >= 1.0:
            return out
        repeats = self.repeats
        for i, spec in enumerate(specs):
            if spec.seed is None:
                continue
            key = spec.key()
            n = repeats.get(key, 0)
            repeats[key] = n + 1
            if n:
                out[i] = gamma**n
        return out

    def _forget(self, steps: int) -> None:
        rate = self.config.forgetting
        if rate > 0.0:
            keep = (1.0 - rate) ** steps
            self.logits = self.initial + (self.logits - self.initial) * keep

    def _learn(self, envs: np.ndarray, hard: np.ndarray, signal: np.ndarray) -> None:
        cfg = self.config
        delta = self.centres[None, :] - hard[:, None]
        width = np.where(delta > 0, cfg.kernel_up, cfg.kernel_down)
        step = (cfg.lr * signal)[:, None] * np.exp(-0.5 * (delta / width) ** 2)
        np.add.at(self.logits, envs, step)
        np.minimum(self.logits, self.cap, out=self.logits)

    # -- ground truth for reports ------------------------------------------------------------

    def best_possible(self, specs: Sequence[TaskSpec]) -> float:
        """Test success of a student that learned everything it can (the ceiling)."""
        saved = self.logits
        self.logits = self.cap
        try:
            return self.evaluate(specs)
        finally:
            self.logits = saved


def configure(config: StudentConfig, **changes: float) -> StudentConfig:
    """A copy of ``config`` with ``changes`` (scenarios adjust a few fields)."""
    return replace(config, **changes)


def _sigmoid(x: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-x))


def _mix(env: int, seed: int) -> int:
    """A 64-bit key for (env, problem seed): splitmix64 of the pair."""
    z = (seed * 0x9E3779B97F4A7C15 + env * 0xBF58476D1CE4E5B9 + 0x632BE59BD9B4E019) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


def _normal(keys: np.ndarray) -> np.ndarray:
    """A standard normal per key, a pure function of the key (Box-Muller on its two halves)."""
    lo = (keys & np.uint64(0xFFFFFFFF)).astype(np.float64)
    hi = (keys >> np.uint64(32)).astype(np.float64)
    u1 = (lo + 0.5) / 4294967296.0
    u2 = (hi + 0.5) / 4294967296.0
    return np.sqrt(-2.0 * np.log(u1)) * np.cos(2.0 * math.pi * u2)


def student_cards(
    student: SimulatedStudent,
    *,
    bins: int = 10,
    n: int = 16,
    k: int | None = None,
    seed: int = 0,
    env_ids: Sequence[str] | None = None,
) -> list[DifficultyCard]:
    """Difficulty cards of a simulated student as it is now, measured the way ``rlvr
    calibrate`` measures a model (:func:`rlvr_envs.calibration.calibrate_envs`): the same
    sweep over each env's range in the student's task space, ``k`` attempts per problem
    (default: the student's group size) drawn from its true success probability. The student
    does not learn from them; the draws use their own generator (from ``seed``), not the
    student's.
    """
    from rlvr_envs.calibration.sweep import calibrate_envs

    space = student.space
    k = int(k or student.config.group_size)
    rng = np.random.default_rng(stable_seed("student-cards", seed))
    ids = list(env_ids or space.env_ids)

    def scorer(specs: Sequence[TaskSpec]) -> list[tuple[int, int]]:
        p = student.success_probability(specs)
        return [(int(c), k) for c in rng.binomial(k, p)]

    return calibrate_envs(
        [(env_id, space.difficulty_range(env_id)) for env_id in ids], scorer,
        bins=bins, n=n, k=k, seed=seed, model="simulated student",
        generate=lambda env_id, s, d: TaskSpec(env_id, difficulty=d, seed=s),
    )  # fmt: skip
