"""What ``rlvr/RectangleCount-v0`` must do beyond the generic family contract."""

from __future__ import annotations

from tests.families.spatial.helpers import _gen, _score

ENV = "rlvr/RectangleCount-v0"


def _count_from_drawing(prompt):
    """Rectangles read off the ASCII figure itself: corners are '+' characters, sides runs of
    '-' or '+' across and '|' or '+' down."""
    body = prompt.split("turn):\n\n")[1].split("\n\nHow many")[0].splitlines()
    width = max(map(len, body))
    grid = [line.ljust(width) for line in body]
    corners = [(r, c) for r, line in enumerate(grid) for c, ch in enumerate(line) if ch == "+"]
    total = 0
    for r1, c1 in corners:
        for r2, c2 in corners:
            if r2 <= r1 or c2 <= c1 or grid[r1][c2] != "+" or grid[r2][c1] != "+":
                continue
            across = all(grid[r][c] in "-+" for r in (r1, r2) for c in range(c1, c2 + 1))
            down = all(grid[r][c] in "|+" for c in (c1, c2) for r in range(r1, r2 + 1))
            total += across and down
    return total


def test_the_count_matches_the_drawing_and_near_counts_fail():
    for seed in range(25):
        problem = _gen(ENV, seed, seed / 25)
        count = _count_from_drawing(problem.prompt)
        assert _score(problem, str(count)) == 1.0
        assert _score(problem, str(count + 1)) == 0.0
        assert _score(problem, str(len(problem.meta["rects"]))) == float(
            count == len(problem.meta["rects"])
        )
