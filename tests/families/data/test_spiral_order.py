"""What ``rlvr/SpiralOrder-v0`` must do beyond the generic family contract: the order is the
classic numpy peel (take the top row, rotate the rest a quarter turn counter-clockwise) of
the printed matrix turned so that the stated corner and direction become top-left and
clockwise."""

from __future__ import annotations

import re

import numpy as np

from tests.families.data.helpers import _gen, _score

# clockwise from a corner = clockwise from top-left after rotating the corner there
TURNS = {"top-left": 0, "top-right": 1, "bottom-right": 2, "bottom-left": 3}


def peel(m: np.ndarray) -> list[int]:
    out: list[int] = []
    while m.size:
        out.extend(m[0].tolist())
        m = np.rot90(m[1:])
    return out


def test_the_spiral_is_numpys_peel_of_the_turned_matrix():
    for seed in range(30):
        problem = _gen("rlvr/SpiralOrder-v0", seed, seed / 29)
        grid = problem.prompt.split("columns):\n", 1)[1].split("\n\n", 1)[0]
        m = np.array([[int(v) for v in line.split()] for line in grid.splitlines()])
        corner, way = re.search(
            r"start at the (\S+) corner and walk (\S+) ", problem.prompt
        ).groups()
        turned = np.rot90(m, TURNS[corner])  # the stated corner moved to the top left
        if way == "counter-clockwise":  # counter-clockwise on a matrix: clockwise on its transpose
            turned = turned.T
        order = peel(turned)
        assert _score(problem, ", ".join(map(str, order))) == 1.0
        assert _score(problem, ", ".join(map(str, order[::-1]))) == 0.0
        assert _score(problem, ", ".join(map(str, m.flatten().tolist()))) == 0.0
