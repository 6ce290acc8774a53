"""What ``rlvr/Bearings-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import re

from tests.families.spatial.helpers import _gen, _score

ENV = "rlvr/Bearings-v0"
_POINTS = {"north": 0, "north-east": 45, "east": 90, "south-east": 135, "south": 180}
_POINTS |= {"south-west": 225, "west": 270, "north-west": 315}


def _follow(prompt):
    bearing = int(re.search(r"start facing bearing (\d+)", prompt)[1])
    for line in re.findall(r"^\d+\. (.*)$", prompt, re.M):
        if m := re.fullmatch(r"Turn (\d+) degrees to your (right|left) .*", line):
            bearing += int(m[1]) if m[2] == "right" else -int(m[1])
        elif m := re.fullmatch(r"Turn to face (.*)\.", line):
            bearing = _POINTS[m[1]]
        else:
            assert line.startswith("Turn about")
            bearing += 180
    return bearing % 360


def test_the_bearing_follows_the_turns_and_other_bearings_fail():
    for seed in range(40):
        problem = _gen(ENV, seed, seed / 40)
        bearing = _follow(problem.prompt)
        assert _score(problem, f"{bearing:03d}") == 1.0
        assert _score(problem, f"{bearing}°") == 1.0
        assert _score(problem, str(bearing + 360)) == 0.0
        assert _score(problem, str((bearing + 180) % 360)) == 0.0
        assert _score(problem, str((360 - bearing) % 360)) == float(bearing in (0, 180))
