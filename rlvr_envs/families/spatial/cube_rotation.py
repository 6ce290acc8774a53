"""CubeRotation: turn a cube with coloured faces and say which colours end up where.

The six faces of a cube have six different colours, all stated. The cube is turned in place
about its three axes: about the vertical axis (clockwise or anticlockwise seen from above),
tipped forwards or backwards (about the left-right axis) and rolled to the left or right
(about the front-back axis), each by a quarter, a half or three quarters of a turn. The
colours on top, at the front and on the right name one of the 24 orientations (a constant
answer earns about 1/24); the final orientation is never the starting one.

Answer syntax: the colours on top, front and right, in that order (``red, blue, white``).

Knobs: ``turns`` (1 -> 10) and ``axes`` (how many of the three axes the turns use, 1 -> 3).
Difficulty raises both.
"""

from __future__ import annotations

import itertools
import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.spatial.cubes import FACES, turn
from rlvr_envs.families.spatial.reading import AnswerError, read_words

COLOURS = ("red", "blue", "green", "yellow", "white", "black", "orange", "purple", "grey", "pink")
# axis -> (words for the turn, the cube move that is one quarter of it)
_AXES: dict[str, list[tuple[str, str]]] = {
    "vertical": [
        ("clockwise as seen from above", "clockwise"),
        ("anticlockwise as seen from above", "anticlockwise"),
    ],
    "left-right": [
        ("forwards (the top moves towards you)", "south"),
        ("backwards (the top moves away from you)", "north"),
    ],
    "front-back": [
        ("to the right (the top moves to the right)", "east"),
        ("to the left (the top moves to the left)", "west"),
    ],
}
_AMOUNTS = ((1, "a quarter turn"), (2, "a half turn"), (3, "three quarters of a turn"))


class CubeRotation(Family):
    """The colours on top, front and right of a cube after turns about its axes."""

    knobs: ClassVar[dict[str, Knob]] = {
        "turns": Knob("int", 1, 16, default=3, easy=1, hard=10, doc="turns"),
        "axes": Knob("int", 1, 3, default=2, easy=1, hard=3, doc="axes the turns use"),
    }
    answer_syntax = "the colours on top, front and right, in that order (e.g. red, blue, white)"
    answer_form = "three colour words"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, k = int(knobs["turns"]), int(knobs["axes"])
        colours = rng.sample(COLOURS, 6)
        start = dict(zip(FACES, colours))
        axes = rng.sample(sorted(_AXES), k)
        while True:
            plan = []
            for i in range(n):
                axis = axes[i] if i < k else rng.choice(axes)
                words, move = rng.choice(_AXES[axis])
                times, amount = rng.choice(_AMOUNTS)
                plan.append((f"Turn the cube {amount} {words}.", move, times))
            rng.shuffle(plan)
            faces = start
            for _, move, times in plan:
                faces = turn(faces, move, times)
            if faces != start:
                break
        listing = ", ".join(f"{face}: {start[face]}" for face in FACES)
        steps = "\n".join(f"{i}. {words}" for i, (words, _, _) in enumerate(plan, 1))
        question = (
            f"A cube sits on a table in front of you with coloured faces ({listing}). The "
            "front is the face towards you.\n\n"
            f"Turns, in order:\n{steps}\n\n"
            "Which colours are now on top, at the front and on the right?"
        )
        answer = f"{faces['top']}, {faces['front']}, {faces['right']}"
        meta = {"start": start, "turns": [[m, t] for _, m, t in plan], "end": faces}
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            words = read_words(answer, set(COLOURS), 3)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        end = problem.meta["end"]
        return (
            Judgement.right()
            if words == [end[f] for f in ("top", "front", "right")]
            else (Judgement.wrong())
        )

    def complexity(self, problem: Problem) -> float:
        """Quarter turns done, plus the axes changed between turns."""
        turns = problem.meta["turns"]
        axis = {m: a for a, pairs in _AXES.items() for _, m in pairs}
        changes = sum(axis[a[0]] != axis[b[0]] for a, b in itertools.pairwise(turns))
        return sum(min(t, 4 - t) for _, t in turns) + changes
