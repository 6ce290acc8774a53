"""What ``rlvr/PaperFolding-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import re

import numpy as np

from tests.families.spatial.helpers import _gen, _score

ENV = "rlvr/PaperFolding-v0"
_UNFOLD = {  # the fold's words -> how the packet opens out again
    "left half over onto the right": lambda p: np.hstack([np.fliplr(p), p]),
    "right half over onto the left": lambda p: np.hstack([p, np.fliplr(p)]),
    "top half down onto the bottom": lambda p: np.vstack([np.flipud(p), p]),
    "bottom half up onto the top": lambda p: np.vstack([p, np.flipud(p)]),
}


def _unfold(prompt):
    """Open the punched packet fold by fold, last fold first, mirroring it each time."""
    folds = re.findall(r"^\d+\. Fold the (.*) half\.$", prompt, re.M)
    packet = prompt.split("marked x:\n")[1].split("\n\n")[0].splitlines()
    sheet = np.array([[ch == "x" for ch in row] for row in packet])
    for words in reversed(folds):
        sheet = _UNFOLD[words](sheet)
    return ["".join("o" if v else "." for v in row) for row in sheet]


def test_the_holes_follow_an_independent_unfolding_and_other_sheets_fail():
    for seed in range(30):
        problem = _gen(ENV, seed, seed / 30)
        rows = _unfold(problem.prompt)
        assert _score(problem, "\n".join(rows)) == 1.0
        assert _score(problem, "\n".join(" ".join(r) for r in rows)) == 1.0
        assert _score(problem, "\n".join(rows[::-1])) == float(rows == rows[::-1])
        assert _score(problem, "\n".join(rows[:-1])) == 0.0
        flipped = [rows[0].replace("o", "*").replace(".", "o").replace("*", "."), *rows[1:]]
        assert _score(problem, "\n".join(flipped)) == 0.0
