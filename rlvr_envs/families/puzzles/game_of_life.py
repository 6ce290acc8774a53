"""Game of Life: the grid after k generations.

Conway's Game of Life (Gardner, Scientific American, October 1970): every cell of a grid
is alive or dead; in each generation a live cell with two or three live neighbours (of
its eight) stays alive, a dead cell with exactly three comes alive, and every other cell
is dead in the next generation (rule B3/S23). The grid is ``bounded`` (cells beyond the
edge are always dead) or ``toroidal`` (the edges wrap around).

The start is random (each cell alive with probability 0.35); a start is drawn again when
the grid after k generations is empty or equals the start (a still life or an oscillator
whose period divides k), so neither a blank grid nor a copy of the start is ever right.
The answer is unique: the verifier compares the grid cell by cell.

Answer syntax: the grid after k generations as rows of ``#`` (alive) and ``.`` (dead),
one row per line, top row first (``1`` and ``0`` are read as ``#`` and ``.``; spaces in a
row are ignored).

Knobs: ``size`` (the grid is size x size), ``steps`` (k) and ``boundary`` (bounded, then
toroidal). Difficulty raises all three.
"""

from __future__ import annotations

import random
from typing import ClassVar

import numpy as np

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.puzzles.game_search import AnswerError, grid_text, parse_cells_grid


def life_step(grid: np.ndarray, toroidal: bool) -> np.ndarray:
    """One generation of B3/S23."""
    if toroidal:
        count = sum(
            np.roll(np.roll(grid, dr, 0), dc, 1)
            for dr in (-1, 0, 1)
            for dc in (-1, 0, 1)
            if dr or dc
        )
    else:
        rows, cols = grid.shape
        padded = np.pad(grid, 1)
        count = sum(
            padded[1 + dr : 1 + dr + rows, 1 + dc : 1 + dc + cols]
            for dr in (-1, 0, 1)
            for dc in (-1, 0, 1)
            if dr or dc
        )
    return ((count == 3) | ((grid == 1) & (count == 2))).astype(np.int8)


class GameOfLife(Family):
    """Run Conway's Game of Life for k generations."""

    knobs: ClassVar[dict[str, Knob]] = {
        "size": Knob("int", 4, 16, default=8, easy=5, hard=12, doc="grid side"),
        "steps": Knob("int", 1, 10, default=2, easy=1, hard=5, doc="generations to run"),
        "boundary": Knob(
            "categorical",
            choices=("bounded", "toroidal"),
            default="bounded",
            doc="cells beyond the edge are dead, or the edges wrap around",
        ),
    }
    answer_syntax = "the grid as rows of # and . , one row per line (e.g. .#. / ##.)"
    answer_form = "grid of # and ."

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, steps = int(knobs["size"]), int(knobs["steps"])
        toroidal = knobs["boundary"] == "toroidal"
        while True:
            start = np.array(
                [[1 if rng.random() < 0.35 else 0 for _ in range(n)] for _ in range(n)],
                dtype=np.int8,
            )
            grid = start
            for _ in range(steps):
                grid = life_step(grid, toroidal)
            if grid.any() and not np.array_equal(grid, start):
                break
        edge = (
            "the edges wrap around (the grid is a torus: the top row neighbours the bottom "
            "row and the left column the right column)"
            if toroidal
            else "cells beyond the edge of the grid count as dead"
        )
        plural = "generation" if steps == 1 else "generations"
        question = (
            "Conway's Game of Life: each cell is alive (#) or dead (.). In each generation a "
            "live cell with 2 or 3 live neighbours (of its 8) stays alive, a dead cell with "
            "exactly 3 live neighbours comes alive, and every other cell is dead in the next "
            f"generation. On this {n}x{n} grid {edge}.\n\n{grid_text(start.tolist())}\n\n"
            f"What is the grid after {steps} {plural}?"
        )
        meta = {
            "size": n,
            "steps": steps,
            "toroidal": toroidal,
            "start": grid_text(start.tolist()).split("\n"),
            "final": grid_text(grid.tolist()).split("\n"),
        }
        return Draft(question, grid_text(grid.tolist()), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        n = meta["size"]
        try:
            grid = parse_cells_grid(answer, n, n)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        wrong = sum(
            (grid[r][c] == 1) != (meta["final"][r][c] == "#") for r in range(n) for c in range(n)
        )
        if wrong == 0:
            return Judgement.right()
        return Judgement.wrong(score=1 - wrong / (n * n), wrong_cells=wrong)

    def complexity(self, problem: Problem) -> float:
        """Cell updates to simulate: cells times generations (wrapping counts 1.25 times)."""
        meta = problem.meta
        return meta["size"] ** 2 * meta["steps"] * (1.25 if meta["toroidal"] else 1.0)
