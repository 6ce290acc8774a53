"""What ``rlvr/TetrisDrop-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import re

import numpy as np

from tests.families.spatial.helpers import _gen, _score

ENV = "rlvr/TetrisDrop-v0"


def _simulate(prompt):
    """Drop the drawn pieces into a numpy well (row 0 at the top) and measure the columns."""
    width = int(re.search(r"A well is (\d+) columns wide", prompt)[1])
    clear = "disappears" in prompt
    well = np.zeros((60, width), dtype=bool)
    for column, drawing in re.findall(r"column (\d+)\):\n([#.\n]+?)(?:\n\n|$)", prompt):
        piece = np.array([[ch == "#" for ch in line] for line in drawing.strip().splitlines()])
        h, w = piece.shape
        left = int(column) - 1
        top = 0
        while top + h < 60 and not (well[top + 1 : top + 1 + h, left : left + w] & piece).any():
            top += 1
        well[top : top + h, left : left + w] |= piece
        if clear:
            keep = well[~well.all(axis=1)]
            well = np.vstack([np.zeros((60 - len(keep), width), dtype=bool), keep])
    return [int(60 - np.argmax(col)) if col.any() else 0 for col in well.T]


def test_the_heights_follow_a_numpy_well_and_other_heights_fail():
    for seed in range(30):
        problem = _gen(ENV, seed, seed / 30)
        heights = _simulate(problem.prompt)
        assert _score(problem, " ".join(map(str, heights))) == 1.0
        assert _score(problem, ", ".join(map(str, heights))) == 1.0
        assert _score(problem, " ".join(map(str, heights[::-1]))) == float(heights == heights[::-1])
        assert _score(problem, " ".join(map(str, heights[:-1]))) == 0.0
        bumped = [heights[0] + 1, *heights[1:]]
        assert _score(problem, " ".join(map(str, bumped))) == 0.0
