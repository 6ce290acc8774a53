"""Helpers the spatial families' tests share."""

from __future__ import annotations

import rlvr_envs
from rlvr_envs.registry import format_answer


def _gen(env_id: str, seed: int, difficulty: float | None = None, **knobs):
    task = rlvr_envs.make_task(env_id)
    return task.generate(seed=seed, difficulty=difficulty, knobs=knobs or None)


def _score(problem, answer: str) -> float:
    return rlvr_envs.verify(problem, format_answer(answer, problem.answer_format)).reward


# Faces as outward normals (x east, y north, z up), for simulations independent of the
# families' face cycles: a turn is a rotation matrix applied to the normals.
NORMALS = {
    "top": (0, 0, 1),
    "bottom": (0, 0, -1),
    "front": (0, -1, 0),
    "back": (0, 1, 0),
    "left": (-1, 0, 0),
    "right": (1, 0, 0),
}


def rotate(vector, axis, quarter_turns):
    """``vector`` turned about ``axis`` ('x', 'y' or 'z') by quarter turns counterclockwise
    as seen from the positive end of the axis (the right-hand rule)."""
    x, y, z = vector
    for _ in range(quarter_turns % 4):
        if axis == "x":
            y, z = -z, y
        elif axis == "y":
            z, x = -x, z
        else:
            x, y = -y, x
    return x, y, z


def turn_labels(labels, axis, quarter_turns):
    """Face labels after turning the cube: the label on normal n moves to R n."""
    by_normal = {NORMALS[f]: v for f, v in labels.items()}
    moved = {rotate(n, axis, quarter_turns): v for n, v in by_normal.items()}
    return {f: moved[n] for f, n in NORMALS.items()}
