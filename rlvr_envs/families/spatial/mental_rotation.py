"""MentalRotation: which of the candidate shapes are the given shape turned, not flipped?

A shape of grid cells is drawn, and below it several candidates, each the shape turned by a
quarter, a half or three quarters of a turn (or not at all), or its mirror image turned. The
shape is chiral (its mirror image is none of its turns), so every candidate is exactly one
of the two kinds. At least one candidate of each kind is shown, so with ``k`` candidates a
constant answer is right at most once in ``2^k - 2``.

Answer syntax: the letters of the candidates that are turns of the shape, in any order,
separated by commas (``A, C``).

Knobs: ``cells`` (cells of the shape, 4 -> 10) and ``candidates`` (4 -> 8). Difficulty
raises both.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.spatial.shapes import grow, mirror, render, rotations

LETTERS = "ABCDEFGHIJ"
_ITEM = re.compile(r"[A-J]")
_SEPARATOR = re.compile(r"\s*[,;]\s*|\s+")


class MentalRotation(Family):
    """The candidates that are rotations (not reflections) of a drawn shape."""

    knobs: ClassVar[dict[str, Knob]] = {
        "cells": Knob("int", 4, 14, default=6, easy=4, hard=10, doc="cells of the shape"),
        "candidates": Knob("int", 3, 10, default=5, easy=4, hard=8, doc="candidates shown"),
    }
    answer_syntax = (
        "the letters of the candidates that are turns of the shape, separated by commas (e.g. A, C)"
    )
    answer_form = "letters separated by commas"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        size, k = int(knobs["cells"]), int(knobs["candidates"])
        while True:
            shape = grow(rng, size)
            turns = rotations(shape)
            if mirror(shape) not in turns:
                break
        flipped = rotations(mirror(shape))
        kinds = [True, False] + [rng.random() < 0.5 for _ in range(k - 2)]
        rng.shuffle(kinds)
        drawings = [render(rng.choice(turns if kind else flipped)) for kind in kinds]
        blocks = "\n\n".join(f"{LETTERS[i]}:\n{d}" for i, d in enumerate(drawings))
        question = (
            f"Shape (# marks its cells):\n{render(shape)}\n\n"
            f"Candidates:\n\n{blocks}\n\n"
            "Which candidates are the shape turned in the plane (by any multiple of a quarter "
            "turn, or not at all), without flipping it over? The others are its mirror image, "
            "turned."
        )
        answer = ", ".join(LETTERS[i] for i, kind in enumerate(kinds) if kind)
        meta = {"shape": [list(c) for c in shape], "drawings": drawings, "turned": kinds}
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        parts = [p for p in _SEPARATOR.split(answer.strip().upper()) if p]
        if not parts or not all(_ITEM.fullmatch(p) for p in parts):
            return Judgement.unparsable("expected candidate letters separated by commas")
        if len(set(parts)) != len(parts):
            return Judgement.unparsable("a letter is given twice")
        kinds = problem.meta["turned"]
        right = {LETTERS[i] for i, kind in enumerate(kinds) if kind}
        if any(LETTERS.index(p) >= len(kinds) for p in parts):
            return Judgement.wrong(why="a letter names no candidate")
        return Judgement.right() if set(parts) == right else Judgement.wrong()

    def complexity(self, problem: Problem) -> float:
        """Candidates times cells of the shape."""
        return len(problem.meta["turned"]) * len(problem.meta["shape"])
