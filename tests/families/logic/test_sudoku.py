"""What ``rlvr/Sudoku-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools

import pytest
from pysat.solvers import Solver

from tests.families.logic.helpers import _gen, _score


# -- Sudoku ------------------------------------------------------------------------------
def _sudoku_models(puzzle: list[str], limit: int = 2) -> list[list[list[int]]]:
    """Solutions by Glucose 3 on the minimal encoding (cells at least one digit, groups at
    most one), enumerated with blocking clauses: another solver and another encoding than
    the generator's."""
    n = len(puzzle)
    bh, bw = {4: (2, 2), 6: (2, 3), 9: (3, 3)}[n]

    def var(r: int, c: int, d: int) -> int:
        return (r * n + c) * n + d

    groups = [[(r, c) for c in range(n)] for r in range(n)]
    groups += [[(r, c) for r in range(n)] for c in range(n)]
    groups += [
        [(br + i, bc + j) for i in range(bh) for j in range(bw)]
        for br in range(0, n, bh)
        for bc in range(0, n, bw)
    ]
    clauses = [[var(r, c, d) for d in range(1, n + 1)] for r in range(n) for c in range(n)]
    for group in groups:
        for d in range(1, n + 1):
            for (r1, c1), (r2, c2) in itertools.combinations(group, 2):
                clauses.append([-var(r1, c1, d), -var(r2, c2, d)])
    for r, row in enumerate(puzzle):
        for c, char in enumerate(row):
            if char != ".":
                clauses.append([var(r, c, int(char))])
    found = []
    with Solver(name="glucose3", bootstrap_with=clauses) as solver:
        while len(found) < limit and solver.solve():
            model = {lit for lit in solver.get_model() if lit > 0}
            grid = [
                [next(d for d in range(1, n + 1) if var(r, c, d) in model) for c in range(n)]
                for r in range(n)
            ]
            found.append(grid)
            solver.add_clause([-var(r, c, grid[r][c]) for r in range(n) for c in range(n)])
    return found


@pytest.mark.parametrize("size", [4, 6, 9])
def test_sudoku_puzzles_have_exactly_one_solution(size):
    for seed, clues in itertools.product(range(6), (0.2, 0.5)):
        problem = _gen("rlvr/Sudoku-v0", seed, size=size, clues=clues)
        solutions = _sudoku_models(problem.meta["puzzle"])
        assert len(solutions) == 1
        assert "\n".join("".join(map(str, row)) for row in solutions[0]) == problem.answer


def test_sudoku_clue_counts_follow_the_knob_until_uniqueness_stops_them():
    for clues in (0.4, 0.6, 0.8):
        problem = _gen("rlvr/Sudoku-v0", 3, size=9, clues=clues)
        given = sum(ch != "." for row in problem.meta["puzzle"] for ch in row)
        assert given == round(clues * 81)
    hardest = _gen("rlvr/Sudoku-v0", 3, size=9, clues=0.2)
    assert 17 <= sum(ch != "." for row in hardest.meta["puzzle"] for ch in row) <= 30


def test_sudoku_accepts_spaced_and_boxed_grids_and_rejects_broken_ones():
    problem = _gen("rlvr/Sudoku-v0", 1, size=4)
    rows = problem.answer.split("\n")
    boxed = "\n".join(f"{r[0]} {r[1]} | {r[2]} {r[3]}" for r in rows[:2])
    boxed += "\n----+----\n" + "\n".join(f"{r[0]} {r[1]} | {r[2]} {r[3]}" for r in rows[2:])
    assert _score(problem, boxed).reward == 1.0
    assert _score(problem, " / ".join(rows)).reward == 1.0
    assert _score(problem, "".join(rows)).reward == 1.0
    assert _score(problem, "\n".join(",".join(row) for row in rows)).reward == 1.0
    swapped = [rows[0][1] + rows[0][0] + rows[0][2:], *rows[1:]]  # row still valid
    assert _score(problem, "\n".join(swapped)).reward == 0.0
    assert _score(problem, "\n".join(rows[:3])).reason == "unparsable"
    assert _score(problem, problem.answer.replace("1", "x")).reason == "unparsable"
