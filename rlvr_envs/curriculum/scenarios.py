"""Benchmark scenarios: ground truths for simulated students, after TeachMyAgent's challenges.

A scenario turns any :class:`TaskSpace` (by default the ``math-v0`` suite's 13 envs and their
real knobs) into a simulated student with a known ground truth, drawn from the run's seed.
The six scenarios follow the challenges of Romac et al., "TeachMyAgent: a Benchmark for
Automatic Curriculum Learning in Deep RL" (ICML 2021):

========== ============================================== ================================
scenario   what the ground truth looks like               TeachMyAgent challenge
========== ============================================== ================================
mixed      envs of very different difficulty, some        varied task spaces, learner
           composed of others (prerequisites)             profiles
infeasible most envs cannot be learned at all, the rest   mostly unfeasible task space
           only at their easy end
trivial    most of every env is solved before training    mostly trivial task space
irrelevant one knob per env matters, the others are noise  irrelevant dimensions
forgetful  skills decay toward their start unless          forgetting students
           practised
rugged     difficulty is not monotone in the knobs, and    rugged difficulty landscape
           problems of one spec differ widely
========== ============================================== ================================
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from rlvr_envs.core import EVAL_SEEDS, stable_seed
from rlvr_envs.curriculum.space import TaskSpace, TaskSpec
from rlvr_envs.curriculum.students import SimulatedStudent, Skill, StudentConfig, configure

DEFAULT_SUITE = "math-v0"


@dataclass(frozen=True)
class Scenario:
    """A named way to draw a student's ground truth over a task space."""

    name: str
    challenge: str
    description: str
    draw: Callable[[TaskSpace, np.random.Generator], list[Skill]]
    student: dict[str, float]

    def skills(self, space: TaskSpace, seed: int) -> list[Skill]:
        """The ground truth for ``seed`` (the same for every teacher: runs are paired)."""
        rng = np.random.default_rng(stable_seed("scenario", self.name, seed))
        return self.draw(space, rng)

    def make_student(
        self, space: TaskSpace, seed: int, config: StudentConfig | None = None
    ) -> SimulatedStudent:
        """A fresh simulated student for run ``seed``."""
        config = configure(config or StudentConfig(), **self.student)
        student_seed = stable_seed("student", self.name, seed) % 2**63
        return SimulatedStudent(space, self.skills(space, seed), student_seed, config)


def held_out_specs(space: TaskSpace, per_env: int = 24) -> list[TaskSpec]:
    """The held-out test set: ``per_env`` difficulties evenly spaced over each env's range,
    with seeds from ``EVAL_SEEDS`` (as a suite's frozen evaluation set is built)."""
    specs = []
    for env_id in space.env_ids:
        low, high = space.difficulty_range(env_id)
        for i in range(per_env):
            t = i / (per_env - 1) if per_env > 1 else 0.5
            specs.append(
                TaskSpec(env_id, difficulty=low + t * (high - low), seed=EVAL_SEEDS.start + i)
            )
    return specs


# -- ground truths ---------------------------------------------------------------------------


def _even_weights(space: TaskSpace, env_id: str) -> tuple[float, ...]:
    dims = space.dims(env_id)
    relevant = [1.0 if d.ordered else 0.0 for d in dims]
    total = sum(relevant) or 1.0
    return tuple(w / total for w in relevant)


def _one_relevant(space: TaskSpace, env_id: str, rng: np.random.Generator) -> tuple[float, ...]:
    dims = space.dims(env_id)
    ordered = [i for i, d in enumerate(dims) if d.ordered] or list(range(len(dims)))
    keep = ordered[int(rng.integers(len(ordered)))] if ordered else None
    return tuple(1.0 if i == keep else 0.0 for i in range(len(dims)))


def _mixed(space: TaskSpace, rng: np.random.Generator, *, parts: bool = True) -> list[Skill]:
    n = len(space)
    offsets = rng.uniform(-0.4, 0.5, n)
    spans = rng.uniform(0.6, 1.3, n)
    composite = set()
    if parts and n >= 4:
        composite = set(rng.choice(n, size=max(1, round(0.3 * n)), replace=False).tolist())
    bases = [e for e in range(n) if e not in composite]
    skills = []
    for e, env_id in enumerate(space.env_ids):
        needs: tuple[int, ...] = ()
        offset = float(offsets[e])
        if e in composite:
            k = min(len(bases), int(rng.integers(1, 3)))
            needs = tuple(sorted(int(b) for b in rng.choice(bases, size=k, replace=False)))
            offset = float(rng.uniform(-0.3, 0.2))  # the composite's own step is moderate
        skills.append(Skill(_even_weights(space, env_id), offset, float(spans[e]), 0.1, 1.1, needs))
    return skills


def _infeasible(space: TaskSpace, rng: np.random.Generator) -> list[Skill]:
    n = len(space)
    feasible = set(rng.choice(n, size=max(1, round(0.35 * n)), replace=False).tolist())
    skills = []
    for e, env_id in enumerate(space.env_ids):
        weights = _even_weights(space, env_id)
        if e in feasible:
            offset = float(rng.uniform(0.05, 0.15))
            learnable = float(rng.uniform(0.25, 0.45))  # fraction of the env that can be learned
            skills.append(Skill(weights, offset, 1.0, 0.1, offset + learnable))
        else:
            skills.append(Skill(weights, float(rng.uniform(0.2, 0.5)), 1.0, 0.1, -1.0))
    return skills


def _trivial(space: TaskSpace, rng: np.random.Generator) -> list[Skill]:
    skills = []
    for env_id in space.env_ids:
        offset = float(rng.uniform(-0.9, -0.6))
        skills.append(Skill(_even_weights(space, env_id), offset, 1.0, 0.1, 1.1))
    return skills


def _irrelevant(space: TaskSpace, rng: np.random.Generator) -> list[Skill]:
    skills = _mixed(space, rng, parts=False)
    return [
        Skill(_one_relevant(space, env_id, rng), s.offset, s.span, s.reach, s.ceiling)
        for env_id, s in zip(space.env_ids, skills)
    ]


def _rugged(space: TaskSpace, rng: np.random.Generator) -> list[Skill]:
    skills = _mixed(space, rng, parts=False)
    return [
        Skill(
            s.weights,
            s.offset,
            s.span,
            s.reach,
            s.ceiling,
            rugged=float(rng.uniform(0.15, 0.3)),
            freq=float(rng.uniform(1.5, 3.0)),
            phase=float(rng.uniform()),
        )
        for s in skills
    ]


SCENARIOS: dict[str, Scenario] = {
    s.name: s
    for s in (
        Scenario(
            "mixed",
            "varied task spaces and learners",
            "13 envs whose true difficulty ranges differ widely; about a third are composed "
            "of one or two others and succeed only where their parts do",
            _mixed,
            {},
        ),
        Scenario(
            "infeasible",
            "mostly unfeasible task space",
            "about two thirds of the envs can never be learned; the rest only over the easiest "
            "25-45% of their range (about 12% of the space is learnable)",
            _infeasible,
            {},
        ),
        Scenario(
            "trivial",
            "mostly trivial task space",
            "every env is solved over its easiest 60-85% before training starts",
            _trivial,
            {},
        ),
        Scenario(
            "irrelevant",
            "irrelevant dimensions",
            "as mixed (no prerequisites), but one knob per env decides its difficulty and the "
            "others do not matter",
            _irrelevant,
            {},
        ),
        Scenario(
            "forgetful",
            "forgetting students",
            "as mixed (no prerequisites), with skills decaying toward their start "
            "(half-life about 7,000 student-steps) and narrower transfer",
            lambda space, rng: _mixed(space, rng, parts=False),
            {"forgetting": 1e-4, "kernel_down": 0.08},
        ),
        Scenario(
            "rugged",
            "rugged difficulty landscape",
            "as mixed (no prerequisites), with true difficulty oscillating along each env's "
            "range and twice the problem-to-problem variation",
            _rugged,
            {"problem_noise": 1.0},
        ),
    )
}


def get_scenario(name: str) -> Scenario:
    try:
        return SCENARIOS[name]
    except KeyError:
        raise ValueError(f"unknown scenario {name!r}; known: {', '.join(SCENARIOS)}") from None


def scenario_names(names: Sequence[str] | None = None) -> list[str]:
    """Validated scenario names (all of them by default)."""
    if not names:
        return list(SCENARIOS)
    for name in names:
        get_scenario(name)
    return list(names)
