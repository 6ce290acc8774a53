"""What ``rlvr/LaserMirrors-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import re

from tests.families.spatial.helpers import _gen, _score

ENV = "rlvr/LaserMirrors-v0"
_HEADING = {"east": 1, "west": -1, "north": 1j, "south": -1j}


def _trace(prompt):
    """The beam as complex numbers (x right, y up): / maps d to i conj(d), \\ to -i conj(d)."""
    grid = prompt.split("left.\n\n")[1].split("\n\n")[0].splitlines()
    n_rows, n_cols = len(grid), len(grid[0])
    side, index, heading = re.search(
        r"from the (\w+) edge at \w+ (\d+), heading (\w+)", prompt
    ).groups()
    index = int(index) - 1
    direction = _HEADING[heading]
    row = {"left": index, "right": index, "top": -1, "bottom": n_rows}[side]
    col = {"top": index, "bottom": index, "left": -1, "right": n_cols}[side]
    place, hits = complex(col, -row), 0
    while True:
        place += direction
        col, row = int(place.real), int(-place.imag)
        if not (0 <= row < n_rows and 0 <= col < n_cols):
            break
        if grid[row][col] == "/":
            direction, hits = 1j * direction.conjugate(), hits + 1
        elif grid[row][col] == "\\":
            direction, hits = -1j * direction.conjugate(), hits + 1
    if row < 0:
        return "top", col + 1, hits
    if row >= n_rows:
        return "bottom", col + 1, hits
    return ("left" if col < 0 else "right"), row + 1, hits


def test_the_exit_follows_an_independent_trace_and_other_exits_fail():
    for seed in range(30):
        problem = _gen(ENV, seed, seed / 30)
        side, index, hits = _trace(problem.prompt)
        assert hits >= 1
        assert _score(problem, f"{side} {index}, {hits}") == 1.0
        assert _score(problem, f"{side.upper()} row {index}; {hits} mirrors") == 1.0
        assert _score(problem, f"{side} {index}, {hits + 1}") == 0.0
        assert _score(problem, f"{side} {index + 1}, {hits}") == 0.0
        other = {"top": "bottom", "bottom": "top", "left": "right", "right": "left"}[side]
        assert _score(problem, f"{other} {index}, {hits}") == 0.0
        assert _score(problem, f"{side} {index}") == 0.0
