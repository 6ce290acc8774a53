"""The task space a teacher explores: env ids, their knobs, difficulty ranges and arms.

A :class:`TaskSpace` is built from env ids and the knob declarations of their families (or
explicit declarations, for envs a simulated student stands behind). Every teacher sees it in
one of three views:

* **knob space** (continuous teachers: ALP-GMM, RIAC, ADR): each env's knobs as a box of
  normalised coordinates ``u`` in [0, 1]^k, 0 at the easy end and 1 at the hard end. Integer
  and categorical knobs are relaxations: ``u`` maps onto the value whose cell contains it;
* **difficulty** (schedules, ladders): one scalar per env in the env's difficulty range;
* **arms** (bandit teachers): env id x difficulty bin, ``bins`` equal bins per env.

What a teacher proposes is a :class:`TaskSpec`; what it learns from is an :class:`Outcome`.
Both are plain records that round-trip through JSON.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from rlvr_envs.core import EVAL_SEEDS, Knob


@dataclass
class TaskSpec:
    """What a teacher proposes: an env id and what the teacher controls of it.

    A teacher sets what it controls (a difficulty, explicit knobs, a seed) and leaves the rest
    to the env: ``task.generate(spec.seed, spec.difficulty, spec.knobs)``.
    """

    env_id: str
    difficulty: float | None = None
    knobs: dict[str, Any] | None = None
    seed: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "env_id": self.env_id,
            "difficulty": self.difficulty,
            "knobs": dict(self.knobs) if self.knobs is not None else None,
            "seed": self.seed,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TaskSpec:
        knobs = data.get("knobs")
        return cls(
            env_id=data["env_id"],
            difficulty=data.get("difficulty"),
            knobs=dict(knobs) if knobs is not None else None,
            seed=data.get("seed"),
        )

    def key(self) -> tuple[Any, ...]:
        """A hashable identity (problem-level teachers index their history by it)."""
        knobs = tuple(sorted((self.knobs or {}).items()))
        return (self.env_id, self.difficulty, knobs, self.seed)


@dataclass
class Outcome:
    """One group of completions for one spec: the rewards and, if the trainer has them, the
    advantages it used; ``problem`` is the generated problem's dict when there is one."""

    spec: TaskSpec
    rewards: list[float]
    advantages: list[float] | None = None
    problem: dict[str, Any] | None = None

    @property
    def mean_reward(self) -> float:
        """The group's pass rate (mean reward)."""
        return sum(self.rewards) / len(self.rewards) if self.rewards else 0.0

    @property
    def mean_abs_advantage(self) -> float:
        """Mean absolute advantage: the trainer's if given, else GRPO's group-normalised one
        (reward minus the group mean, over the group's standard deviation; 0 if all equal)."""
        if self.advantages:
            return sum(abs(a) for a in self.advantages) / len(self.advantages)
        return group_mean_abs_advantage(self.rewards)

    def to_dict(self) -> dict[str, Any]:
        return {
            "spec": self.spec.to_dict(),
            "rewards": list(self.rewards),
            "advantages": list(self.advantages) if self.advantages is not None else None,
            "problem": self.problem,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Outcome:
        return cls(
            spec=TaskSpec.from_dict(data["spec"]),
            rewards=list(data["rewards"]),
            advantages=data.get("advantages"),
            problem=data.get("problem"),
        )


def group_mean_abs_advantage(rewards: Sequence[float]) -> float:
    """Mean |A| of GRPO advantages ``(r - mean) / std`` of one group (0 when all rewards agree)."""
    n = len(rewards)
    if n < 2:
        return 0.0
    mean = sum(rewards) / n
    var = sum((r - mean) ** 2 for r in rewards) / n
    if var <= 1e-12:
        return 0.0
    return sum(abs(r - mean) for r in rewards) / n / math.sqrt(var)


@dataclass(frozen=True)
class Dim:
    """One knob of one env as a normalised coordinate ``u`` in [0, 1] (0 easy, 1 hard)."""

    env_id: str
    name: str
    knob: Knob
    ordered: bool = True  # False for a categorical whose choices are not easy-to-hard
    _values: tuple[Any, ...] | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_values", self._discrete_values())

    @property
    def values(self) -> tuple[Any, ...] | None:
        """The discrete values from easy to hard, or None for a float knob."""
        return self._values

    def _discrete_values(self) -> tuple[Any, ...] | None:
        knob = self.knob
        if knob.type == "float":
            return None
        if knob.type == "int":
            easy, hard = int(knob.easy), int(knob.hard)
            step = 1 if hard >= easy else -1
            return tuple(range(easy, hard + step, step))
        choices = tuple(knob.choices)
        if knob.type == "categorical" and knob.easy is not None and knob.hard is not None:
            lo, hi = choices.index(knob.easy), choices.index(knob.hard)
            choices = choices[lo : hi + 1]
        return choices

    def value(self, u: float) -> Any:
        """The knob value at coordinate ``u``."""
        u = min(max(float(u), 0.0), 1.0)
        values = self.values
        if values is None:
            return self.knob.at(u)  # a float knob's own map (linear, or log and curved)
        return values[min(int(u * len(values)), len(values) - 1)]

    def coord_at(self, difficulty: float) -> float:
        """The coordinate of the knob's value at ``difficulty``: ``coord(knob.at(d))``, fast."""
        d = min(max(float(difficulty), 0.0), 1.0)
        if self.knob.type == "float":
            if self.knob.digits is not None:  # rounding holds a value still near an end
                return self.knob.position(self.knob.at(d))
            return d if self.knob.hard != self.knob.easy else 0.0
        n = self.levels
        return (min(math.floor(d * n), n - 1) + 0.5) / n

    @property
    def levels(self) -> int:
        """How many values a discrete knob takes between easy and hard (0 for float)."""
        values = self.values
        return 0 if values is None else len(values)

    def coord(self, value: Any) -> float:
        """The coordinate of a knob value (the centre of its cell for discrete knobs)."""
        values = self.values
        if values is None:
            return self.knob.position(float(value))
        if value in values:
            return (values.index(value) + 0.5) / len(values)
        if self.knob.type == "int":  # outside easy..hard: clamp to the nearer end
            ends = (values[0], values[-1])
            nearer = min(ends, key=lambda end: abs(end - value))
            return 0.0 if nearer == values[0] else 1.0
        raise ValueError(f"{value!r} is not a value of knob {self.name!r} of {self.env_id}")


@dataclass(frozen=True)
class Arm:
    """One arm of the bandit view: an env id and one difficulty bin [low, high]."""

    index: int
    env_id: str
    bin: int
    low: float
    high: float

    @property
    def centre(self) -> float:
        return 0.5 * (self.low + self.high)


@dataclass
class _Env:
    env_id: str
    dims: tuple[Dim, ...]
    difficulty: tuple[float, float]
    weight: float = 1.0
    arms: tuple[Arm, ...] = field(default_factory=tuple)


class TaskSpace:
    """Env ids with their knob boxes, difficulty ranges and arms (env id x difficulty bin).

    ``TaskSpace(["rlvr/Sudoku-v0", "rlvr/LinearEquation-v0"])`` reads each family's knobs from
    the registry. ``knobs={env_id: {name: Knob}}`` declares (or overrides) an env's knobs, so a
    space can describe envs that only a simulated student stands behind; ``difficulty`` gives
    a ``(low, high)`` range for every env or a mapping per env id; ``bins`` is the number of
    difficulty bins per env in the arm view.
    """

    def __init__(
        self,
        env_ids: Iterable[str],
        *,
        bins: int = 10,
        knobs: Mapping[str, Mapping[str, Knob]] | None = None,
        difficulty: tuple[float, float] | Mapping[str, tuple[float, float]] | None = None,
        weights: Mapping[str, float] | None = None,
    ) -> None:
        ids = list(dict.fromkeys(env_ids))
        if not ids:
            raise ValueError("a TaskSpace needs at least one env id")
        # env id -> the knobs a suite gives ranges for, kept there by within_ranges
        self.pinned: dict[str, tuple[str, ...]] = {}
        if bins < 1:
            raise ValueError(f"bins must be >= 1, got {bins}")
        self.bins = int(bins)
        knobs = dict(knobs or {})
        self._envs: dict[str, _Env] = {}
        arms: list[Arm] = []
        for env_id in ids:
            declared, ordered = _declared_knobs(env_id, knobs.get(env_id))
            dims = tuple(Dim(env_id, name, knob, ordered) for name, knob in declared.items())
            low, high = _range_for(env_id, difficulty)
            env = _Env(env_id, dims, (low, high), float((weights or {}).get(env_id, 1.0)))
            width = (high - low) / self.bins
            env.arms = tuple(
                Arm(len(arms) + b, env_id, b, low + b * width, low + (b + 1) * width)
                for b in range(self.bins)
            )
            arms.extend(env.arms)
            self._envs[env_id] = env
        self.arms: tuple[Arm, ...] = tuple(arms)

    # -- construction ---------------------------------------------------------------------

    @classmethod
    def from_suite(cls, suite: Any, *, bins: int = 10) -> TaskSpace:
        """The space of a suite (a name in ``tasks/``, a path, or a loaded ``Suite``): its env
        ids, difficulty ranges and weights, with explicit knob ranges narrowing the boxes."""
        from rlvr_envs.suites import Suite, load_suite

        if not isinstance(suite, Suite):
            suite = load_suite(suite)
        knobs: dict[str, dict[str, Knob]] = {}
        for env in suite.envs:
            if not env.knobs:
                continue
            declared, _ = _declared_knobs(env.id, None)
            knobs[env.id] = dict(declared)
            for name, values in env.knobs.items():
                base = declared[name]
                if base.type in ("int", "float") and len(values) == 2:
                    lo, hi = values
                    curve = {"scale": base.scale, "power": base.power, "digits": base.digits}
                    knobs[env.id][name] = Knob(
                        base.type, lo, hi, easy=lo, hard=hi, doc=base.doc, **curve
                    )
                else:
                    knobs[env.id][name] = Knob("categorical", choices=tuple(values), doc=base.doc)
        space = cls(
            [env.id for env in suite.envs],
            bins=bins,
            knobs=knobs,
            difficulty={env.id: tuple(env.difficulty) for env in suite.envs},
            weights={env.id: env.weight for env in suite.envs},
        )
        space.pinned = {env.id: tuple(env.knobs) for env in suite.envs if env.knobs}
        return space

    def within_ranges(self, spec: TaskSpec) -> TaskSpec:
        """``spec`` with every knob the suite gives a range for (:attr:`pinned`) set
        explicitly inside that range, where the spec leaves it to the difficulty (or to the
        default, which becomes the middle of the range). The difficulty alone maps onto the
        family's whole knob range, so a teacher that sets only a difficulty drew the values
        a suite holds out for evaluation (``compose-depth-v0`` trains on depths 1..3 and
        evaluates on 4..6). Specs of other envs come back unchanged."""
        names = [n for n in self.pinned.get(spec.env_id, ()) if n not in (spec.knobs or {})]
        if not names:
            return spec
        dims = {d.name: d for d in self._env(spec.env_id).dims}
        knobs = dict(spec.knobs or {})
        for name in names:
            dim = dims[name]
            u = 0.5 if spec.difficulty is None else dim.coord_at(spec.difficulty)
            knobs[name] = dim.value(u)
        return TaskSpec(spec.env_id, difficulty=spec.difficulty, knobs=knobs, seed=spec.seed)

    def to_dict(self) -> dict[str, Any]:
        """A JSON summary (what the leaderboard records about the space)."""
        return {
            "bins": self.bins,
            "envs": [
                {
                    "env_id": env.env_id,
                    "difficulty": list(env.difficulty),
                    "weight": env.weight,
                    "knobs": {d.name: d.knob.describe() for d in env.dims},
                }
                for env in self._envs.values()
            ],
        }

    # -- views ----------------------------------------------------------------------------

    @property
    def env_ids(self) -> tuple[str, ...]:
        return tuple(self._envs)

    @property
    def weights(self) -> tuple[float, ...]:
        return tuple(env.weight for env in self._envs.values())

    def env_index(self, env_id: str) -> int:
        try:
            return self.env_ids.index(env_id)
        except ValueError:
            raise ValueError(f"{env_id!r} is not in this task space: {self.env_ids}") from None

    def dims(self, env_id: str) -> tuple[Dim, ...]:
        """The env's knobs as normalised dimensions."""
        return self._env(env_id).dims

    def difficulty_range(self, env_id: str) -> tuple[float, float]:
        return self._env(env_id).difficulty

    def env_arms(self, env_id: str) -> tuple[Arm, ...]:
        return self._env(env_id).arms

    def arm_of(self, spec: TaskSpec) -> int:
        """The arm a spec falls in (by its difficulty scalar)."""
        env = self._env(spec.env_id)
        low, high = env.difficulty
        d = self.difficulty_of(spec)
        if high <= low:
            return env.arms[0].index
        b = min(max(int((d - low) / (high - low) * self.bins), 0), self.bins - 1)
        return env.arms[b].index

    def difficulty_of(self, spec: TaskSpec) -> float:
        """The spec's difficulty scalar: its own, else the mean coordinate of its ordered knobs
        mapped into the env's difficulty range."""
        if spec.difficulty is not None:
            return float(spec.difficulty)
        env = self._env(spec.env_id)
        u = self.point(spec)
        ordered = [x for x, d in zip(u, env.dims) if d.ordered]
        mean = float(np.mean(ordered)) if ordered else 0.5
        low, high = env.difficulty
        return low + mean * (high - low)

    def point(self, spec: TaskSpec) -> np.ndarray:
        """The spec as coordinates in its env's knob box (explicit knobs win over difficulty;
        knobs neither gives sit at their defaults)."""
        env = self._env(spec.env_id)
        knobs = spec.knobs or {}
        coords = np.empty(len(env.dims))
        for i, dim in enumerate(env.dims):
            if dim.name in knobs:
                coords[i] = dim.coord(knobs[dim.name])
            elif spec.difficulty is not None:
                coords[i] = dim.coord_at(spec.difficulty)
            else:
                coords[i] = dim.coord(dim.knob.default)
        return coords

    def spec_at(self, env_id: str, u: Sequence[float], seed: int | None = None) -> TaskSpec:
        """The spec with explicit knobs at coordinates ``u`` of the env's box."""
        dims = self._env(env_id).dims
        if len(u) != len(dims):
            raise ValueError(f"{env_id} has {len(dims)} knobs, got {len(u)} coordinates")
        knobs = {d.name: d.value(x) for d, x in zip(dims, u)}
        return TaskSpec(env_id, knobs=knobs, seed=seed)

    def sample_seed(self, rng: np.random.Generator) -> int:
        """A training seed: in ``core.TRAIN_SEEDS`` and never in ``EVAL_SEEDS``."""
        return int(rng.integers(0, EVAL_SEEDS.start))

    def _env(self, env_id: str) -> _Env:
        try:
            return self._envs[env_id]
        except KeyError:
            raise ValueError(f"{env_id!r} is not in this task space: {self.env_ids}") from None

    def __len__(self) -> int:
        return len(self._envs)

    def __repr__(self) -> str:
        return f"TaskSpace({list(self._envs)!r}, bins={self.bins})"


def _declared_knobs(
    env_id: str, declared: Mapping[str, Knob] | None
) -> tuple[dict[str, Knob], bool]:
    """The env's knobs (explicit, else from the registry) and whether they are easy-to-hard."""
    if declared is not None:
        return dict(declared), True
    from rlvr_envs.registry import MixtureTask, make_task

    try:
        task = make_task(env_id)
    except ValueError as exc:
        raise ValueError(
            f"{exc}; to describe an env that is not registered, pass "
            f"TaskSpace([...], knobs={{{env_id!r}: {{name: Knob(...)}}}})"
        ) from None
    # A mixture's only knob is the member family, which is not ordered by difficulty.
    return dict(task.knob_space), not isinstance(task, MixtureTask)


def _range_for(
    env_id: str, difficulty: tuple[float, float] | Mapping[str, tuple[float, float]] | None
) -> tuple[float, float]:
    if difficulty is None:
        low, high = 0.0, 1.0
    elif isinstance(difficulty, Mapping):
        low, high = difficulty.get(env_id, (0.0, 1.0))
    else:
        low, high = difficulty
    if not 0.0 <= low <= high <= 1.0:
        raise ValueError(f"difficulty range of {env_id} must lie in [0, 1], got {(low, high)}")
    return float(low), float(high)
