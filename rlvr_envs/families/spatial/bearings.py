"""Bearings: follow a list of turns and say which compass bearing you face at the end.

A walker starts facing a stated three-figure bearing (degrees clockwise from north) and
turns: some degrees to the right (clockwise) or to the left, about, or to face a compass
point (which sets the bearing outright). Angles are multiples of ``step`` degrees. The
answer is the final bearing, 0 to 359; the instance is redrawn until it is none of the
numbers in the prompt, so no number can be copied, and with a step of 10 degrees or less
there are at least 36 possible answers.

Answer syntax: the bearing as an integer from 0 to 359, with or without leading zeros and a
degree sign (``075``, ``75`` or ``75°``).

Knobs: ``turns`` (2 -> 12) and ``step`` (angles are multiples of it: 90, 45, 15, 10, 5 or
1 degrees; smaller steps make harder sums). Difficulty raises the turns and lowers the step.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.numbers import normalise

_POINTS = {"north": 0, "east": 90, "south": 180, "west": 270}
_POINTS |= {"north-east": 45, "south-east": 135, "south-west": 225, "north-west": 315}
_ANSWER = re.compile(r"(\d{1,3})\s*(?:°|degrees?|deg)?")


class Bearings(Family):
    """The bearing faced after a sequence of turns."""

    knobs: ClassVar[dict[str, Knob]] = {
        "turns": Knob("int", 1, 20, default=5, easy=2, hard=12, doc="turns"),
        "step": Knob(
            "categorical",
            choices=(90, 45, 15, 10, 5, 1),
            default=10,
            doc="angles are multiples of it",
        ),
    }
    answer_syntax = "the final bearing as an integer from 0 to 359 (e.g. 075)"
    answer_form = "integer bearing"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, step = int(knobs["turns"]), int(knobs["step"])
        while True:
            heading = start = rng.randrange(0, 360, step)
            lines, numbers = [], {start}
            for i in range(n):
                roll = rng.random()
                if roll < 0.1 and i < n - 1:
                    heading = (heading + 180) % 360
                    lines.append("Turn about (half a full turn).")
                elif roll < 0.2 and step <= 45 and i < n - 1:
                    point = rng.choice(sorted(_POINTS))
                    heading = _POINTS[point]
                    lines.append(f"Turn to face {point}.")
                else:
                    angle = rng.randrange(step, 360, step) if step < 90 else 90 * rng.randint(1, 3)
                    numbers.add(angle)
                    right = rng.random() < 0.5
                    heading = (heading + (angle if right else -angle)) % 360
                    side = "right (clockwise)" if right else "left (anticlockwise)"
                    lines.append(f"Turn {angle} degrees to your {side}.")
            if heading not in numbers:
                break
        steps = "\n".join(f"{i}. {line}" for i, line in enumerate(lines, 1))
        question = (
            "Bearings are measured in degrees clockwise from north (north 000, east 090, south "
            f"180, west 270). You start facing bearing {start:03d} and then:\n{steps}\n\n"
            "What bearing do you face now?"
        )
        meta = {"start": start, "bearing": heading, "lines": lines}
        return Draft(question, f"{heading:03d}", meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        match = _ANSWER.fullmatch(normalise(answer).strip())
        if not match or int(match.group(1)) >= 360:
            return Judgement.unparsable("expected a bearing from 0 to 359")
        return (
            Judgement.right()
            if int(match.group(1)) == problem.meta["bearing"]
            else (Judgement.wrong())
        )

    def complexity(self, problem: Problem) -> float:
        """Turns, each weighted by the digits its angle needs beyond the tens."""
        return sum(
            1 + (line.split()[1].isdigit() and int(line.split()[1]) % 10 != 0)
            for line in problem.meta["lines"]
        )
