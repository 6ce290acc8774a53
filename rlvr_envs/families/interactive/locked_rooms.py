"""LockedRooms: reach the treasure room through locked doors, fetching their keys on the way.

A house of ``size`` x ``size`` rooms (row 1 at the top, column 1 at the left) whose
passages form a tree (carved like a maze, :func:`.fog_maze.carve`): one way between any two
rooms. ``keys`` of the doors on the way from the start to the treasure room are locked,
each with a colour (red, blue, green); each door's key lies in a room reachable before that
door (away from the way itself where the house allows, so fetching it is a detour). Each
turn the player reads its room only: its position, the key lying there, the exits with
their doors, and what it carries; then it writes one command:

- ``go <direction>``: through an open passage or an unlocked door (a wall or a locked door
  wastes the turn);
- ``take <colour> key`` (or ``take key`` where only one lies): keys are kept for good;
- ``open <direction>``: unlocks the locked door that way if the player carries its key
  (else the turn is wasted).

Reaching the treasure room is ``solved`` (reward 1); spending the budget ``out_of_turns``
(0); a command that does not parse ``illegal`` (0). The budget is the fewest commands (BFS
over room, keys carried and doors opened) plus ``ceil(spare * size**2)``.

Answer syntax per turn: one command (``go north``, ``take red key``, ``open east``). A
whole episode as one answer: the commands separated by ``;``.

Knobs: ``size`` (rooms per side, 3 -> 5), ``keys`` (locked doors on the way, 1 -> 3) and
``spare`` (spare turns per room, 3.0 -> 0.5).
"""

from __future__ import annotations

import math
import random
from typing import Any, ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.interactive.fog_maze import carve, distances, open_ways
from rlvr_envs.families.interactive.text_worlds import TextWorld, step_cell

COLOURS = ("red", "blue", "green")

State = tuple[tuple[int, int], tuple[str, ...], tuple[str, ...]]
"""(room, colours of the keys carried, colours of the doors opened), sorted."""


def door_between(world: dict[str, Any], a: tuple[int, int], b: tuple[int, int]) -> str | None:
    """The colour of the locked door between rooms ``a`` and ``b``, or None."""
    for r1, c1, r2, c2, colour in world["doors"]:
        if {(r1, c1), (r2, c2)} == {a, b}:
            return colour
    return None


class LockedRooms(TextWorld):
    """Rooms behind coloured locked doors, keys fetched, the treasure room reached."""

    verbs = ("go", "take", "open")
    answer_syntax = "one command: go <direction>, take <colour> key or open <direction>"
    answer_form = "a command such as go north or take red key, one per turn"
    knobs: ClassVar[dict[str, Knob]] = {
        "size": Knob("int", 3, 5, doc="rooms per side of the house"),
        "keys": Knob("int", 1, 3, doc="locked doors on the way to the treasure"),
        "spare": Knob("float", 0.5, 3.0, easy=3.0, hard=0.5, doc="spare turns per room"),
    }

    # -- rules -------------------------------------------------------------------------------
    def begin(self, world: dict[str, Any]) -> State:
        return (tuple(world["start"]), (), ())  # type: ignore[return-value]

    def keys_here(self, world: dict[str, Any], state: State) -> list[str]:
        """The colours of the keys lying in the player's room, not taken yet."""
        room, held, _ = state
        return [colour for r, c, colour in world["keys"] if (r, c) == room and colour not in held]

    def act(self, world: dict[str, Any], state: Any, verb: str, obj: str) -> tuple[Any, str]:
        room, held, opened = state
        if verb == "take":
            here = self.keys_here(world, state)
            named = [c for c in here if obj == f"{c} key" or (obj == "key" and len(here) == 1)]
            if not named:
                return state, f"There is no {obj} here."
            colour = named[0]
            return (room, tuple(sorted((*held, colour))), opened), f"You take the {colour} key."
        if obj not in open_ways(world["grid"], room):
            return state, f"There is no way {obj}: a wall."
        door = door_between(world, room, step_cell(room, obj))
        if verb == "open":
            if door is None or door in opened:
                return state, f"There is no locked door {obj}."
            if door not in held:
                return state, f"The {door} door {obj} is locked and you have no {door} key."
            after = (room, held, tuple(sorted((*opened, door))))
            return after, f"You unlock the {door} door {obj}."
        if door is not None and door not in opened:
            return state, f"The {door} door {obj} is locked."
        return (step_cell(room, obj), held, opened), f"You go {obj}."

    def reached(self, world: dict[str, Any], state: Any) -> bool:
        return list(state[0]) == list(world["goal"])

    def options(self, world: dict[str, Any], state: Any) -> list[str]:
        room, held, opened = state
        out = [f"take {colour} key" for colour in self.keys_here(world, state)]
        for d in open_ways(world["grid"], room):
            door = door_between(world, room, step_cell(room, d))
            if door is None or door in opened:
                out.append(f"go {d}")
            elif door in held:
                out.append(f"open {d}")
        return out

    def describe(self, world: dict[str, Any], state: Any) -> str:
        room, held, opened = state
        exits = []
        for d in open_ways(world["grid"], room):
            door = door_between(world, room, step_cell(room, d))
            if door is None:
                exits.append(d)
            else:
                exits.append(f"{d} ({'an open' if door in opened else 'a locked'} {door} door)")
        here = " and ".join(f"a {colour} key" for colour in self.keys_here(world, state))
        lines = [
            f"You are in the room at row {room[0] + 1}, column {room[1] + 1}.",
            f"Here: {here or 'nothing'}.",
            "Exits: " + ", ".join(exits) + ".",
            "You carry: " + (", ".join(f"{c} key" for c in held) if held else "nothing") + ".",
        ]
        return "\n".join(lines)

    # -- generation --------------------------------------------------------------------------
    def generate(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        size, count = int(knobs["size"]), int(knobs["keys"])
        while True:
            grid = carve(rng, size)
            start = (rng.randrange(size), rng.randrange(size))
            far = distances(grid, start)
            longest = max(far.values())
            ends = sorted(c for c, d in far.items() if d >= max(count + 1, 0.6 * longest))
            if ends:
                break
        goal = rng.choice(ends)
        path = [goal]  # walk back from the goal along decreasing distance
        while path[-1] != start:
            here = path[-1]
            path.append(
                next(
                    step_cell(here, d)
                    for d in open_ways(grid, here)
                    if far.get(step_cell(here, d)) == far[here] - 1
                )
            )
        path.reverse()
        steps = sorted(rng.sample(range(len(path) - 1), count))
        colours = rng.sample(COLOURS, count)
        doors = [[*path[i], *path[i + 1], colour] for i, colour in zip(steps, colours, strict=True)]
        keys = []
        for i, colour in zip(steps, colours, strict=True):
            blocked = {frozenset((path[j], path[j + 1])) for j in steps if j >= i}
            region = self._region(grid, start, blocked)
            side = sorted(region - set(path)) or sorted(region - {start}) or sorted(region)
            keys.append([*rng.choice(side), colour])
        world: dict[str, Any] = {
            "grid": grid,
            "start": list(start),
            "goal": list(goal),
            "doors": doors,
            "keys": keys,
        }
        line = self.plan(world)
        assert line is not None
        budget = len(line) + math.ceil(float(knobs["spare"]) * size * size)
        world["max_turns"] = budget
        question = (
            f"You are in a house of {size} x {size} rooms (rows 1-{size} from top to bottom, "
            f"columns 1-{size} from left to right; north is up). You start in the room at row "
            f"{start[0] + 1}, column {start[1] + 1}; the treasure is in the room at row "
            f"{goal[0] + 1}, column {goal[1] + 1}. Some doors are locked, each with a colour; "
            "a key of that colour lies somewhere in the house. You see only the room you are "
            "in. Each turn write one command: 'go <direction>' (north, east, south, west), "
            "'take <colour> key' (keys are kept), or 'open <direction>' (unlocks a locked door "
            "that way if you carry its key). A wall, a locked door or a missing key wastes "
            f"the turn. You have {budget} turns; reaching the treasure room scores 1, running "
            "out scores 0, and a command that is none of these ends the game with 0.\n\n"
            f"{self.describe(world, self.begin(world))}\n\nEach turn, write one command."
        )
        return Draft(question, "; ".join(line), world)

    @staticmethod
    def _region(grid: list[str], start: tuple[int, int], blocked: set[frozenset]) -> set:
        seen, stack = {start}, [start]
        while stack:
            room = stack.pop()
            for d in open_ways(grid, room):
                nxt = step_cell(room, d)
                if nxt not in seen and frozenset((room, nxt)) not in blocked:
                    seen.add(nxt)
                    stack.append(nxt)
        return seen

    def complexity(self, problem: Problem) -> float:
        path = len(problem.answer.split(";"))
        spare = problem.meta["max_turns"] - path
        return path + 4 * len(problem.meta["keys"]) + 20 * path / (path + spare)
