"""What ``rlvr/KillerSudoku-v0`` must do beyond the generic family contract."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.families.puzzles.helpers import DIFFICULTY, PERTURB, SEED, _gen, _score

ENV = "rlvr/KillerSudoku-v0"
BOX = {4: (2, 2), 6: (2, 3), 9: (3, 3)}


def _units(n):
    bh, bw = BOX[n]
    units = [[(r, c) for c in range(n)] for r in range(n)]
    units += [[(r, c) for r in range(n)] for c in range(n)]
    units += [
        [(br + i, bc + j) for i in range(bh) for j in range(bw)]
        for br in range(0, n, bh)
        for bc in range(0, n, bw)
    ]
    return units


def _valid(meta, grid):
    """The rules, checked here without the family's code."""
    n = meta["size"]
    if len(grid) != n or any(len(row) != n for row in grid):
        return False
    for r, row in enumerate(meta["puzzle"]):
        for c, ch in enumerate(row):
            if ch != "." and grid[r][c] != int(ch):
                return False
    if any(sorted(grid[r][c] for r, c in unit) != list(range(1, n + 1)) for unit in _units(n)):
        return False
    for cage, total in zip(meta["cages"], meta["sums"]):
        digits = [grid[i // n][i % n] for i in cage]
        if len(set(digits)) != len(digits) or sum(digits) != total:
            return False
    return True


def _solutions(meta, limit=2):
    """Plain backtracking over cells in reading order (no SAT): up to ``limit`` solutions."""
    n = meta["size"]
    bh, bw = BOX[n]
    cage_of = {}
    for k, cage in enumerate(meta["cages"]):
        for i in cage:
            cage_of[i] = k
    grid = [[0] * n for _ in range(n)]
    found = []

    def ok(i, d):
        r, c = divmod(i, n)
        if any(grid[r][j] == d for j in range(n)) or any(grid[j][c] == d for j in range(n)):
            return False
        br, bc = r - r % bh, c - c % bw
        if any(grid[br + a][bc + b] == d for a in range(bh) for b in range(bw)):
            return False
        k = cage_of[i]
        cage = meta["cages"][k]
        placed = [grid[j // n][j % n] for j in cage if grid[j // n][j % n]]
        if d in placed:
            return False
        left = len(cage) - len(placed) - 1
        rest = meta["sums"][k] - sum(placed) - d
        return rest >= left and (left > 0 or rest == 0)

    def go(i):
        if len(found) >= limit:
            return
        if i == n * n:
            found.append([row[:] for row in grid])
            return
        r, c = divmod(i, n)
        given = meta["puzzle"][r][c]
        for d in [int(given)] if given != "." else range(1, n + 1):
            if ok(i, d):
                grid[r][c] = d
                go(i + 1)
                grid[r][c] = 0

    go(0)
    return found


def _text(grid):
    return "\n".join("".join(map(str, row)) for row in grid)


def test_puzzles_have_exactly_one_solution_by_independent_search():
    for seed in range(8):
        for knobs in ({"size": 4, "cage": 3, "clues": 0.0}, {"size": 6, "cage": 5, "clues": 0.0}):
            problem = _gen(ENV, seed, **knobs)
            solutions = _solutions(problem.meta)
            assert len(solutions) == 1
            assert _text(solutions[0]) == problem.answer


def test_cages_are_connected_distinct_and_the_prompt_shows_them():
    problem = _gen(ENV, 3, size=9, cage=5, clues=0.1)
    meta = problem.meta
    n = meta["size"]
    cells = sorted(i for cage in meta["cages"] for i in cage)
    assert cells == list(range(n * n))
    answer = [int(ch) for ch in problem.answer.replace("\n", "")]
    for cage in meta["cages"]:
        assert 1 <= len(cage) <= 5 and len({answer[i] for i in cage}) == len(cage)
        reach, todo = {cage[0]}, [cage[0]]
        while todo:
            i = todo.pop()
            for j in cage:
                if j not in reach and abs(i // n - j // n) + abs(i % n - j % n) == 1:
                    reach.add(j)
                    todo.append(j)
        assert reach == set(cage)
    assert "Cage sums: a=" in problem.prompt
    assert _valid(meta, [answer[r * n : (r + 1) * n] for r in range(n)])


def test_syntax_variants_parse_and_rule_breaking_grids_fail():
    problem = _gen(ENV, 1, size=4)
    rows = problem.answer.split("\n")
    boxed = "\n".join(f"{r[0]} {r[1]} | {r[2]} {r[3]}" for r in rows[:2])
    boxed += "\n----+----\n" + "\n".join(f"{r[0]} {r[1]} | {r[2]} {r[3]}" for r in rows[2:])
    assert _score(problem, boxed).reward == 1.0
    assert _score(problem, " / ".join(rows)).reward == 1.0
    assert _score(problem, "".join(rows)).reward == 1.0
    assert _score(problem, "\n".join(",".join(row) for row in rows)).reward == 1.0
    # relabelled digits: still a valid Sudoku, but cage sums (and givens) break
    relabel = str.maketrans("1234", "2341")
    assert _score(problem, problem.answer.translate(relabel)).reward == 0.0
    assert _score(problem, "\n".join(rows[:3])).reason == "unparsable"
    assert _score(problem, "\n".join([*rows, rows[0]])).reason == "unparsable"
    assert _score(problem, problem.answer.replace("1", "5")).reason == "unparsable"
    assert _score(problem, problem.answer.replace("1", "x")).reason == "unparsable"


@PERTURB
@given(seed=SEED, difficulty=DIFFICULTY, data=st.data())
def test_perturbed_grids_score_as_an_independent_rule_check_says(seed, difficulty, data):
    problem = _gen(ENV, seed, difficulty)
    n = problem.meta["size"]
    grid = [[int(ch) for ch in row] for row in problem.answer.split("\n")]
    kind = data.draw(st.sampled_from(["swap", "set", "none"]))
    if kind == "swap":
        a, b = data.draw(st.integers(0, n * n - 1)), data.draw(st.integers(0, n * n - 1))
        ra, ca, rb, cb = a // n, a % n, b // n, b % n
        grid[ra][ca], grid[rb][cb] = grid[rb][cb], grid[ra][ca]
    elif kind == "set":
        i = data.draw(st.integers(0, n * n - 1))
        grid[i // n][i % n] = data.draw(st.integers(1, n))
    verdict = _score(problem, _text(grid))
    assert verdict.correct == _valid(problem.meta, grid)
