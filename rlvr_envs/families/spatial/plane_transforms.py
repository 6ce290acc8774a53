"""PlaneTransforms: move a point through translations, rotations and reflections.

A point with integer coordinates goes through a list of transformations: translations by a
vector, quarter, half and three-quarter turns (clockwise or anticlockwise) about the origin
or another point, and reflections in the lines x = a, y = b, y = x and y = -x. The answer is
its final position. The instance is redrawn until the final point is written nowhere in the
prompt.

Answer syntax: the coordinates ``(x, y)`` (parentheses optional).

Knobs: ``steps`` (transformations, 1 -> 8) and ``kinds`` (1: translations and turns about
the origin, 2: also turns about other points, 3: also reflections). Difficulty raises both.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.numbers import normalise

_ANSWER = re.compile(r"\(?\s*([-+]?\d+)\s*,\s*([-+]?\d+)\s*\)?")
_TURNS = {1: "a quarter turn", 2: "a half turn", 3: "three quarters of a turn"}


def _turn(x: int, y: int, cx: int, cy: int, quarters: int) -> tuple[int, int]:
    """(x, y) turned about (cx, cy) by quarter turns anticlockwise."""
    dx, dy = x - cx, y - cy
    for _ in range(quarters % 4):
        dx, dy = -dy, dx
    return cx + dx, cy + dy


class PlaneTransforms(Family):
    """The image of a point under a sequence of plane transformations."""

    knobs: ClassVar[dict[str, Knob]] = {
        "steps": Knob("int", 1, 16, default=3, easy=1, hard=8, doc="transformations"),
        "kinds": Knob("int", 1, 3, default=2, easy=1, hard=3, doc="kinds of transformation"),
    }
    answer_syntax = "the final coordinates as (x, y)"
    answer_form = "point (x, y)"
    answer_label_patterns = (r"Where does (P) end up",)

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, kinds = int(knobs["steps"]), int(knobs["kinds"])
        options = ["translate", "turn"] + ["turn about"] * (kinds >= 2) + ["reflect"] * (kinds >= 3)
        while True:
            x, y = rng.randint(-6, 6), rng.randint(-6, 6)
            start, lines = (x, y), []
            for _ in range(n):
                kind = rng.choice(options)
                if kind == "translate":
                    a, b = rng.randint(-5, 5), rng.randint(-5, 5)
                    x, y = x + a, y + b
                    lines.append(f"Translate by the vector ({a}, {b}).")
                elif kind in ("turn", "turn about"):
                    cx, cy = (0, 0) if kind == "turn" else (rng.randint(-4, 4), rng.randint(-4, 4))
                    quarters = rng.randint(1, 3)
                    clockwise = rng.random() < 0.5
                    x, y = _turn(x, y, cx, cy, -quarters if clockwise else quarters)
                    sense = "clockwise" if clockwise else "anticlockwise"
                    centre = "the origin" if kind == "turn" else f"the point ({cx}, {cy})"
                    lines.append(f"Rotate {_TURNS[quarters]} {sense} about {centre}.")
                else:
                    line = rng.choice(["x", "y", "y=x", "y=-x"])
                    if line == "x":
                        a = rng.randint(-4, 4)
                        x = 2 * a - x
                        lines.append(f"Reflect in the line x = {a}.")
                    elif line == "y":
                        b = rng.randint(-4, 4)
                        y = 2 * b - y
                        lines.append(f"Reflect in the line y = {b}.")
                    elif line == "y=x":
                        x, y = y, x
                        lines.append("Reflect in the line y = x.")
                    else:
                        x, y = -y, -x
                        lines.append("Reflect in the line y = -x.")
            steps = "\n".join(f"{i}. {line}" for i, line in enumerate(lines, 1))
            question = (
                f"The point P starts at {start}, in the usual x-y plane (x to the right, y up). "
                f"It goes through these transformations in order:\n{steps}\n\n"
                "Where does P end up? Give its coordinates (x, y)."
            )
            if f"{x}, {y}" not in question and f"{x},{y}" not in question:
                break
        return Draft(question, f"({x}, {y})", {"start": list(start), "end": [x, y], "lines": lines})

    def check(self, problem: Problem, answer: str) -> Judgement:
        match = _ANSWER.fullmatch(normalise(answer).strip())
        if not match:
            return Judgement.unparsable("expected coordinates (x, y)")
        point = [int(match.group(1)), int(match.group(2))]
        return Judgement.right() if point == problem.meta["end"] else Judgement.wrong()

    def complexity(self, problem: Problem) -> float:
        """Transformations, turns and reflections about other points counting double."""
        return sum(1 + ("point (" in line or "Reflect" in line) for line in problem.meta["lines"])
