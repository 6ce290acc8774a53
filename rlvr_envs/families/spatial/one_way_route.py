"""OneWayRoute: a shortest drive across a grid city where some streets are one way.

Intersections form a grid; the street between two neighbouring intersections is two-way,
one way (in a drawn direction) or closed. A map shows the streets, the start ``A`` and the
goal ``B`` (reachable by construction). Any shortest route scores 1: the check drives the
answer block by block, refusing a move along a closed street or against a one-way one, and
compares its length, once it ends at B, with the breadth-first distance. A valid longer
route scores 0 (its ``score`` is shortest / length).

Answer syntax: the moves in order, each N, E, S or W (one block up, right, down or left on
the map), separated by spaces or not (``E E S W`` or ``EESW``).

Knobs: ``size`` (intersections per side, 3 -> 8) and ``one_way`` (share of one-way streets,
0.2 -> 0.7). Difficulty raises both.
"""

from __future__ import annotations

import random
import re
from collections import deque
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem

_STEP = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
_MOVES = re.compile(r"[NESW](?:[\s,]*[NESW])*")


def allowed(streets: dict[str, str], r: int, c: int, move: str) -> bool:
    """Whether one block ``move`` from intersection (r, c) is open in that direction.

    ``streets`` maps ``"r,c,E"`` (to the east neighbour) and ``"r,c,S"`` (to the south one)
    to ``"both"``, ``"forward"`` (east or south only), ``"back"`` or ``"closed"``."""
    dr, dc = _STEP[move]
    if move in "ES":
        state = streets.get(f"{r},{c},{move}", "closed")
        return state in ("both", "forward")
    state = streets.get(f"{r + dr},{c + dc},{'S' if move == 'N' else 'E'}", "closed")
    return state in ("both", "back")


def search(
    streets: dict[str, str], size: int, start: list[int]
) -> dict[tuple[int, int], tuple[int, tuple[int, int] | None, str]]:
    """Breadth-first search from ``start``: each reachable intersection's distance in blocks,
    the intersection it is first reached from and the move that reaches it."""
    steps: dict[tuple[int, int], dict[str, tuple[int, int]]] = {}
    for key, state in streets.items():
        r, c, way = key.split(",")
        here = (int(r), int(c))
        there = (here[0], here[1] + 1) if way == "E" else (here[0] + 1, here[1])
        if state in ("both", "forward"):
            steps.setdefault(here, {})[way] = there
        if state in ("both", "back"):
            steps.setdefault(there, {})["W" if way == "E" else "N"] = here
    exits = {
        cell: [(move, moves[move]) for move in _STEP if move in moves]
        for cell, moves in steps.items()
    }
    found: dict[tuple[int, int], tuple[int, tuple[int, int] | None, str]] = {
        (start[0], start[1]): (0, None, "")
    }
    queue = deque([(start[0], start[1])])
    while queue:
        here = queue.popleft()
        for move, nxt in exits.get(here, ()):
            if nxt not in found:
                found[nxt] = (found[here][0] + 1, here, move)
                queue.append(nxt)
    return found


def route(found: dict, goal: tuple[int, int]) -> str:
    """The moves of the search's route to ``goal``."""
    path, here = [], goal
    while found[here][1] is not None:
        _, here, move = found[here]
        path.append(move)
    return " ".join(reversed(path))


def draw(streets: dict[str, str], size: int, start: list[int], goal: list[int]) -> str:
    across = {"both": "---", "forward": "-->", "back": "<--", "closed": "   "}
    down = {"both": "|", "forward": "v", "back": "^", "closed": " "}
    lines = []
    for r in range(size):
        row = ""
        for c in range(size):
            row += "A" if [r, c] == start else "B" if [r, c] == goal else "o"
            if c < size - 1:
                row += across[streets[f"{r},{c},E"]]
        lines.append(row)
        if r < size - 1:
            lines.append("   ".join(down[streets[f"{r},{c},S"]] for c in range(size)).rstrip())
    return "\n".join(lines)


class OneWayRoute(Family):
    """Any shortest route between two intersections of a city with one-way streets."""

    knobs: ClassVar[dict[str, Knob]] = {
        "size": Knob("int", 3, 10, default=5, easy=3, hard=8, doc="intersections per side"),
        "one_way": Knob("float", 0.0, 0.9, default=0.4, easy=0.2, hard=0.7, doc="one-way share"),
    }
    answer_syntax = "the moves in order, each N, E, S or W, separated by spaces (e.g. E E S W)"
    answer_form = "move letters"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        size, share = int(knobs["size"]), float(knobs["one_way"])
        cells = [[r, c] for r in range(size) for c in range(size)]
        while True:
            streets = {}
            for r in range(size):
                for c in range(size):
                    for move, (dr, dc) in (("E", (0, 1)), ("S", (1, 0))):
                        if r + dr < size and c + dc < size:
                            roll = rng.random()
                            state = (
                                rng.choice(["forward", "back"])
                                if roll < share
                                else "closed"
                                if roll < share + 0.1
                                else "both"
                            )
                            streets[f"{r},{c},{move}"] = state
            start = rng.choice(cells)
            found = search(streets, size, start)
            far = [
                cell
                for cell in sorted(found)
                if abs(cell[0] - start[0]) + abs(cell[1] - start[1]) >= size - 1
            ]
            if far:
                goal = list(rng.choice(far))
                break
        blocks = found[(goal[0], goal[1])][0]
        question = (
            "A map of a city: o marks an intersection, lines the streets between neighbouring "
            "intersections. --- and | are two-way streets, --> and <-- one-way streets you may "
            "drive only in the arrow's direction (east or west), v and ^ one-way streets you "
            "may drive only down (south) or up (north), and a gap is a closed street.\n\n"
            f"{draw(streets, size, start, goal)}\n\n"
            "Give a shortest route for a car from A to B, one move per block: N (up), E "
            "(right), S (down) or W (left)."
        )
        meta = {"size": size, "streets": streets, "start": start, "goal": goal, "blocks": blocks}
        return Draft(question, route(found, (goal[0], goal[1])), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        text = answer.strip().upper()
        if not _MOVES.fullmatch(text):
            return Judgement.unparsable("expected moves N, E, S or W")
        meta = problem.meta
        (r, c), size = meta["start"], meta["size"]
        moves = [ch for ch in text if ch in _STEP]
        for move in moves:
            dr, dc = _STEP[move]
            if not (0 <= r + dr < size and 0 <= c + dc < size) or not allowed(
                meta["streets"], r, c, move
            ):
                return Judgement.wrong(why=f"no way {move} from an intersection on the route")
            r, c = r + dr, c + dc
        if [r, c] != meta["goal"]:
            return Judgement.wrong(why="the route does not end at B")
        if len(moves) != meta["blocks"]:
            return Judgement.wrong(score=meta["blocks"] / len(moves), why="not a shortest route")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Blocks on a shortest route beyond the straight-line (Manhattan) distance, plus it."""
        meta = problem.meta
        far = abs(meta["start"][0] - meta["goal"][0]) + abs(meta["start"][1] - meta["goal"][1])
        return meta["blocks"] + (meta["blocks"] - far) + meta["size"]
