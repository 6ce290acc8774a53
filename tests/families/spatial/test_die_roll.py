"""What ``rlvr/DieRoll-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools
import re

from tests.families.spatial.helpers import _gen, _score, turn_labels

ENV = "rlvr/DieRoll-v0"
# A move as a rotation: rolling north turns the die about the east (x) axis so that the top
# goes north: counterclockwise seen from the east is top -> north? (0,0,1) -> (0,-1,0) for +1,
# so north is -1 quarter turn about x.
_MOVES = {
    "roll it north": ("x", -1),
    "roll it south": ("x", 1),
    "roll it east": ("y", 1),
    "roll it west": ("y", -1),
    "turn it a quarter turn clockwise on the spot": ("z", -1),
    "turn it a quarter turn anticlockwise on the spot": ("z", 1),
}


def _simulate(prompt):
    top, front, right = (
        int(v)
        for v in re.search(
            r"top face shows (\d).*front.*shows (\d).*right \(east\) shows (\d)", prompt, re.S
        ).groups()
    )
    labels = {"top": top, "bottom": 7 - top, "front": front, "back": 7 - front}
    labels |= {"right": right, "left": 7 - right}
    for line in re.findall(r"^\d+\. (.*)\.$", prompt, re.M):
        axis, turns = _MOVES[line.lower()]
        labels = turn_labels(labels, axis, turns)
    return labels


def test_the_answer_follows_an_independent_simulation_and_other_orientations_fail():
    for seed in range(30):
        problem = _gen(ENV, seed, seed / 30)
        labels = _simulate(problem.prompt)
        right = (labels["top"], labels["front"], labels["right"])
        assert _score(problem, "{}, {}, {}".format(*right)) == 1.0
        assert _score(problem, "{} {} {}".format(*right)) == 1.0
        for other in itertools.permutations(right):
            if other != right:
                assert _score(problem, "{}, {}, {}".format(*other)) == 0.0
        assert _score(problem, f"{right[0]}, {right[1]}") == 0.0
        assert _score(problem, "{}, {}, {}".format(*(7 - v for v in right))) == 0.0
