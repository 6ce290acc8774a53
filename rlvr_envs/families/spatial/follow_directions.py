"""FollowDirections: walk a list of directions on a street grid and say where you end up.

A walker starts at a crossing facing a stated compass direction and follows instructions:
walk some blocks forward, walk some blocks in a compass direction (which also turns the
walker that way), turn left, turn right or turn around. With ``relative`` most instructions
are turns and forward walks, so the heading has to be tracked. The answer is the final
position as blocks east and north of the start (negative for west and south) and the
final heading, so neither a constant nor a number copied from the prompt is the answer.

Answer syntax: ``x, y, D``: blocks east, blocks north, and the heading N, E, S or W
(``3, -2, W``).

Knobs: ``steps`` (instructions, 2 -> 14), ``blocks`` (most blocks in one walk, 3 -> 12) and
``relative`` (turns and forward walks instead of compass directions). Difficulty raises all
three.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.numbers import normalise, parse_integer

HEADINGS = "NESW"
_NAMES = {"N": "north", "E": "east", "S": "south", "W": "west"}
_STEP = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
_ANSWER = re.compile(
    r"\(?\s*([-+]?\d+)\s*,\s*([-+]?\d+)\s*\)?\s*,?\s*(?:facing\s+)?"
    r"(N|E|S|W|north|east|south|west)",
    re.I,
)


def walk(heading: str, steps: list[list]) -> tuple[int, int, str]:
    """The position and heading after ``steps`` (``[kind, value]``: ``forward n``,
    ``compass [D, n]``, ``turn d`` with d in {1, 2, 3} quarter turns clockwise)."""
    x = y = 0
    for kind, value in steps:
        if kind == "turn":
            heading = HEADINGS[(HEADINGS.index(heading) + value) % 4]
            continue
        if kind == "compass":
            heading, value = value
        dx, dy = _STEP[heading]
        x, y = x + dx * value, y + dy * value
    return x, y, heading


class FollowDirections(Family):
    """The position and heading after following walking directions."""

    knobs: ClassVar[dict[str, Knob]] = {
        "steps": Knob("int", 1, 24, default=6, easy=2, hard=14, doc="instructions"),
        "blocks": Knob("int", 1, 20, default=5, easy=3, hard=12, doc="most blocks per walk"),
        "relative": Knob("bool", default=False, doc="turns and forward walks"),
    }
    answer_syntax = (
        "blocks east, blocks north (negative for west and south) and the heading N, E, S or W "
        "(e.g. 3, -2, W)"
    )
    answer_form = "two integers and a compass letter"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, most, relative = int(knobs["steps"]), int(knobs["blocks"]), bool(knobs["relative"])
        start = rng.choice(HEADINGS)
        steps: list[list] = []
        lines: list[str] = []
        for _ in range(n):
            blocks = rng.randint(1, most)
            plural = "block" if blocks == 1 else "blocks"
            roll = rng.random()
            if relative and roll < 0.4 and (not steps or steps[-1][0] != "turn"):
                turn = rng.choice([1, 3, 3, 1, 2])
                steps.append(["turn", turn])
                lines.append({1: "Turn right.", 2: "Turn around.", 3: "Turn left."}[turn])
            elif relative and roll < 0.85:
                steps.append(["forward", blocks])
                lines.append(f"Walk {blocks} {plural} straight ahead.")
            else:
                heading = rng.choice(HEADINGS)
                steps.append(["compass", [heading, blocks]])
                lines.append(f"Walk {blocks} {plural} {_NAMES[heading]}.")
        x, y, heading = walk(start, steps)
        listing = "\n".join(f"{i}. {line}" for i, line in enumerate(lines, 1))
        question = (
            "You stand at a crossing of a city whose streets form a square grid, facing "
            f"{_NAMES[start]}. Walking in a compass direction turns you to face it. Follow "
            f"these directions:\n{listing}\n\n"
            "Where do you end up, in blocks east and blocks north of where you started "
            "(negative numbers for west and south), and which way are you facing?"
        )
        meta = {"start": start, "steps": steps, "end": [x, y, heading]}
        return Draft(question, f"{x}, {y}, {heading}", meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        match = _ANSWER.fullmatch(normalise(answer).strip())
        if not match:
            return Judgement.unparsable("expected 'x, y, D' with D one of N, E, S, W")
        x, y = parse_integer(match.group(1)), parse_integer(match.group(2))
        heading = match.group(3)[0].upper()
        return Judgement.right() if [x, y, heading] == problem.meta["end"] else Judgement.wrong()

    def complexity(self, problem: Problem) -> float:
        """Instructions, turns counting double, plus the blocks walked."""
        steps = problem.meta["steps"]
        walked = sum(v[1] if k == "compass" else v for k, v in steps if k != "turn")
        return len(steps) + sum(k == "turn" for k, _ in steps) + walked / 4
