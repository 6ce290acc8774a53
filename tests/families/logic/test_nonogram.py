"""What ``rlvr/Nonogram-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from tests.families.logic.helpers import DIFFICULTY, PERTURB, SEED, _gen, _score


# -- nonograms -------------------------------------------------------------------------------
def _runs(line) -> list[int]:
    text = "".join("#" if v else "." for v in line)
    return [len(run) for run in text.split(".") if run] or [0]


def test_nonograms_are_unique_by_brute_force_and_any_fitting_grid_scores_one():
    for seed, size in [*itertools.product(range(5), (2, 3)), (0, 4), (1, 4)]:
        problem = _gen("rlvr/Nonogram-v0", seed, size=size)
        rows, cols = problem.meta["rows"], problem.meta["cols"]
        fitting = []
        for cells in itertools.product((0, 1), repeat=size * size):
            grid = [cells[r * size : (r + 1) * size] for r in range(size)]
            if [_runs(r) for r in grid] == rows and [_runs(c) for c in zip(*grid)] == cols:
                fitting.append(grid)
        assert len(fitting) == 1 or not problem.meta["unique"]
        for grid in fitting:
            text = "\n".join(" ".join("1" if v else "0" for v in row) for row in grid)
            assert _score(problem, text).reward == 1.0


def test_nonograms_accept_every_grid_that_fits_an_ambiguous_clue_set():
    problem = _gen("rlvr/Nonogram-v0", 0, size=2)
    problem.meta.update(rows=[[1], [1]], cols=[[1], [1]], unique=False)  # two diagonals
    assert _score(problem, "#.\n.#").reward == 1.0
    assert _score(problem, ".#\n#.").reward == 1.0
    assert _score(problem, "##\n..").reward == 0.0


@PERTURB
@given(seed=SEED, difficulty=DIFFICULTY, data=st.data())
def test_nonogram_verdict_equals_independent_clue_check(seed, difficulty, data):
    problem = _gen("rlvr/Nonogram-v0", seed, difficulty)
    grid = [[ch == "#" for ch in row] for row in problem.answer.split("\n")]
    n = len(grid)
    for _ in range(data.draw(st.integers(1, 3))):
        r, c = data.draw(st.integers(0, n - 1)), data.draw(st.integers(0, n - 1))
        grid[r][c] = not grid[r][c]
    fits = [_runs(r) for r in grid] == problem.meta["rows"] and [
        _runs(c) for c in zip(*grid)
    ] == problem.meta["cols"]
    text = "\n".join("".join("#" if v else "." for v in row) for row in grid)
    assert _score(problem, text).correct == fits
