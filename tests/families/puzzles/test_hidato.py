"""What ``rlvr/Hidato-v0`` must do beyond the generic family contract."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.families.puzzles.helpers import DIFFICULTY, PERTURB, SEED, _gen, _score

ENV = "rlvr/Hidato-v0"


def _touch(a, b, king):
    dr, dc = abs(a[0] - b[0]), abs(a[1] - b[1])
    return (dr, dc) != (0, 0) and (max(dr, dc) == 1 if king else dr + dc == 1)


def _valid(meta, grid):
    """The rules, checked here without the family's code."""
    n = meta["size"]
    if len(grid) != n or any(len(row) != n for row in grid):
        return False
    cells = {grid[r][c]: (r, c) for r in range(n) for c in range(n)}
    if sorted(cells) != list(range(1, n * n + 1)):
        return False
    for r, row in enumerate(meta["puzzle"]):
        for c, v in enumerate(row):
            if v is not None and grid[r][c] != v:
                return False
    return all(_touch(cells[k], cells[k + 1], meta["king"]) for k in range(1, n * n))


def _paths(meta, limit):
    """Depth-first search from the cell of 1, stepping to neighbours, honouring givens."""
    n, king = meta["size"], meta["king"]
    at = {v: (r, c) for r, row in enumerate(meta["puzzle"]) for c, v in enumerate(row) if v}
    given_cells = set(at.values())
    grid = [[0] * n for _ in range(n)]
    found = []

    def go(k, cell):
        if len(found) >= limit:
            return
        grid[cell[0]][cell[1]] = k
        if k == n * n:
            found.append([row[:] for row in grid])
        elif k + 1 in at:
            if _touch(cell, at[k + 1], king):
                go(k + 1, at[k + 1])
        else:
            r, c = cell
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    nxt = (r + dr, c + dc)
                    if (
                        0 <= nxt[0] < n
                        and 0 <= nxt[1] < n
                        and _touch(cell, nxt, king)
                        and grid[nxt[0]][nxt[1]] == 0
                        and nxt not in given_cells
                    ):
                        go(k + 1, nxt)
        grid[cell[0]][cell[1]] = 0

    go(1, at[1])
    return found


def _text(grid):
    return "\n".join(" ".join(map(str, row)) for row in grid)


def _grid(problem):
    return [[int(x) for x in row.split()] for row in problem.answer.split("\n")]


def test_every_independently_found_path_scores_one():
    several = 0
    for seed in range(10):
        for variant in ("numbrix", "hidato"):
            problem = _gen(ENV, seed, size=4, givens=0.2, variant=variant)
            found = _paths(problem.meta, limit=5)
            assert found
            several += len(found) > 1
            for grid in found:
                assert _valid(problem.meta, grid)
                assert _score(problem, _text(grid)).reward == 1.0
    assert several >= 5


def test_the_drawn_path_and_givens_follow_the_knobs():
    for seed in range(10):
        problem = _gen(ENV, seed, size=7, givens=0.3, variant="numbrix")
        meta = problem.meta
        assert _valid(meta, _grid(problem))
        shown = [v for row in meta["puzzle"] for v in row if v is not None]
        assert 1 in shown and 49 in shown and len(shown) == round(0.3 * 49)


def test_syntax_variants_parse_and_rule_breaking_grids_fail():
    problem = _gen(ENV, 3, size=5, givens=0.3, variant="hidato")
    meta = problem.meta
    grid = _grid(problem)
    assert _score(problem, " / ".join(" ".join(map(str, r)) for r in grid)).reward == 1.0
    assert _score(problem, "\n".join(",".join(map(str, r)) for r in grid)).reward == 1.0
    assert _score(problem, " ".join(str(v) for r in grid for v in r)).reward == 1.0
    # reversing the numbering keeps every adjacency but moves 1 and N
    assert _score(problem, _text([[26 - v for v in r] for r in grid])).reward == 0.0
    bad = [r[:] for r in grid]
    bad[0][0] = 26
    assert _score(problem, _text(bad)).reason == "unparsable"
    bad = [r[:] for r in grid]
    bad[0][0] = bad[0][1]
    assert _score(problem, _text(bad)).reason == "wrong"
    assert _score(problem, _text(grid[:4])).reason == "unparsable"
    assert _score(problem, _text([[*r, 1] for r in grid])).reason == "unparsable"
    assert _score(problem, problem.answer.replace("1", "x", 1)).reason == "unparsable"
    serpentine = [[r * 5 + (c if r % 2 == 0 else 4 - c) + 1 for c in range(5)] for r in range(5)]
    assert _score(problem, _text(serpentine)).correct == _valid(meta, serpentine)


@PERTURB
@given(seed=SEED, difficulty=DIFFICULTY, data=st.data())
def test_perturbed_grids_score_as_an_independent_rule_check_says(seed, difficulty, data):
    problem = _gen(ENV, seed, difficulty)
    n = problem.meta["size"]
    grid = _grid(problem)
    kind = data.draw(st.sampled_from(["swap", "set", "flip", "none"]))
    if kind == "swap":
        a, b = data.draw(st.integers(0, n * n - 1)), data.draw(st.integers(0, n * n - 1))
        grid[a // n][a % n], grid[b // n][b % n] = grid[b // n][b % n], grid[a // n][a % n]
    elif kind == "set":
        i = data.draw(st.integers(0, n * n - 1))
        grid[i // n][i % n] = data.draw(st.integers(1, n * n))
    elif kind == "flip":
        grid = [row[::-1] for row in grid]
    verdict = _score(problem, _text(grid))
    assert verdict.correct == _valid(problem.meta, grid)
