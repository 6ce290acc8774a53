"""What ``rlvr/GridVisibility-v0`` must do beyond the generic family contract."""

from __future__ import annotations

from tests.families.spatial.helpers import _gen, _score

ENV = "rlvr/GridVisibility-v0"


def _count(prompt):
    """For each open square, look for a guard on a shared line with no wall between."""
    grid = prompt.split("guards (G):\n\n")[1].split("\n\n")[0].splitlines()
    diagonals = "both diagonals" in prompt
    guards = [(r, c) for r, row in enumerate(grid) for c, ch in enumerate(row) if ch == "G"]
    total = 0
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            if ch != ".":
                continue
            for gr, gc in guards:
                dr, dc = gr - r, gc - c
                lined = dr == 0 or dc == 0 or (diagonals and abs(dr) == abs(dc))
                if not lined:
                    continue
                steps = max(abs(dr), abs(dc))
                between = [grid[r + dr * k // steps][c + dc * k // steps] for k in range(1, steps)]
                if "#" not in between:
                    total += 1
                    break
    return total


def test_the_count_follows_a_line_of_sight_check_and_near_counts_fail():
    for seed in range(30):
        problem = _gen(ENV, seed, seed / 30)
        count = _count(problem.prompt)
        assert _score(problem, str(count)) == 1.0
        assert _score(problem, str(count + 1)) == 0.0
        assert _score(problem, str(count - 1)) == 0.0
