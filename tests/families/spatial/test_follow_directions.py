"""What ``rlvr/FollowDirections-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import re

from tests.families.spatial.helpers import _gen, _score

ENV = "rlvr/FollowDirections-v0"
_UNIT = {"north": 1j, "east": 1, "south": -1j, "west": -1}


def _simulate(prompt):
    """Position and heading as complex numbers, read from the prompt's own words."""
    heading = _UNIT[re.search(r"facing (\w+)\.", prompt).group(1)]
    place = 0
    for line in re.findall(r"^\d+\. (.*)$", prompt, re.M):
        if line == "Turn left.":
            heading *= 1j
        elif line == "Turn right.":
            heading *= -1j
        elif line == "Turn around.":
            heading *= -1
        else:
            blocks, where = re.fullmatch(r"Walk (\d+) blocks? (.*)\.", line).groups()
            if where != "straight ahead":
                heading = _UNIT[where]
            place += int(blocks) * heading
    letter = {1j: "N", 1: "E", -1j: "S", -1: "W"}[heading]
    return int(place.real), int(place.imag), letter


def test_the_answer_follows_an_independent_walk_and_other_answers_fail():
    for seed in range(30):
        problem = _gen(ENV, seed, seed / 30)
        x, y, letter = _simulate(problem.prompt)
        assert _score(problem, f"{x}, {y}, {letter}") == 1.0
        assert _score(problem, f"({x}, {y}) facing {letter.lower()}") == 1.0
        assert _score(problem, f"{y}, {x}, {letter}") == float(x == y)
        assert _score(problem, f"{x}, {y + 1}, {letter}") == 0.0
        assert _score(problem, f"{x}, {y}") == 0.0
        other = "NESW"[("NESW".index(letter) + 1) % 4]
        assert _score(problem, f"{x}, {y}, {other}") == 0.0
