"""Langton's ant: where the ant is, and which way it faces, after k steps.

Langton's ant (Langton, "Studying artificial life with cellular automata", Physica D 22,
1986) walks on a grid of white and black cells. At each step, on a white cell it turns 90
degrees right, on a black cell 90 degrees left; then it flips the colour of its cell and
moves one cell forward. The grid here is a torus (leaving one edge enters at the opposite
one), so every walk stays on the board.

The start (some black cells, the ant's cell and heading) is random; it is drawn again when
the ant ends where it started, facing the same way, so the start is never the answer. The
answer is unique: the verifier compares position and heading.

Answer syntax: the ant's final row, column and heading, rows and columns counted from 1 at
the top-left and the heading one of N, E, S, W (north is up): ``row 4, column 2, facing
E``; the words ``row``, ``column`` and ``facing``, brackets and commas are optional
(``4 2 E``, ``(4, 2) east``); where the words are given they say which number is
which (``column 2, row 4, facing E`` is the same answer).

Knobs: ``size`` (the grid is size x size), ``steps`` (k) and ``black`` (the fraction of
cells black at the start: more turns to the left). Difficulty raises all three.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.puzzles.game_search import grid_text
from rlvr_envs.families.shared.answer_parsing import AnswerError, small_int

HEADINGS = "NESW"
NAMES = {"n": 0, "north": 0, "e": 1, "east": 1, "s": 2, "south": 2, "w": 3, "west": 3}
_MOVES = ((-1, 0), (0, 1), (1, 0), (0, -1))  # N E S W as (row, column) steps
_LABELS = re.compile(r"\b(?:row|column|col)\b", re.IGNORECASE)
_WORDS = re.compile(r"\b(?:row|column|col|facing|heading|direction)\b|[()\[\]:]", re.IGNORECASE)


def walk(grid: list[list[int]], row: int, col: int, heading: int, steps: int):
    """The ant's (row, col, heading) after ``steps`` on the torus; ``grid`` is changed."""
    n = len(grid)
    for _ in range(steps):
        heading = (heading + (1 if grid[row][col] == 0 else -1)) % 4
        grid[row][col] ^= 1
        dr, dc = _MOVES[heading]
        row, col = (row + dr) % n, (col + dc) % n
    return row, col, heading


class LangtonsAnt(Family):
    """Follow Langton's ant for k steps."""

    knobs: ClassVar[dict[str, Knob]] = {
        "size": Knob("int", 4, 20, default=7, easy=5, hard=11, doc="grid side"),
        "steps": Knob("int", 1, 300, default=20, easy=8, hard=60, doc="steps the ant takes"),
        "black": Knob(
            "float", 0.0, 0.5, default=0.1, easy=0.0, hard=0.3, doc="fraction of black cells"
        ),
    }
    answer_syntax = (
        "the ant's final position and heading as row, column and N/E/S/W "
        "(e.g. row 4, column 2, facing E)"
    )
    answer_form = "row column heading"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, steps, black = int(knobs["size"]), int(knobs["steps"]), float(knobs["black"])
        while True:
            grid = [[1 if rng.random() < black else 0 for _ in range(n)] for _ in range(n)]
            start = (rng.randrange(n), rng.randrange(n), rng.randrange(4))
            text = grid_text(grid)
            end = walk([row[:] for row in grid], *start, steps)
            if end != start:
                break
        r, c, h = start
        question = (
            "Langton's ant walks on a grid of white (.) and black (#) cells. At each step, on "
            "a white cell it turns 90 degrees right, on a black cell 90 degrees left; then it "
            "flips the colour of the cell it is on and moves one cell forward. The grid wraps "
            "around at the edges (leaving one edge enters at the opposite one). Rows and "
            "columns are counted from 1 at the top-left; north is up.\n\n"
            f"{text}\n\nThe ant starts on row {r + 1}, column {c + 1}, facing "
            f"{['north', 'east', 'south', 'west'][h]}. Where is it, and which way does it "
            f"face, after {steps} steps?"
        )
        meta = {
            "size": n,
            "steps": steps,
            "grid": text.split("\n"),
            "start": [r, c, h],
            "end": list(end),
        }
        answer = f"row {end[0] + 1}, column {end[1] + 1}, facing {HEADINGS[end[2]]}"
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        if len(answer) > 100:
            return Judgement.unparsable("far longer than a position and a heading")
        parts = [p for p in re.split(r"[\s,;]+", _WORDS.sub(" ", answer)) if p]
        if len(parts) != 3 or parts[2].lower() not in NAMES:
            return Judgement.unparsable("expected a row, a column and a heading (N, E, S, W)")
        try:
            row, col = small_int(parts[0]), small_int(parts[1])
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        labels = _LABELS.findall(answer)
        if labels and labels[0].lower().startswith("col"):
            if len(labels) < 2 or not labels[1].lower().startswith("row"):
                return Judgement.unparsable("name both the row and the column, or neither")
            row, col = col, row  # "column 2, row 4": the labels say which number is which
        n = meta["size"]
        if not (1 <= row <= n and 1 <= col <= n):
            return Judgement.wrong(why=f"({row}, {col}) is off the {n}x{n} grid")
        end = meta["end"]
        got = [row - 1, col - 1, NAMES[parts[2].lower()]]
        if got == end:
            return Judgement.right()
        if got[:2] == end[:2]:
            return Judgement.wrong(why="the position is right but the heading is not")
        return Judgement.wrong(why="the ant is not there")

    def complexity(self, problem: Problem) -> float:
        """Steps to follow plus the black cells that change the turns."""
        meta = problem.meta
        blacks = sum(row.count("#") for row in meta["grid"])
        return meta["steps"] + blacks
