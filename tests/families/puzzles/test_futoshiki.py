"""What ``rlvr/Futoshiki-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import dataclasses
import itertools

from hypothesis import given
from hypothesis import strategies as st

from tests.families.puzzles.helpers import DIFFICULTY, PERTURB, SEED, _gen, _score

ENV = "rlvr/Futoshiki-v0"


def _holds(grid, sign) -> bool:
    r1, c1, r2, c2, op = sign
    a, b = grid[r1][c1], grid[r2][c2]
    return a < b if op == "<" else a > b


def _solutions(puzzle: list[str], signs: list, limit: int = 2) -> list[list[list[int]]]:
    """Solutions by cell-by-cell backtracking in reading order (no SAT), up to ``limit``."""
    n = len(puzzle)
    grid = [[0] * n for _ in range(n)]
    by_cell: dict[tuple[int, int], list] = {}
    for sign in signs:
        later = max((sign[0], sign[1]), (sign[2], sign[3]))
        by_cell.setdefault(later, []).append(sign)
    found: list[list[list[int]]] = []

    def fill(i: int) -> None:
        if len(found) >= limit:
            return
        if i == n * n:
            found.append([row[:] for row in grid])
            return
        r, c = divmod(i, n)
        options = [int(puzzle[r][c])] if puzzle[r][c] != "." else range(1, n + 1)
        for d in options:
            if d in grid[r][:c] or any(grid[k][c] == d for k in range(r)):
                continue
            grid[r][c] = d
            if all(_holds(grid, s) for s in by_cell.get((r, c), [])):
                fill(i + 1)
            grid[r][c] = 0

    fill(0)
    return found


def _valid(grid, meta) -> bool:
    n = meta["size"]
    digits = set(range(1, n + 1))
    if any(set(row) != digits for row in grid):
        return False
    if any({grid[r][c] for r in range(n)} != digits for c in range(n)):
        return False
    if any(ch != "." and grid[r][c] != int(ch) for r, row in enumerate(meta["puzzle"])
           for c, ch in enumerate(row)):  # fmt: skip
        return False
    return all(_holds(grid, s) for s in meta["signs"])


def _text(grid) -> str:
    return "\n".join("".join(map(str, row)) for row in grid)


def test_puzzles_have_exactly_one_solution_the_reference():
    for seed, size, difficulty in itertools.product(range(3), (3, 4, 5), (0.0, 1.0)):
        problem = _gen(ENV, seed, size=size, givens=0.3 * (1 - difficulty), signs=0.5)
        found = _solutions(problem.meta["puzzle"], problem.meta["signs"])
        assert len(found) == 1
        assert _text(found[0]) == problem.answer
    hard = _gen(ENV, 11, size=6, givens=0.0, signs=0.1)
    assert [_text(g) for g in _solutions(hard.meta["puzzle"], hard.meta["signs"])] == [hard.answer]


def test_the_prompt_draws_every_sign_and_given():
    problem = _gen(ENV, 2, size=5, givens=0.2, signs=0.5)
    meta = problem.meta
    lines = problem.prompt.split("\n\n")[1].split("\n")
    assert len(lines) == 9
    for r1, c1, r2, _, op in meta["signs"]:
        if r1 == r2:
            assert lines[2 * r1][4 * c1 + 2] == op
        else:
            assert lines[2 * r1 + 1][4 * c1] == {"<": "^", ">": "v"}[op]
    for r, row in enumerate(meta["puzzle"]):
        assert "".join(lines[2 * r][4 * c] for c in range(5)) == row


def test_knobs_shape_the_clues():
    many = _gen(ENV, 4, size=6, givens=0.5, signs=0.9)
    few = _gen(ENV, 4, size=6, givens=0.0, signs=0.0)
    count = lambda p: sum(ch != "." for row in p.meta["puzzle"] for ch in row)  # noqa: E731
    assert count(many) == 18 and len(many.meta["signs"]) == 54
    assert count(few) < 18 and len(few.meta["signs"]) < 54


def test_any_grid_that_keeps_the_rules_scores():
    problem = _gen(ENV, 5, size=4)
    meta = {"size": 4, "puzzle": ["...."] * 4, "signs": [[0, 0, 0, 1, "<"], [0, 0, 1, 0, ">"]]}
    loose = dataclasses.replace(problem, meta=meta)
    several = _solutions(meta["puzzle"], meta["signs"], limit=30)
    assert len(several) == 30
    assert all(_score(loose, _text(g)).reward == 1.0 for g in several)
    cyclic = [[(r + c) % 4 + 1 for c in range(4)] for r in range(4)]  # 1 < 2 but 1 > 2 fails
    verdict = _score(loose, _text(cyclic))
    assert verdict.reward == 0.0 and "sign" in verdict.details["why"]


def test_syntax_variants_and_broken_grids():
    problem = _gen(ENV, 1, size=5)
    rows = problem.answer.split("\n")
    assert _score(problem, " / ".join(rows)).reward == 1.0
    assert _score(problem, "".join(rows)).reward == 1.0
    assert _score(problem, "\n".join(" ".join(row) for row in rows)).reward == 1.0
    assert _score(problem, "\n".join(rows[:4])).reason == "unparsable"
    assert _score(problem, "\n".join([*rows, rows[0]])).reason == "unparsable"
    assert _score(problem, problem.answer.replace("5", "6")).reason == "unparsable"
    assert _score(problem, problem.answer.replace("1", "<")).reason == "unparsable"
    flipped = [row[::-1] for row in rows]  # still a Latin square that keeps the givens?
    assert _score(problem, _text([list(map(int, r)) for r in flipped])).reward == (
        1.0 if _valid([list(map(int, r)) for r in flipped], problem.meta) else 0.0
    )
    assert _score(problem, "9" * 50_000).reason == "unparsable"


@PERTURB
@given(seed=SEED, difficulty=DIFFICULTY, data=st.data())
def test_a_perturbed_grid_scores_as_an_independent_check_says(seed, difficulty, data):
    problem = _gen(ENV, seed, difficulty)
    n = problem.meta["size"]
    grid = [list(map(int, row)) for row in problem.answer.split("\n")]
    for _ in range(data.draw(st.integers(0, 3))):
        kind = data.draw(st.sampled_from(["cell", "rows", "digits"]))
        if kind == "cell":
            r, c = data.draw(st.integers(0, n - 1)), data.draw(st.integers(0, n - 1))
            grid[r][c] = data.draw(st.integers(1, n))
        elif kind == "rows":  # swapping rows keeps a Latin square; signs or givens may break
            a, b = data.draw(st.integers(0, n - 1)), data.draw(st.integers(0, n - 1))
            grid[a], grid[b] = grid[b], grid[a]
        else:  # relabel two digits everywhere
            a, b = data.draw(st.integers(1, n)), data.draw(st.integers(1, n))
            grid = [[b if v == a else a if v == b else v for v in row] for row in grid]
    verdict = _score(problem, _text(grid))
    assert verdict.reward == (1.0 if _valid(grid, problem.meta) else 0.0)


def test_each_sign_selector_allows_exactly_the_pairs_its_sign_holds_for():
    from pysat.solvers import Solver

    from rlvr_envs.families.puzzles.futoshiki import _cnf, _sign_var, pairs
    from rlvr_envs.families.puzzles.latin import cell_var

    n = 4
    solver = Solver(name="minisat22", bootstrap_with=_cnf(n))
    for index in (0, 5, len(pairs(n)) - 1):  # a row pair, another, a column pair
        r1, c1, r2, c2 = pairs(n)[index]
        for less, a, b in itertools.product((True, False), range(1, n + 1), range(1, n + 1)):
            cells = [cell_var(n, r1, c1, a), cell_var(n, r2, c2, b)]
            allowed = a != b and (a < b if less else a > b)
            assert solver.solve(assumptions=[_sign_var(n, index, less), *cells]) == allowed
    solver.delete()
