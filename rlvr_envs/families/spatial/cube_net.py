"""CubeNet: fold a net of six lettered squares into a cube; which faces end up opposite?

The 11 nets of the cube are found once by folding every hexomino: rolling a cube from
square to square across the shape, each square lands on one face, and the shape is a net
when the six squares land on six different faces. A net is drawn (turned or flipped at
random with ``turned``) with six different letters on its squares, and the answer is the
three pairs of opposite faces. With the letters placed at random, a constant answer is right
about once in 15 (the ways to pair six letters).

Answer syntax: three pairs of letters, the pairs separated by commas, in any order
(``A-F, B-D, C-E``; a pair may also be written ``AF`` or ``A F``).

Knobs: ``net`` (which net, 0 -> 10, in order of the mean number of squares between opposite
faces on the net) and ``turned`` (the net drawn turned or flipped). Difficulty raises both.
"""

from __future__ import annotations

import random
import re
from functools import cache
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.spatial.cubes import FACES, turn
from rlvr_envs.families.spatial.shapes import Cells, normal, symmetries

_OPPOSITE = {"top": "bottom", "bottom": "top", "front": "back", "back": "front"}
_OPPOSITE |= {"left": "right", "right": "left"}
_ROLL = {(0, 1): "east", (0, -1): "west", (1, 0): "south", (-1, 0): "north"}
_PAIR = re.compile(r"([A-Z])\s*(?:-|–|/|&|\s)?\s*([A-Z])")


def fold(cells: Cells) -> dict[tuple[int, int], str] | None:
    """The cube face each square lands on (rolling from the first square, which lands on
    the bottom), or None when two squares land on one face."""
    faces = {f: f for f in FACES}  # faces[position] = the face now at that position
    landed: dict[tuple[int, int], str] = {cells[0]: "bottom"}
    stack = [(cells[0], faces)]
    shape = set(cells)
    while stack:
        (r, c), here = stack.pop()
        for (dr, dc), move in _ROLL.items():
            square = (r + dr, c + dc)
            if square in shape and square not in landed:
                rolled = turn(here, move)
                landed[square] = rolled["bottom"]
                stack.append((square, rolled))
    return landed if len(set(landed.values())) == 6 else None


def _distance(cells: Cells, a: tuple[int, int], b: tuple[int, int]) -> int:
    shape, seen, frontier, steps = set(cells), {a}, [a], 0
    while b not in seen:
        steps += 1
        frontier = [
            (r + dr, c + dc)
            for r, c in frontier
            for dr, dc in _ROLL
            if (r + dr, c + dc) in shape and (r + dr, c + dc) not in seen
        ]
        seen.update(frontier)
    return steps


def spread(cells: Cells) -> float:
    """Mean path length on the net between the squares of opposite faces."""
    landed = fold(cells)
    assert landed is not None
    square = {face: sq for sq, face in landed.items()}
    return sum(_distance(cells, square[f], square[_OPPOSITE[f]]) for f in FACES) / 6


@cache
def nets() -> tuple[Cells, ...]:
    """The 11 nets of the cube, one drawing each, easiest (smallest spread) first."""
    shapes: set[Cells] = {((0, 0),)}
    for _ in range(5):
        shapes = {
            normal((*s, (r + dr, c + dc)))
            for s in shapes
            for r, c in s
            for dr, dc in _ROLL
            if (r + dr, c + dc) not in s
        }
    unique = {min(symmetries(s)) for s in shapes}
    found = [s for s in unique if fold(s) is not None]
    return tuple(sorted(found, key=lambda s: (spread(s), s)))


class CubeNet(Family):
    """The opposite faces of a cube folded from a lettered net."""

    knobs: ClassVar[dict[str, Knob]] = {
        "net": Knob("int", 0, 10, default=5, easy=0, hard=10, doc="net, by spread"),
        "turned": Knob("bool", default=False, doc="the net drawn turned or flipped"),
    }
    answer_syntax = "the three pairs of opposite faces, separated by commas (e.g. A-F, B-D, C-E)"
    answer_form = "three letter pairs"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        cells = nets()[int(knobs["net"])]
        if knobs["turned"]:
            cells = rng.choice(sorted(symmetries(cells) - {cells}))
        letters = rng.sample("ABCDEFGHKMNPRSTUVWXZ", 6)
        label = dict(zip(cells, letters))
        landed = fold(cells)
        assert landed is not None
        by_face = {face: label[sq] for sq, face in landed.items()}
        pairs = sorted(
            "".join(sorted((by_face[f], by_face[_OPPOSITE[f]]))) for f in ("top", "front", "left")
        )
        rows = 1 + max(r for r, _ in cells)
        cols = 1 + max(c for _, c in cells)
        drawing = "\n".join(
            " ".join(label.get((r, c), ".") for c in range(cols)) for r in range(rows)
        )
        question = (
            "The net below (. is empty) is cut out and folded along the edges between its "
            f"squares into a cube, letters outside:\n\n{drawing}\n\n"
            "Which letters end up on opposite faces of the cube? Give the three pairs."
        )
        answer = ", ".join(f"{p[0]}-{p[1]}" for p in pairs)
        return Draft(question, answer, {"cells": [list(c) for c in cells], "pairs": pairs})

    def check(self, problem: Problem, answer: str) -> Judgement:
        parts = [p.strip() for p in answer.strip().upper().split(",")]
        matches = [_PAIR.fullmatch(p) for p in parts]
        if len(parts) != 3 or not all(matches):
            return Judgement.unparsable("expected three letter pairs separated by commas")
        given = sorted("".join(sorted(m.groups())) for m in matches)
        return Judgement.right() if given == problem.meta["pairs"] else Judgement.wrong()

    def complexity(self, problem: Problem) -> float:
        """Mean path length on the net between opposite faces."""
        return spread(normal(tuple(map(tuple, problem.meta["cells"]))))
