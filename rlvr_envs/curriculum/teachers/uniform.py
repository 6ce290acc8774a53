"""The uniform baseline: every spec drawn uniformly from the whole task space."""

from __future__ import annotations

from rlvr_envs.curriculum.space import TaskSpace, TaskSpec
from rlvr_envs.curriculum.teachers.base import Teacher, register_teacher


@register_teacher
class Uniform(Teacher):
    """Uniform: every spec drawn uniformly from the whole task space (the baseline).

    Rule: an env by the space's weights, then a difficulty uniform in the env's range
    (``mode="difficulty"``) or a point uniform in the env's knob box (``mode="knobs"``), and
    a fresh training seed. Source: the "Random" baseline of every ACL benchmark, e.g.
    Romac et al., "TeachMyAgent: a Benchmark for Automatic Curriculum Learning in Deep RL",
    ICML 2021.
    """

    name = "uniform"

    def __init__(self, space: TaskSpace, seed: int = 0, *, mode: str = "difficulty") -> None:
        super().__init__(space, seed)
        if mode not in ("difficulty", "knobs"):
            raise ValueError(f"mode must be 'difficulty' or 'knobs', got {mode!r}")
        self.mode = mode

    def sample(self, n: int) -> list[TaskSpec]:
        specs = []
        for e in self._env_choice(n):
            env_id = self.space.env_ids[e]
            if self.mode == "knobs":
                u = self.rng.random(len(self.space.dims(env_id)))
                specs.append(self.space.spec_at(env_id, u, seed=self._seed()))
            else:
                low, high = self.space.difficulty_range(env_id)
                d = float(low + self.rng.random() * (high - low))
                specs.append(TaskSpec(env_id, difficulty=d, seed=self._seed()))
        return specs
