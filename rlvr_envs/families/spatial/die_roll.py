"""DieRoll: roll a die across a table and say which numbers face up, front and right.

A standard die (opposite faces add up to 7) starts with given numbers on top, at the front
(the face towards the viewer) and on the right. It is rolled over its edges one square at a
time, north (away from the viewer), south, east or west, and with ``spins`` also turned a
quarter on the spot, clockwise or anticlockwise seen from above. The three numbers name one
of the 24 orientations, so a constant answer earns about 1/24; the final orientation is never
the starting one (the prompt's numbers are never the answer).

Answer syntax: the numbers on top, front and right, in that order (``5, 3, 1``).

Knobs: ``rolls`` (moves, 1 -> 12) and ``spins`` (turns on the spot among the moves).
Difficulty raises both.
"""

from __future__ import annotations

import random
from functools import cache
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.spatial.cubes import orientations, turn
from rlvr_envs.families.spatial.reading import AnswerError, read_integers

_STANDARD = {
    "top": "1",
    "bottom": "6",
    "front": "2",
    "back": "5",
    "right": "3",
    "left": "4",
}
_WORDS = {
    "north": "roll it north",
    "south": "roll it south",
    "east": "roll it east",
    "west": "roll it west",
    "clockwise": "turn it a quarter turn clockwise on the spot",
    "anticlockwise": "turn it a quarter turn anticlockwise on the spot",
}


@cache
def _starts() -> list[dict[str, str]]:
    """The die's 24 orientations, ordered by the numbers on top and at the front."""
    return sorted(orientations(_STANDARD), key=lambda f: f["top"] + f["front"])


class DieRoll(Family):
    """The top, front and right numbers of a die after rolls and turns."""

    knobs: ClassVar[dict[str, Knob]] = {
        "rolls": Knob("int", 1, 20, default=4, easy=1, hard=12, doc="moves"),
        "spins": Knob("bool", default=False, doc="quarter turns on the spot among the moves"),
    }
    answer_syntax = "the numbers on top, front and right, in that order (e.g. 5, 3, 1)"
    answer_form = "three integers"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n = int(knobs["rolls"])
        moves = ["north", "south", "east", "west"]
        if knobs["spins"]:
            moves += ["clockwise", "anticlockwise"]
        start = dict(rng.choice(_starts()))
        while True:
            path = [rng.choice(moves) for _ in range(n)]
            faces = start
            for move in path:
                faces = turn(faces, move)
            if faces != start:
                break
        steps = "\n".join(f"{i}. {_WORDS[m].capitalize()}." for i, m in enumerate(path, 1))
        question = (
            "A standard die (the numbers on opposite faces add up to seven) lies on a table. "
            f"Its top face shows {start['top']}, the face towards you (the front, which faces "
            f"south) shows {start['front']} and the face on your right (east) shows "
            f"{start['right']}. North is away from you. Rolling the die tips it over one of "
            "its bottom edges onto the next square in that direction.\n\n"
            f"Moves:\n{steps}\n\n"
            "Which numbers are now on top, at the front and on the right?"
        )
        answer = f"{faces['top']}, {faces['front']}, {faces['right']}"
        return Draft(question, answer, {"start": start, "moves": path, "end": faces})

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            values = read_integers(answer, 3)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        end = problem.meta["end"]
        expected = [int(end["top"]), int(end["front"]), int(end["right"])]
        return Judgement.right() if values == expected else Judgement.wrong()

    def complexity(self, problem: Problem) -> float:
        """Moves, a turn on the spot counting as two."""
        return sum(1 + (m in ("clockwise", "anticlockwise")) for m in problem.meta["moves"])
