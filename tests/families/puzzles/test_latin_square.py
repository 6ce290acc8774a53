"""What ``rlvr/LatinSquare-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import dataclasses
import itertools

from hypothesis import given
from hypothesis import strategies as st

from tests.families.puzzles.helpers import DIFFICULTY, PERTURB, SEED, _gen, _score

ENV = "rlvr/LatinSquare-v0"


def _completions(puzzle: list[str], limit: int = 2) -> list[list[list[int]]]:
    """Completions of ``puzzle`` by plain backtracking over sets (no SAT), up to ``limit``."""
    n = len(puzzle)
    grid = [[0 if ch == "." else int(ch) for ch in row] for row in puzzle]
    found: list[list[list[int]]] = []

    def search() -> None:
        if len(found) >= limit:
            return
        best = None
        for r, c in itertools.product(range(n), range(n)):
            if grid[r][c] == 0:
                used = set(grid[r]) | {grid[k][c] for k in range(n)}
                options = [d for d in range(1, n + 1) if d not in used]
                if best is None or len(options) < len(best[2]):
                    best = (r, c, options)
        if best is None:
            found.append([row[:] for row in grid])
            return
        r, c, options = best
        for d in options:
            grid[r][c] = d
            search()
            grid[r][c] = 0

    search()
    return found


def _is_latin(grid: list[list[int]], puzzle: list[str]) -> bool:
    n = len(puzzle)
    if len(grid) != n or any(len(row) != n for row in grid):
        return False
    digits = set(range(1, n + 1))
    rows_ok = all(set(row) == digits for row in grid)
    cols_ok = all({grid[r][c] for r in range(n)} == digits for c in range(n))
    kept = all(ch == "." or grid[r][c] == int(ch) for r, row in enumerate(puzzle)
               for c, ch in enumerate(row))  # fmt: skip
    return rows_ok and cols_ok and kept


def _text(grid: list[list[int]]) -> str:
    return "\n".join("".join(map(str, row)) for row in grid)


def test_puzzles_have_exactly_one_completion_the_reference():
    for seed, size, givens in itertools.product(range(4), (3, 4, 5, 6), (0.1, 0.5)):
        problem = _gen(ENV, seed, size=size, givens=givens)
        solutions = _completions(problem.meta["puzzle"])
        assert len(solutions) == 1
        assert _text(solutions[0]) == problem.answer


def test_givens_follow_the_knob_until_uniqueness_stops_them():
    for givens in (0.5, 0.7, 0.9):
        problem = _gen(ENV, 3, size=7, givens=givens)
        shown = sum(ch != "." for row in problem.meta["puzzle"] for ch in row)
        assert shown == round(givens * 49)
    fewest = _gen(ENV, 3, size=7, givens=0.1)
    assert sum(ch != "." for row in fewest.meta["puzzle"] for ch in row) < 0.5 * 49


def test_any_latin_square_scores_when_nothing_is_given():
    problem = _gen(ENV, 5, size=5)
    blank = dataclasses.replace(problem, meta={**problem.meta, "puzzle": ["....."] * 5})
    cyclic = [[(r + c) % 5 + 1 for c in range(5)] for r in range(5)]
    assert cyclic != [list(map(int, row)) for row in problem.answer.split("\n")]
    assert _score(blank, _text(cyclic)).reward == 1.0
    first_two = _completions(["....."] * 5, limit=2)
    assert all(_score(blank, _text(g)).reward == 1.0 for g in first_two)
    broken = [row[:] for row in cyclic]
    broken[0][0], broken[0][1] = broken[0][1], broken[0][0]  # rows fine, columns broken
    assert _score(blank, _text(broken)).reason == "wrong"


def test_syntax_variants_and_broken_grids():
    problem = _gen(ENV, 1, size=4)
    rows = problem.answer.split("\n")
    assert _score(problem, " / ".join(rows)).reward == 1.0
    assert _score(problem, "".join(rows)).reward == 1.0
    assert _score(problem, "\n".join(" ".join(row) for row in rows)).reward == 1.0
    assert _score(problem, "\n".join(",".join(row) for row in rows)).reward == 1.0
    assert _score(problem, "\n".join(f"| {' | '.join(r)} |" for r in rows)).reward == 1.0
    assert _score(problem, "\n".join(rows[:3])).reason == "unparsable"  # missing row
    assert _score(problem, "\n".join([*rows, rows[0]])).reason == "unparsable"  # extra row
    assert _score(problem, "\n".join([rows[0] + "1", *rows[1:]])).reason == "unparsable"
    assert _score(problem, problem.answer.replace("4", "5")).reason == "unparsable"  # range
    assert _score(problem, problem.answer.replace("4", "0")).reason == "unparsable"
    assert _score(problem, "\n".join(problem.meta["puzzle"])).reason == "unparsable"
    swapped = [rows[0][1] + rows[0][0] + rows[0][2:], *rows[1:]]
    assert _score(problem, "\n".join(swapped)).reward == 0.0
    assert _score(problem, "x" * 100_000).reason == "unparsable"


@PERTURB
@given(seed=SEED, difficulty=DIFFICULTY, data=st.data())
def test_a_perturbed_grid_scores_as_an_independent_check_says(seed, difficulty, data):
    problem = _gen(ENV, seed, difficulty)
    n = problem.meta["size"]
    grid = [list(map(int, row)) for row in problem.answer.split("\n")]
    for _ in range(data.draw(st.integers(0, 3))):
        r, c = data.draw(st.integers(0, n - 1)), data.draw(st.integers(0, n - 1))
        if data.draw(st.booleans()):
            grid[r][c] = data.draw(st.integers(1, n))
        else:  # swap two cells of a row: rows stay permutations
            c2 = data.draw(st.integers(0, n - 1))
            grid[r][c], grid[r][c2] = grid[r][c2], grid[r][c]
    verdict = _score(problem, _text(grid))
    assert verdict.reward == (1.0 if _is_latin(grid, problem.meta["puzzle"]) else 0.0)
