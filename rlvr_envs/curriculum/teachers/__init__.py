"""Every teacher behind the one interface; importing this package registers them all.

``base`` holds the interface (:class:`Teacher`), the registry ``TEACHERS`` and the JSON codec
of teacher state. The teachers sit in modules by what they control: ``uniform`` (the
baseline), ``schedules`` (a difficulty per env: fixed schedule, RLVE's threshold ladder, ADR's
bounds), ``bandits`` (arms: SEC, DUMP, learning progress, MoPPS), ``problems`` (single
problems with seeds: balanced filtering, VCRL, PLR) and ``regions`` (the continuous knob box:
ALP-GMM, RIAC). Teacher modules import ``base``, never this package, so nothing here is
imported in a cycle.
"""

from __future__ import annotations

from typing import Any

from rlvr_envs.curriculum.space import TaskSpace
from rlvr_envs.curriculum.teachers.base import TEACHERS, Teacher, register_teacher

# isort: split
# The baseline registers first: TEACHERS lists teachers in the order they register.
from rlvr_envs.curriculum.teachers import uniform

# isort: split
from rlvr_envs.curriculum.teachers import bandits, problems, regions, schedules

__all__ = [
    "TEACHERS",
    "Teacher",
    "bandits",
    "make_teacher",
    "problems",
    "regions",
    "register_teacher",
    "schedules",
    "uniform",
]


def make_teacher(name: str, space: TaskSpace, seed: int = 0, **options: Any) -> Teacher:
    """The teacher called ``name`` over ``space``; every name works with default options."""
    try:
        cls = TEACHERS[name]
    except KeyError:
        known = ", ".join(sorted(TEACHERS))
        raise ValueError(f"unknown teacher {name!r}; known: {known}") from None
    return cls(space, seed=seed, **options)
