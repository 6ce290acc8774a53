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
        self._set_mode(mode)

    def sample(self, n: int) -> list[TaskSpec]:
        return self._uniform_specs(n)
