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

import inspect
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
    """The teacher called ``name`` over ``space``; every name works with default options.

    An option the teacher does not take is a ValueError naming the options it does take
    (and, for ``cards``, the teachers that start from difficulty cards).
    """
    try:
        cls = TEACHERS[name]
    except KeyError:
        known = ", ".join(sorted(TEACHERS))
        raise ValueError(f"unknown teacher {name!r}; known: {known}") from None
    accepted = _options_of(cls)
    unknown = sorted(set(options) - accepted) if accepted is not None else []
    if unknown:
        hint = ""
        if "cards" in unknown:
            takers = [t for t, c in TEACHERS.items() if "cards" in (_options_of(c) or ())]
            hint = f"; the teachers that start from difficulty cards: {', '.join(takers)}"
        raise ValueError(
            f"teacher {name!r} has no option {', '.join(map(repr, unknown))}; its options: "
            f"{', '.join(sorted(accepted)) or 'none'}{hint}"
        )
    return cls(space, seed=seed, **options)


def _options_of(cls: type[Teacher]) -> set[str] | None:
    """The keyword options of a teacher's constructor (None if it takes ``**kwargs``)."""
    params = inspect.signature(cls.__init__).parameters.values()
    if any(p.kind is p.VAR_KEYWORD for p in params):
        return None
    return {p.name for p in params if p.kind is p.KEYWORD_ONLY}
