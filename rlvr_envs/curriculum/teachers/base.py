"""The teacher interface, the registry of teachers, and the JSON codec of teacher state.

A teacher is an automatic-curriculum algorithm: ``sample(n)`` proposes task specs,
``update(outcomes)`` learns from the groups a student produced on them, and
``state_dict()`` / ``load_state_dict()`` checkpoint it (JSON-serialisable; a teacher restored
from a state samples exactly what the original would have). Teachers never see the student,
only outcomes, so the same teacher drives a simulated student or a language model.
"""

from __future__ import annotations

import abc
from collections import deque
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import numpy as np

from rlvr_envs.curriculum.space import Outcome, TaskSpace, TaskSpec

TEACHERS: dict[str, type[Teacher]] = {}
MODES = ("knobs", "difficulty")


def register_teacher(cls: type[Teacher]) -> type[Teacher]:
    """Class decorator: add a teacher to ``TEACHERS`` under its ``name``."""
    if not cls.name:
        raise ValueError(f"{cls.__name__} needs a name")
    TEACHERS[cls.name] = cls
    return cls


class Teacher(abc.ABC):
    """Base class: proposes :class:`TaskSpec` s and learns from :class:`Outcome` s.

    Subclasses implement :meth:`sample` and :meth:`observe` (one outcome), or extend
    :meth:`update` to learn from a batch as a whole; they list the attributes that make up
    their learned state in ``state_fields`` so that :meth:`state_dict` can checkpoint them
    (numpy arrays, dicts, deques, tuples and specs are encoded as JSON-friendly values).

    ``mode`` says what a spec sets: the env's difficulty (``"difficulty"``), or a point of
    its knob box (``"knobs"``); teachers that offer both take a ``mode`` option.
    """

    name: ClassVar[str] = ""
    state_fields: ClassVar[tuple[str, ...]] = ()
    mode: str = "difficulty"

    def __init__(self, space: TaskSpace, seed: int = 0) -> None:
        self.space = space
        self.seed = int(seed)
        self.rng = np.random.default_rng(self.seed)
        self.episodes = 0  # outcomes seen so far

    @abc.abstractmethod
    def sample(self, n: int) -> list[TaskSpec]:
        """``n`` task specs for the student to attempt next."""

    def update(self, outcomes: Sequence[Outcome]) -> None:
        """Learn from a batch of outcomes (one per attempted spec).

        Observes each outcome in turn, counting it in ``episodes`` once observed. A teacher
        that learns from the batch as a whole does so in its own ``update`` and then calls
        this one, which keeps the count.
        """
        for outcome in outcomes:
            self.observe(outcome)
            self.episodes += 1

    def observe(self, outcome: Outcome) -> None:  # noqa: B027  (optional hook)
        """Learn from one outcome; the default learns nothing."""

    # -- checkpointing ----------------------------------------------------------------------

    def state_dict(self) -> dict[str, Any]:
        """Everything needed to resume exactly: JSON-serialisable."""
        state = {name: _encode(getattr(self, name)) for name in self.state_fields}
        return {
            "teacher": self.name,
            "seed": self.seed,
            "episodes": self.episodes,
            "rng": _encode(self.rng.bit_generator.state),
            "state": state,
        }

    def load_state_dict(self, state: Mapping[str, Any]) -> None:
        """Restore a state from :meth:`state_dict` (of a teacher of the same name and space)."""
        if state.get("teacher") != self.name:
            raise ValueError(f"state is for teacher {state.get('teacher')!r}, not {self.name!r}")
        self.seed = int(state["seed"])
        self.episodes = int(state["episodes"])
        self.rng.bit_generator.state = _decode(state["rng"])
        for name in self.state_fields:
            setattr(self, name, _like(getattr(self, name), _decode(state["state"][name])))

    # -- helpers shared by teachers ----------------------------------------------------------

    def _seed(self) -> int:
        return self.space.sample_seed(self.rng)

    def _spec_in_range(self, env_id: str, low: float, high: float) -> TaskSpec:
        """A spec at a difficulty drawn uniformly in ``[low, high)``, with a fresh seed."""
        difficulty = float(low + self.rng.random() * (high - low))
        return TaskSpec(env_id, difficulty=difficulty, seed=self._seed())

    def _spec_in_arm(self, arm: int) -> TaskSpec:
        """A spec at a uniformly drawn difficulty inside ``arm``'s bin, with a fresh seed."""
        a = self.space.arms[arm]
        return self._spec_in_range(a.env_id, a.low, a.high)

    def _uniform_specs(self, n: int) -> list[TaskSpec]:
        """``n`` specs uniform over the space: an env by the space's weights, then a
        difficulty uniform in its range, or (``mode="knobs"``) a point uniform in its box."""
        specs = []
        for e in self._env_choice(n):
            env_id = self.space.env_ids[e]
            if self.mode == "knobs":
                u = self.rng.random(len(self.space.dims(env_id)))
                specs.append(self.space.spec_at(env_id, u, seed=self._seed()))
            else:
                specs.append(self._spec_in_range(env_id, *self.space.difficulty_range(env_id)))
        return specs

    def _set_mode(self, mode: str) -> None:
        """Check and set ``mode`` (for teachers that offer both)."""
        if mode not in MODES:
            raise ValueError(f"mode must be 'knobs' or 'difficulty', got {mode!r}")
        self.mode = mode

    def _box_widths(self) -> list[int]:
        """Dimensions of each env's box: its knobs, or 1 (the difficulty) by ``mode``."""
        if self.mode == "difficulty":
            return [1] * len(self.space)
        return [max(1, len(self.space.dims(env_id))) for env_id in self.space.env_ids]

    def _spec_at(self, env_id: str, u: np.ndarray) -> TaskSpec:
        """The spec at coordinates ``u`` of an env's box (knobs, or the difficulty)."""
        if self.mode == "difficulty" or not self.space.dims(env_id):
            low, high = self.space.difficulty_range(env_id)
            d = float(low + min(max(float(u[0]), 0.0), 1.0) * (high - low))
            return TaskSpec(env_id, difficulty=d, seed=self._seed())
        return self.space.spec_at(env_id, u, seed=self._seed())

    def _point_of(self, spec: TaskSpec) -> np.ndarray:
        """Coordinates of a spec in its env's box (the inverse of :meth:`_spec_at`)."""
        if self.mode == "difficulty" or not self.space.dims(spec.env_id):
            low, high = self.space.difficulty_range(spec.env_id)
            d = self.space.difficulty_of(spec)
            return np.array([(d - low) / (high - low) if high > low else 0.0])
        return self.space.point(spec)

    def _env_choice(self, n: int) -> np.ndarray:
        """``n`` env indices drawn by the space's weights."""
        w = np.asarray(self.space.weights, dtype=float)
        return self.rng.choice(len(w), size=n, p=w / w.sum())

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.space!r}, seed={self.seed})"


def remember(memo: dict, key: Any, value: Any, limit: int = 65_536) -> None:
    """Store ``value`` under ``key``, forgetting the oldest entries beyond ``limit`` (for
    specs whose outcomes a trainer never reports back)."""
    memo[key] = value
    while len(memo) > limit:
        del memo[next(iter(memo))]


# -- JSON encoding of teacher state ----------------------------------------------------------


def _encode(obj: Any) -> Any:
    if isinstance(obj, np.ndarray):
        return {"__ndarray__": obj.tolist(), "dtype": str(obj.dtype), "shape": list(obj.shape)}
    if isinstance(obj, np.generic):
        return obj.item()
    if isinstance(obj, TaskSpec):
        return {"__spec__": obj.to_dict()}
    if isinstance(obj, deque):
        return {"__deque__": [_encode(x) for x in obj], "maxlen": obj.maxlen}
    if isinstance(obj, tuple):
        return {"__tuple__": [_encode(x) for x in obj]}
    if isinstance(obj, list):
        return [_encode(x) for x in obj]
    if isinstance(obj, dict):
        if all(isinstance(k, str) and not k.startswith("__") for k in obj):
            return {k: _encode(v) for k, v in obj.items()}
        return {"__items__": [[_encode(k), _encode(v)] for k, v in obj.items()]}
    return obj


def _like(built: Any, restored: Any) -> Any:
    """``restored`` in the containers the teacher was ``built`` with: where the teacher keeps
    a sliding window as a deque and a state from before that change holds a list, the list
    becomes a deque with the teacher's own ``maxlen``."""
    if isinstance(built, deque) and isinstance(restored, list):
        return deque(restored, maxlen=built.maxlen)
    if isinstance(built, list) and isinstance(restored, list) and len(built) == len(restored):
        return [_like(b, r) for b, r in zip(built, restored)]
    return restored


def _decode(obj: Any) -> Any:
    if isinstance(obj, list):
        return [_decode(x) for x in obj]
    if not isinstance(obj, dict):
        return obj
    if "__ndarray__" in obj:
        arr = np.array(obj["__ndarray__"], dtype=obj["dtype"])
        return arr.reshape(obj["shape"])
    if "__spec__" in obj:
        return TaskSpec.from_dict(obj["__spec__"])
    if "__deque__" in obj:
        return deque((_decode(x) for x in obj["__deque__"]), maxlen=obj["maxlen"])
    if "__tuple__" in obj:
        return tuple(_decode(x) for x in obj["__tuple__"])
    if "__items__" in obj:
        return {_decode(k): _decode(v) for k, v in obj["__items__"]}
    return {k: _decode(v) for k, v in obj.items()}
