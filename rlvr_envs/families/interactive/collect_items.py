"""CollectItems: find and pick up every item on a fogged floor within a move budget.

A floor of ``size`` x ``size`` squares (row 1 at the top, column 1 at the left) with
rocks on about a fifth of them (the free squares stay connected) hides ``items`` named
items (apple, book, coin, gem, lamp, ring; never on the start). The prompt names the items
but not where they lie. Each turn the player reads its square, what lies there, the free
directions and a map of the squares within ``sight`` steps (``#`` rock, ``.`` free, ``@``
the player, an item by its capital initial; the map is cut at the floor's edge), then
writes one command: ``go <direction>`` (a rock or the edge wastes the turn) or
``take <item>`` (the item must lie on the player's square, else the turn is wasted).
Holding every item is ``solved`` (reward 1); spending the budget ``out_of_turns`` (0); a
command that does not parse ``illegal`` (0).

The budget is the fewest commands (BFS over the square and the items taken: a shortest
tour with its takes) plus ``ceil(spare * size**2)``. One command repeated never collects
two items, so a constant policy earns nothing.

Answer syntax per turn: one command (``go north``, ``take coin``). A whole episode as one
answer: the commands separated by ``;``.

Knobs: ``size`` (squares per side, 5 -> 7), ``items`` (2 -> 4), ``sight`` (how far the map
reaches, 2 -> 1) and ``spare`` (spare turns per square, 1.5 -> 0.25).
"""

from __future__ import annotations

import functools
import math
import random
from typing import Any, ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.interactive.text_worlds import (
    DIRECTIONS,
    TextWorld,
    exits_sentence,
    step_cell,
    window,
)

ITEMS = ("apple", "book", "coin", "gem", "lamp", "ring")
ROCKS = 0.2

State = tuple[tuple[int, int], tuple[str, ...]]
"""(the player's square, the items taken, sorted)."""


def free_ways(grid: list[str], cell: tuple[int, int]) -> tuple[str, ...]:
    """The directions from ``cell`` to a free square on the floor."""
    return _ways(tuple(grid))[cell]


@functools.lru_cache(maxsize=64)
def _ways(grid: tuple[str, ...]) -> dict[tuple[int, int], tuple[str, ...]]:
    rows, columns = len(grid), len(grid[0])
    table = {}
    for r in range(rows):
        for c in range(columns):
            table[r, c] = tuple(
                d
                for d, (dr, dc) in DIRECTIONS.items()
                if 0 <= r + dr < rows and 0 <= c + dc < columns and grid[r + dr][c + dc] != "#"
            )
    return table


def connected(grid: list[str]) -> bool:
    free = [(r, c) for r, row in enumerate(grid) for c, ch in enumerate(row) if ch != "#"]
    seen, stack = {free[0]}, [free[0]]
    while stack:
        cell = stack.pop()
        for d in free_ways(grid, cell):
            nxt = step_cell(cell, d)
            if nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    return len(seen) == len(free)


class CollectItems(TextWorld):
    """Items scattered on a fogged floor, all to be picked up within a budget."""

    verbs = ("go", "take")
    answer_syntax = "one command: go <direction> or take <item>"
    answer_form = "a command such as go north or take coin, one per turn"
    knobs: ClassVar[dict[str, Knob]] = {
        "size": Knob("int", 5, 7, doc="squares per side of the floor"),
        "items": Knob("int", 2, 4, doc="items to collect"),
        "sight": Knob("int", 1, 2, easy=2, hard=1, doc="squares the map shows around you"),
        "spare": Knob("float", 0.25, 1.5, easy=1.5, hard=0.25, doc="spare turns per square"),
    }

    # -- rules -------------------------------------------------------------------------------
    def begin(self, world: dict[str, Any]) -> State:
        return (tuple(world["start"]), ())  # type: ignore[return-value]

    def lying(self, world: dict[str, Any], state: State) -> dict[tuple[int, int], str]:
        """Where the items not taken yet lie."""
        return {(r, c): name for r, c, name in world["items"] if name not in state[1]}

    def act(self, world: dict[str, Any], state: Any, verb: str, obj: str) -> tuple[Any, str]:
        cell, taken = state
        if verb == "take":
            if self.lying(world, state).get(cell) != obj:
                return state, f"There is no {obj} here."
            return (cell, tuple(sorted((*taken, obj)))), f"You take the {obj}."
        if obj not in free_ways(world["grid"], cell):
            return state, f"You cannot go {obj}: it is blocked."
        return (step_cell(cell, obj), taken), f"You go {obj}."

    def reached(self, world: dict[str, Any], state: Any) -> bool:
        return len(state[1]) == len(world["items"])

    def options(self, world: dict[str, Any], state: Any) -> list[str]:
        here = self.lying(world, state).get(state[0])
        moves = [f"go {d}" for d in free_ways(world["grid"], state[0])]
        return [f"take {here}", *moves] if here else moves

    def describe(self, world: dict[str, Any], state: Any) -> str:
        cell, taken = state
        lying = self.lying(world, state)
        here = lying.get(cell)
        marks = {spot: name[0].upper() for spot, name in lying.items()}
        marks[cell] = "@"
        sight = int(world["sight"])
        lines = [
            f"You are at row {cell[0] + 1}, column {cell[1] + 1}. "
            + (f"Here: a {here}. " if here else "Here: nothing. ")
            + exits_sentence(free_ways(world["grid"], cell)),
            f"Map within {sight} square{'s' if sight > 1 else ''} of you:",
            *window(world["grid"], cell, sight, marks),
            "You hold: " + (", ".join(taken) if taken else "nothing") + ".",
        ]
        return "\n".join(lines)

    # -- generation --------------------------------------------------------------------------
    def generate(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        size, count = int(knobs["size"]), int(knobs["items"])
        cells = [(r, c) for r in range(size) for c in range(size)]
        while True:
            rocks = set(rng.sample(cells, round(ROCKS * size * size)))
            grid = [
                "".join("#" if (r, c) in rocks else "." for c in range(size)) for r in range(size)
            ]
            if connected(grid):
                break
        free = [cell for cell in cells if cell not in rocks]
        start, *spots = rng.sample(free, count + 1)
        names = sorted(rng.sample(ITEMS, count))
        world: dict[str, Any] = {
            "grid": grid,
            "start": list(start),
            "items": [[*spot, name] for spot, name in zip(spots, names, strict=True)],
            "sight": int(knobs["sight"]),
        }
        line = self.plan(world)
        assert line is not None
        budget = len(line) + math.ceil(float(knobs["spare"]) * size * size)
        world["max_turns"] = budget
        sight = int(knobs["sight"])
        question = (
            f"You are on a foggy floor of {size} x {size} squares (rows 1-{size} from top to "
            f"bottom, columns 1-{size} from left to right; north is up) with rocks on some "
            f"squares. Somewhere on it lie {count} items: {', '.join(names)}. Each turn you see "
            f"your square and a map of the squares within {sight} step{'s' * (sight > 1)} of you "
            "('#' rock, '.' free, '@' you, an item by its capital initial), and write one "
            "command: 'go <direction>' (north, east, south, west) or 'take <item>' (the item "
            "must lie on your square). A blocked way or a missing item wastes the turn. You "
            f"have {budget} turns; holding all {count} items scores 1, running out scores 0, "
            "and a command that is neither ends the game with 0.\n\n"
            f"{self.describe(world, self.begin(world))}\n\nEach turn, write one command."
        )
        return Draft(question, "; ".join(line), world)

    def complexity(self, problem: Problem) -> float:
        path = len(problem.answer.split(";"))
        spare = problem.meta["max_turns"] - path
        return path + 6 * (2 - problem.meta["sight"]) + 20 * path / (path + spare)
