"""What ``rlvr/CubeStackViews-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools

from tests.families.spatial.helpers import _gen, _score

ENV = "rlvr/CubeStackViews-v0"


def _brute_range(top, front, side):
    """Fewest and most cubes over every height map agreeing with the views."""
    cells = [(r, c) for r, row in enumerate(top) for c, ch in enumerate(row) if ch == "#"]
    totals = []
    for heights in itertools.product(range(1, max(front) + 1), repeat=len(cells)):
        grid = {cell: h for cell, h in zip(cells, heights)}
        cols = [
            max((h for (r, c), h in grid.items() if c == j), default=0) for j in range(len(front))
        ]
        rows = [
            max((h for (r, c), h in grid.items() if r == i), default=0) for i in range(len(side))
        ]
        if cols == front and rows == side:
            totals.append(sum(heights))
    return min(totals), max(totals)


def test_the_range_matches_an_exhaustive_search_and_other_answers_fail():
    for seed in range(10):
        problem = _gen(ENV, seed, size=3, height=2 + (seed % 4 == 0))
        meta = problem.meta
        fewest, most = _brute_range(meta["top"], meta["front"], meta["side"])
        assert _score(problem, f"{fewest}, {most}") == 1.0
        assert _score(problem, f"{fewest} {most}") == 1.0
        assert _score(problem, f"{most}, {fewest}") == float(fewest == most)
        assert _score(problem, f"{fewest}, {most + 1}") == 0.0
        assert _score(problem, f"{fewest}") == 0.0
