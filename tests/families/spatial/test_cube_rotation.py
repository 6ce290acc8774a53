"""What ``rlvr/CubeRotation-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import re

from tests.families.spatial.helpers import _gen, _score, turn_labels

ENV = "rlvr/CubeRotation-v0"
_AXIS = {
    "clockwise as seen from above": ("z", -1),
    "anticlockwise as seen from above": ("z", 1),
    "forwards (the top moves towards you)": ("x", 1),
    "backwards (the top moves away from you)": ("x", -1),
    "to the right (the top moves to the right)": ("y", 1),
    "to the left (the top moves to the left)": ("y", -1),
}
_AMOUNT = {"a quarter turn": 1, "a half turn": 2, "three quarters of a turn": 3}


def _simulate(prompt):
    labels = dict(re.findall(r"(top|bottom|front|back|left|right): (\w+)", prompt))
    for amount, words in re.findall(r"^\d+\. Turn the cube (.+? turns?) (.*)\.$", prompt, re.M):
        axis, sign = _AXIS[words]
        labels = turn_labels(labels, axis, sign * _AMOUNT[amount])
    return labels


def test_the_answer_follows_an_independent_simulation_and_other_answers_fail():
    for seed in range(30):
        problem = _gen(ENV, seed, seed / 30)
        labels = _simulate(problem.prompt)
        right = [labels["top"], labels["front"], labels["right"]]
        assert _score(problem, ", ".join(right)) == 1.0
        assert _score(problem, " ".join(w.upper() for w in right)) == 1.0
        assert _score(problem, ", ".join([right[1], right[0], right[2]])) == 0.0
        assert _score(problem, ", ".join([labels["bottom"], right[1], right[2]])) == 0.0
        assert _score(problem, ", ".join(right[:2])) == 0.0
