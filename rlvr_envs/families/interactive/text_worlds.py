"""What the text worlds share: commands, a partial view, a turn budget and a BFS planner.

A text world is a generated map (a maze, rooms behind locked doors, a floor with items)
that the player never sees whole: each turn it reads where it is, what it sees and the
exits, and writes one command. The world's rules run on ``problem.meta`` (a plain dict),
so the generator plans with the same rules before the problem exists, and the state is a
pure function of (problem, commands so far).

Commands (one per turn, case and spacing free): ``go north`` (or just ``north``; also
east, south, west), ``take <item>`` (``take coin``, ``take red key``) and ``open <dir>``
(``open east``: a locked door, with its key in hand). Which verbs a world knows is its own;
a command that does not parse, or whose verb the world does not know, is **illegal** (the
episode ends with reward 0). A command that parses but achieves nothing (a wall, a locked
door, nothing of that name here) is legal and costs its turn.

The reference policy is a breadth-first search over the full state (position, items taken,
doors opened): the fewest commands to the goal. The budget stated in the prompt is that
length plus spare turns (a knob). Reaching the goal is ``solved`` (reward 1); spending the
budget is ``out_of_turns`` (reward 0). Starts where one command repeated reaches the goal
are not generated, so a constant policy earns nothing.
"""

from __future__ import annotations

import functools
import re
from collections import deque
from collections.abc import Hashable
from typing import Any, ClassVar

from rlvr_envs.core import IllegalMove, InteractiveFamily, Problem

DIRECTIONS: dict[str, tuple[int, int]] = {
    "north": (-1, 0),
    "east": (0, 1),
    "south": (1, 0),
    "west": (0, -1),
}
_GO = re.compile(r"(?:go |move |walk )?(north|east|south|west)")
_TAKE = re.compile(r"(?:take|get|pick up) (?:the |a |an )?([a-z]+(?: [a-z]+)?)")
_OPEN = re.compile(r"(?:open|unlock) (?:the )?(north|east|south|west)(?: door)?")
_EXAMPLES = {"go": "go north", "take": "take coin", "open": "open east"}


@functools.lru_cache(maxsize=4096)
def read_command(text: str, verbs: tuple[str, ...]) -> tuple[str, str]:
    """(verb, object) of one command in ``verbs``, or IllegalMove saying what to write."""
    words = " ".join(text.lower().split())
    for verb, pattern in (("go", _GO), ("take", _TAKE), ("open", _OPEN)):
        match = pattern.fullmatch(words)
        if match and verb in verbs:
            return verb, match.group(1)
    examples = ", ".join(f"'{_EXAMPLES[v]}'" for v in verbs)
    raise IllegalMove(f"write one command, such as {examples}")


def step_cell(cell: tuple[int, int], direction: str) -> tuple[int, int]:
    dr, dc = DIRECTIONS[direction]
    return cell[0] + dr, cell[1] + dc


def window(grid: list[str], centre: tuple[int, int], radius: int, marks: dict) -> list[str]:
    """The rows of ``grid`` within ``radius`` of ``centre`` (clipped to the grid), with
    ``marks`` ({(row, col): char}) drawn over the floor."""
    r0, r1 = max(0, centre[0] - radius), min(len(grid) - 1, centre[0] + radius)
    c0, c1 = max(0, centre[1] - radius), min(len(grid[0]) - 1, centre[1] + radius)
    return [
        "".join(marks.get((r, c), grid[r][c]) for c in range(c0, c1 + 1)) for r in range(r0, r1 + 1)
    ]


class TextWorld(InteractiveFamily):
    """A world explored by commands under partial observation, planned by BFS."""

    verbs: ClassVar[tuple[str, ...]] = ("go",)
    unique_answer = False
    max_turns = 256
    move_syntax = "one command"

    # -- the world's rules (per world, on meta) --------------------------------------------
    def begin(self, world: dict[str, Any]) -> Hashable:
        """The state before the first command."""
        raise NotImplementedError

    def act(self, world: dict[str, Any], state: Any, verb: str, obj: str) -> tuple[Any, str]:
        """(state after the command, what the player is told): a useless command returns
        the state unchanged with the reason."""
        raise NotImplementedError

    def reached(self, world: dict[str, Any], state: Any) -> bool:
        raise NotImplementedError

    def options(self, world: dict[str, Any], state: Any) -> list[str]:
        """The commands worth trying from ``state`` (the planner's moves)."""
        raise NotImplementedError

    def describe(self, world: dict[str, Any], state: Any) -> str:
        """What the player sees from ``state``."""
        raise NotImplementedError

    # -- the planner ------------------------------------------------------------------------
    def plan(self, world: dict[str, Any]) -> list[str] | None:
        """The fewest commands from the start to the goal (BFS over the full state), first
        in :meth:`options` order among equals; None if the goal cannot be reached."""
        start = self.begin(world)
        parent: dict[Any, tuple[Any, str] | None] = {start: None}
        queue = deque([start])
        while queue:
            state = queue.popleft()
            if self.reached(world, state):
                line: list[str] = []
                while parent[state] is not None:
                    state, command = parent[state]  # type: ignore[misc]
                    line.append(command)
                return line[::-1]
            for command in self.options(world, state):
                verb, obj = read_command(command, self.verbs)
                after, _ = self.act(world, state, verb, obj)
                if after not in parent:
                    parent[after] = (state, command)
                    queue.append(after)
        return None

    def constant_reaches(self, world: dict[str, Any], turns: int) -> bool:
        """Whether one command repeated ``turns`` times reaches the goal (for each command
        that is an option somewhere on the way): such worlds are not generated."""
        tried: set[str] = set()
        pending = list(self.options(world, self.begin(world)))
        while pending:
            command = pending.pop()
            if command in tried:
                continue
            tried.add(command)
            verb, obj = read_command(command, self.verbs)
            state = self.begin(world)
            for _ in range(turns):
                state, _ = self.act(world, state, verb, obj)
                if self.reached(world, state):
                    return True
                pending.extend(c for c in self.options(world, state) if c not in tried)
        return False

    # -- the multi-turn contract --------------------------------------------------------------
    def start(self, problem: Problem) -> Any:
        return self.begin(problem.meta)

    def move(self, problem: Problem, state: Any, move: str) -> tuple[Any, str, str]:
        verb, obj = read_command(move, self.verbs)
        after, feedback = self.act(problem.meta, state, verb, obj)
        return after, feedback, "solved" if self.reached(problem.meta, after) else "playing"

    def view(self, problem: Problem, state: Any) -> str:
        return self.describe(problem.meta, state)


def exits_sentence(directions: list[str]) -> str:
    return "Exits: " + (", ".join(directions) if directions else "none") + "."
