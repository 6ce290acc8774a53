"""Maze paths: walk from S to G on a grid with walls, by a shortest route.

A random grid maze: each cell is a wall with probability ``walls``; S is a random open cell
and G a random open cell among the farthest that S reaches (breadth-first search, Moore
1959, run on bitsets), so the shortest path is long for the maze. Moves go one cell up,
down, left or right, never into a wall or off the grid.

Answer syntax: the moves in order as letters ``U`` (up), ``D`` (down), ``L`` (left), ``R``
(right), with or without separators (``RRDDL`` or ``R, R, D, D, L``); the words ``up``,
``down``, ``left``, ``right`` also work. Any shortest path is right: the verifier walks the
moves and compares their number with the breadth-first distance. A walk that reaches G but
is longer scores ``shortest / length`` as partial credit (in ``score`` only).

Knobs: ``size`` (the grid side) and ``walls`` (the wall density).
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.shared.answer_parsing import AnswerError, scan

STEPS = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
_MOVE = re.compile(r"up|down|left|right|[UDLR]", re.IGNORECASE)
MAX_TRIES = 50
_AS_BITS = str.maketrans(".#", "10")


class Maze(Family):
    """Find a shortest path through a grid maze (any shortest path is right)."""

    knobs: ClassVar[dict[str, Knob]] = {
        "size": Knob("int", 3, 30, default=8, easy=5, hard=15, doc="grid side"),
        "walls": Knob("float", 0.0, 0.45, default=0.25, easy=0.1, hard=0.35, doc="wall density"),
    }
    answer_syntax = "the moves as letters U, D, L, R (e.g. RRDDL)"
    answer_form = "string of moves"
    unique_answer = False  # any shortest path is right
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, density = knobs["size"], knobs["walls"]
        width = n + 2  # cell r * width + c of a padded board: a border of walls around
        for _ in range(MAX_TRIES):
            chars = ["#"] * (width * width)
            draw = rng.random
            for r in range(1, n + 1):
                chars[r * width + 1 : r * width + 1 + n] = [
                    "." if draw() >= density else "#" for _ in range(n)
                ]
            board = "".join(chars)
            open_cells = [i for i, char in enumerate(board) if char == "."]
            if len(open_cells) < 2:
                continue
            start = rng.choice(open_cells)
            layers = bfs_layers(board, width, start)
            if len(layers) - 1 >= max(1, n // 2):
                break
        else:  # pragma: no cover - a dense maze that keeps failing: clear it
            chars = [
                "." if 0 < i // width <= n and 0 < i % width <= n else "#"
                for i in range(width * width)
            ]
            start = width + 1
            layers = bfs_layers("".join(chars), width, start)
        far = len(layers) - 1
        goal = rng.choice(_bits(layers[far]))
        chars[start], chars[goal] = "S", "G"
        rows = ["".join(chars[r * width + 1 : r * width + 1 + n]) for r in range(1, n + 1)]
        question = (
            f"Find a shortest path from S to G in this {n}x{n} maze. # is a wall, . is open. "
            "Each move goes one cell up (U), down (D), left (L) or right (R), never into a "
            "wall or off the grid.\n\n" + "\n".join(rows)
        )
        answer = walk_back(layers, width, goal)
        meta = {
            "grid": rows,
            "start": [start // width - 1, start % width - 1],
            "goal": [goal // width - 1, goal % width - 1],
            "shortest": far,
        }
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        grid, shortest = meta["grid"], meta["shortest"]
        n = len(grid)
        try:
            moves = [m.group()[0].upper() for m in scan(answer, _MOVE, 4 * n * n, "a move U/D/L/R")]
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        r, c = meta["start"]
        for index, move in enumerate(moves, 1):
            dr, dc = STEPS[move]
            r, c = r + dr, c + dc
            if not (0 <= r < n and 0 <= c < n) or grid[r][c] == "#":
                return Judgement.wrong(why=f"move {index} leaves the grid or hits a wall")
        if [r, c] != meta["goal"]:
            return Judgement.wrong(why="the path does not end at G")
        if len(moves) > shortest:
            return Judgement.wrong(score=shortest / len(moves), moves=len(moves), best=shortest)
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """The shortest path's length plus the grid side."""
        return problem.meta["shortest"] + len(problem.meta["grid"])


def bfs_layers(board: str, width: int, start: int) -> list[int]:
    """Breadth-first search on a padded board (``.`` open), as bitsets: layer d holds the
    cells at distance d from ``start`` (bit i: cell i), a few integer operations each."""
    open_mask = int(board[::-1].translate(_AS_BITS), 2)
    layers = [1 << start]
    seen = layers[0]
    while True:
        front = layers[-1]
        front = ((front << 1) | (front >> 1) | (front << width) | (front >> width)) & open_mask
        front &= ~seen
        if not front:
            return layers
        seen |= front
        layers.append(front)


def _bits(mask: int) -> list[int]:
    """The set bits of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def walk_back(layers: list[int], width: int, goal: int) -> str:
    """A shortest move list to ``goal``: step back through the layers, then reverse."""
    moves = []
    cell = goal
    steps = (("D", -width), ("U", width), ("R", -1), ("L", 1))  # move, offset of its origin
    for layer in reversed(layers[:-1]):
        for move, offset in steps:
            if layer >> (cell + offset) & 1:
                moves.append(move)
                cell += offset
                break
    return "".join(reversed(moves))
