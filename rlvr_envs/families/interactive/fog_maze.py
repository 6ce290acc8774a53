"""FogMaze: walk out of a maze you see only around you, one step per command.

A perfect maze (one path between any two cells, carved by a randomised depth-first search)
of ``size`` x ``size`` cells is hidden in fog. The prompt gives the maze's size, the
player's cell and the exit's cell (row 1 at the top, column 1 at the left). Each turn the
player reads its cell, the exits from it and, when ``sight`` is at least 1, a map of the
cells within ``sight`` steps (``#`` wall, ``.`` open, ``@`` the player, ``E`` the exit;
the map is cut at the maze's edge), then writes one command. Walking into a wall costs the
turn and nothing more; reaching the exit is ``solved`` (reward 1), spending the budget
``out_of_turns`` (0), a command that is not a move ``illegal`` (0).

The budget is the shortest path plus ``ceil(spare * size**2)`` turns: at ``spare`` 2 a
depth-first exploration (at most two steps per passage) always gets out. The exit is at
least 60% of the farthest distance from the start, and never reached by repeating one
direction. The reference policy is the shortest path (:mod:`.text_worlds`, BFS).

Answer syntax per turn: one command, ``go north`` (or ``north``; east, south, west). A
whole episode as one answer: the commands separated by ``;``.

Knobs: ``size`` (cells per side, 4 -> 7), ``sight`` (how far the map reaches, 2 -> 0: at 0
only the exits) and ``spare`` (spare turns per cell of the maze, 2.0 -> 0.25).
"""

from __future__ import annotations

import functools
import math
import random
from collections import deque
from typing import Any, ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.interactive.text_worlds import (
    DIRECTIONS,
    TextWorld,
    exits_sentence,
    step_cell,
    window,
)


def carve(rng: random.Random, size: int) -> list[str]:
    """A perfect maze as text: ``(2 size + 1)`` rows, cell (r, c) at ``(2r + 1, 2c + 1)``,
    ``#`` walls and ``.`` open (the recursive backtracker)."""
    grid = [["#"] * (2 * size + 1) for _ in range(2 * size + 1)]
    start = (rng.randrange(size), rng.randrange(size))
    seen, stack = {start}, [start]
    grid[2 * start[0] + 1][2 * start[1] + 1] = "."
    while stack:
        r, c = stack[-1]
        fresh = [
            (d, (r + dr, c + dc))
            for d, (dr, dc) in DIRECTIONS.items()
            if 0 <= r + dr < size and 0 <= c + dc < size and (r + dr, c + dc) not in seen
        ]
        if not fresh:
            stack.pop()
            continue
        _, (nr, nc) = rng.choice(fresh)
        grid[r + nr + 1][c + nc + 1] = "."
        grid[2 * nr + 1][2 * nc + 1] = "."
        seen.add((nr, nc))
        stack.append((nr, nc))
    return ["".join(row) for row in grid]


def open_ways(grid: list[str], cell: tuple[int, int]) -> tuple[str, ...]:
    """The directions out of ``cell`` (no wall between it and the next cell)."""
    return _ways(tuple(grid))[cell]


@functools.lru_cache(maxsize=64)
def _ways(grid: tuple[str, ...]) -> dict[tuple[int, int], tuple[str, ...]]:
    size = len(grid) // 2
    return {
        (r, c): tuple(
            d for d, (dr, dc) in DIRECTIONS.items() if grid[2 * r + 1 + dr][2 * c + 1 + dc] == "."
        )
        for r in range(size)
        for c in range(size)
    }


def distances(grid: list[str], start: tuple[int, int]) -> dict[tuple[int, int], int]:
    seen = {start: 0}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        for d in open_ways(grid, cell):
            nxt = step_cell(cell, d)
            if nxt not in seen:
                seen[nxt] = seen[cell] + 1
                queue.append(nxt)
    return seen


class FogMaze(TextWorld):
    """A fogged maze walked to its exit by commands."""

    answer_syntax = "one command: go north, go east, go south or go west"
    answer_form = "a command such as go north, one per turn"
    knobs: ClassVar[dict[str, Knob]] = {
        "size": Knob("int", 4, 7, doc="cells per side of the maze"),
        "sight": Knob("int", 0, 2, easy=2, hard=0, doc="cells the map shows around you"),
        "spare": Knob("float", 0.25, 2.0, easy=2.0, hard=0.25, doc="spare turns per cell"),
    }

    # -- rules -------------------------------------------------------------------------------
    def begin(self, world: dict[str, Any]) -> tuple[int, int]:
        return tuple(world["start"])  # type: ignore[return-value]

    def act(self, world: dict[str, Any], state: Any, verb: str, obj: str) -> tuple[Any, str]:
        if obj not in open_ways(world["grid"], state):
            return state, f"You cannot go {obj}: there is a wall."
        return step_cell(state, obj), f"You go {obj}."

    def reached(self, world: dict[str, Any], state: Any) -> bool:
        return list(state) == list(world["exit"])

    def options(self, world: dict[str, Any], state: Any) -> list[str]:
        return [f"go {d}" for d in open_ways(world["grid"], state)]

    def describe(self, world: dict[str, Any], state: Any) -> str:
        r, c = state
        ways = exits_sentence(open_ways(world["grid"], state))
        lines = [f"You are at row {r + 1}, column {c + 1}. {ways}"]
        sight = int(world["sight"])
        if sight:
            ex, ey = world["exit"]
            marks = {(2 * r + 1, 2 * c + 1): "@", (2 * ex + 1, 2 * ey + 1): "E"}
            view = window(world["grid"], (2 * r + 1, 2 * c + 1), 2 * sight + 1, marks)
            lines += [f"Map within {sight} cell{'s' if sight > 1 else ''} of you:", *view]
        return "\n".join(lines)

    # -- generation --------------------------------------------------------------------------
    def generate(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        size = int(knobs["size"])
        while True:
            grid = carve(rng, size)
            start = (rng.randrange(size), rng.randrange(size))
            far = distances(grid, start)
            longest = max(far.values())
            ends = sorted(cell for cell, d in far.items() if d >= max(3, 0.6 * longest))
            if not ends:
                continue
            end = rng.choice(ends)
            world: dict[str, Any] = {
                "grid": grid,
                "start": list(start),
                "exit": list(end),
                "sight": int(knobs["sight"]),
            }
            budget = far[end] + math.ceil(float(knobs["spare"]) * size * size)
            if not self.constant_reaches(world, budget):
                break
        line = self.plan(world)
        assert line is not None and len(line) == far[end]
        world["max_turns"] = budget
        sight = int(knobs["sight"])
        see = (
            f"a map of the cells within {sight} step{'s' * (sight > 1)} of you"
            if sight
            else "no map"
        )
        question = (
            f"You are lost in a foggy maze of {size} x {size} cells (rows 1-{size} from top "
            f"to bottom, columns 1-{size} from left to right). You start at row {start[0] + 1}, "
            f"column {start[1] + 1}; the exit is at row {end[0] + 1}, column {end[1] + 1}. "
            "Walls stand between some neighbouring cells. Each turn you see your cell, the "
            f"exits from it and {see} ('#' wall, '.' open, '@' you, 'E' the exit), and "
            "write one command: go north, go east, go south or go west (north is up). "
            "Walking into a wall wastes the turn. You have "
            f"{budget} turns; reaching the exit scores 1, running out scores 0, and anything "
            "but a move ends the game with 0.\n\n"
            f"{self.describe(world, start)}\n\nEach turn, write one command."
        )
        return Draft(question, "; ".join(line), world)

    def complexity(self, problem: Problem) -> float:
        path = len(problem.answer.split(";"))
        spare = problem.meta["max_turns"] - path
        return path + 6 * (2 - problem.meta["sight"]) + 20 * path / (path + spare)
