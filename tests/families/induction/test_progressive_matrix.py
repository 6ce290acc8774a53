"""What ``rlvr/ProgressiveMatrix-v0`` must do beyond the generic family contract: read back
from the prompt's text, every rule of the stated space that fits a feature's eight shown
values gives the reference's value for it, and a cell wrong in one feature fails."""

from __future__ import annotations

import re

import pytest

from tests.families.induction.helpers import _gen, _score


def _cells(prompt):
    rows = re.findall(r"Row \d: (.+)", prompt)
    return [[c.strip().split() for c in row.split("|")] for row in rows]


def _fits(grid, numeric, full):
    """Values the hidden cell can take under each rule that fits (grid[2][2] is None)."""
    out = set()
    a, b, c = grid
    if a[0] == a[1] == a[2] and b[0] == b[1] == b[2] and c[0] == c[1]:
        out.add(c[0])
    if numeric:
        d = a[1] - a[0]
        if d and a[2] - a[1] == d and b[1] - b[0] == d and b[2] - b[1] == d and c[1] - c[0] == d:
            out.add(c[1] + d)
        if full and a[0] + a[1] == a[2] and b[0] + b[1] == b[2]:
            out.add(c[0] + c[1])
    if full and len(set(a)) == 3 and set(a) == set(b) and len({c[0], c[1]}) == 2:
        rest = set(a) - {c[0], c[1]}
        if len(rest) == 1:
            out |= rest
    return out


@pytest.mark.parametrize("difficulty", [0.0, 0.5, 1.0])
def test_every_fitting_rule_gives_the_reference_cell(difficulty):
    for seed in range(6):
        problem = _gen("rlvr/ProgressiveMatrix-v0", seed, difficulty)
        cells = _cells(problem.prompt)
        answer = problem.answer.split()
        full = problem.knobs["rules"] == "all"
        for feature in range(len(answer)):
            grid = [
                [None if (r, c) == (2, 2) else cells[r][c][feature].rstrip("s") for c in range(3)]
                for r in range(3)
            ]
            numeric = feature == 0
            if numeric:
                grid = [[None if v is None else int(v) for v in row] for row in grid]
            expected = int(answer[0]) if numeric else answer[feature].rstrip("s")
            assert _fits(grid, numeric, full) == {expected}
        assert _score(problem, problem.answer.upper()) == 1.0
        assert _score(problem, f"{int(answer[0]) + 1} " + " ".join(answer[1:])) == 0.0
        assert _score(problem, " ".join(answer[1:])) == 0.0
