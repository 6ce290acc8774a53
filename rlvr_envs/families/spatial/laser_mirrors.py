"""LaserMirrors: trace a laser beam through a grid of two-sided mirrors.

A grid holds mirrors ``/`` and ``\\`` (reflective on both sides) and empty squares ``.``. A
beam enters from a stated square of the edge, heading into the grid, and turns a quarter at
each mirror (``/`` sends a beam heading east north, ``\\`` sends it south). A beam that
enters from the edge always leaves again (the path is reversible, so it cannot loop). The
answer is where it leaves, the side and the row or column, and how many mirrors it hit; the
instance is redrawn until it hits at least one.

Answer syntax: the side it leaves by (top, bottom, left or right), the row (for left and
right) or column (for top and bottom) counted from 1, and the number of mirrors hit:
``right 3, 4``.

Knobs: ``size`` (squares per side, 4 -> 10) and ``mirrors`` (share of squares holding a
mirror, 0.15 -> 0.35). Difficulty raises both.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.numbers import normalise

_ANSWER = re.compile(
    r"(top|bottom|left|right)\s*(?:side\s*)?(?:,\s*)?(?:row|column|col)?\s*(\d+)\s*[,;]\s*"
    r"(\d+)(?:\s*mirrors?)?",
    re.I,
)
_TURN = {
    "/": {(0, 1): (-1, 0), (-1, 0): (0, 1), (0, -1): (1, 0), (1, 0): (0, -1)},
    "\\": {(0, 1): (1, 0), (1, 0): (0, 1), (0, -1): (-1, 0), (-1, 0): (0, -1)},
}
_ENTRY = {"left": (0, 1), "right": (0, -1), "top": (1, 0), "bottom": (-1, 0)}


def trace(grid: list[str], side: str, index: int) -> tuple[str, int, int]:
    """Where a beam entering at ``side`` square ``index`` (0-based) leaves: side, 0-based
    index, mirrors hit."""
    n_rows, n_cols = len(grid), len(grid[0])
    dr, dc = _ENTRY[side]
    r = {"left": index, "right": index, "top": -1, "bottom": n_rows}[side]
    c = {"top": index, "bottom": index, "left": -1, "right": n_cols}[side]
    hits = 0
    while True:
        r, c = r + dr, c + dc
        if r < 0:
            return "top", c, hits
        if r >= n_rows:
            return "bottom", c, hits
        if c < 0:
            return "left", r, hits
        if c >= n_cols:
            return "right", r, hits
        mirror = grid[r][c]
        if mirror in _TURN:
            dr, dc = _TURN[mirror][(dr, dc)]
            hits += 1


class LaserMirrors(Family):
    """Where a laser leaves a grid of mirrors and how many it hits."""

    knobs: ClassVar[dict[str, Knob]] = {
        "size": Knob("int", 3, 14, default=6, easy=4, hard=10, doc="squares per side"),
        "mirrors": Knob("float", 0.05, 0.5, default=0.25, easy=0.15, hard=0.35, doc="mirror share"),
    }
    answer_syntax = (
        "the side it leaves by, the row or column there (from 1) and the number of mirrors "
        "hit (e.g. right 3, 4)"
    )
    answer_form = "side, index and count"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, share = int(knobs["size"]), float(knobs["mirrors"])
        while True:
            grid = [
                "".join(rng.choice("/\\") if rng.random() < share else "." for _ in range(n))
                for _ in range(n)
            ]
            side, index = rng.choice(sorted(_ENTRY)), rng.randrange(n)
            out_side, out_index, hits = trace(grid, side, index)
            if hits:
                break
        where = {"left": "row", "right": "row", "top": "column", "bottom": "column"}
        heading = {"left": "east", "right": "west", "top": "south", "bottom": "north"}[side]
        question = (
            "A grid of squares holds two-sided mirrors (/ and \\) and empty squares (.). Rows "
            "are numbered from 1 at the top, columns from 1 at the left.\n\n"
            + "\n".join(grid)
            + f"\n\nA laser beam enters the grid from the {side} edge at {where[side]} "
            f"{index + 1}, heading {heading}. Each mirror turns the beam a quarter turn (/ turns "
            "a beam heading east to north, \\ turns a beam heading east to south, and so on). "
            "By which side and at which row or column does the beam leave the grid, and how "
            "many mirrors does it hit?"
        )
        meta = {"grid": grid, "side": side, "index": index, "exit": [out_side, out_index, hits]}
        return Draft(question, f"{out_side} {out_index + 1}, {hits}", meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        match = _ANSWER.fullmatch(normalise(answer).strip())
        if not match:
            return Judgement.unparsable("expected 'side index, mirrors' (e.g. right 3, 4)")
        side, index, hits = match.group(1).lower(), int(match.group(2)), int(match.group(3))
        out_side, out_index, out_hits = problem.meta["exit"]
        if [side, index - 1, hits] == [out_side, out_index, out_hits]:
            return Judgement.right()
        return Judgement.wrong(score=0.5 * ((side, index - 1) == (out_side, out_index)))

    def complexity(self, problem: Problem) -> float:
        """Mirrors hit plus squares of the grid over ten."""
        meta = problem.meta
        return meta["exit"][2] + len(meta["grid"]) ** 2 / 10
