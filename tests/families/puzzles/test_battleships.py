"""What ``rlvr/Battleships-v0`` must do beyond the generic family contract."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.families.puzzles.helpers import DIFFICULTY, PERTURB, SEED, _gen, _score

ENV = "rlvr/Battleships-v0"


def _valid(meta, grid):
    """The rules, checked here without the family's code: every 8-connected group of ship
    cells is one straight, gap-free ship, and the ships' lengths are the fleet's."""
    n = meta["size"]
    if len(grid) != n or any(len(row) != n for row in grid):
        return False
    for r, row in enumerate(meta["shown"]):
        for c, ch in enumerate(row):
            if ch != "?" and grid[r][c] != (1 if ch == "#" else 0):
                return False
    if [sum(row) for row in grid] != meta["rows"]:
        return False
    if [sum(col) for col in zip(*grid)] != meta["cols"]:
        return False
    seen, lengths = set(), []
    for r in range(n):
        for c in range(n):
            if grid[r][c] and (r, c) not in seen:
                group, todo = {(r, c)}, [(r, c)]
                while todo:
                    a, b = todo.pop()
                    for da in (-1, 0, 1):
                        for db in (-1, 0, 1):
                            x, y = a + da, b + db
                            if 0 <= x < n and 0 <= y < n and grid[x][y] and (x, y) not in group:
                                group.add((x, y))
                                todo.append((x, y))
                seen |= group
                rows = {a for a, _ in group}
                cols = {b for _, b in group}
                if len(rows) > 1 and len(cols) > 1:
                    return False
                line = rows if len(rows) > 1 else cols
                if max(line) - min(line) + 1 != len(group):
                    return False
                lengths.append(len(group))
    return sorted(lengths) == sorted(meta["fleet"])


def _solutions(meta, limit=2):
    """Backtracking over ship positions, longest first, with count pruning."""
    n = meta["size"]
    fleet = sorted(meta["fleet"], reverse=True)
    grid = [[0] * n for _ in range(n)]
    found = []

    def spots(length):
        out = [[(r, c + k) for k in range(length)] for r in range(n) for c in range(n - length + 1)]
        if length > 1:
            out += [
                [(r + k, c) for k in range(length)] for r in range(n - length + 1) for c in range(n)
            ]
        return out

    options = {length: spots(length) for length in set(fleet)}

    def free(cells):
        for r, c in cells:
            if meta["shown"][r][c] == ".":
                return False
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    x, y = r + dr, c + dc
                    if 0 <= x < n and 0 <= y < n and grid[x][y]:
                        return False
        return True

    def go(k, first):
        if len(found) >= limit:
            return
        if k == len(fleet):
            if _valid(meta, grid):
                found.append([row[:] for row in grid])
            return
        spots_ = options[fleet[k]]
        for index in range(first, len(spots_)):
            cells = spots_[index]
            if not free(cells):
                continue
            for r, c in cells:
                grid[r][c] = 1
            if all(sum(grid[r]) <= meta["rows"][r] for r in range(n)) and all(
                sum(grid[r][c] for r in range(n)) <= meta["cols"][c] for c in range(n)
            ):
                same = k + 1 < len(fleet) and fleet[k + 1] == fleet[k]
                go(k + 1, index + 1 if same else 0)
            for r, c in cells:
                grid[r][c] = 0

    go(0, 0)
    return found


def _text(grid):
    return "\n".join("".join("#" if v else "." for v in row) for row in grid)


def _grid(problem):
    return [[1 if ch == "#" else 0 for ch in row] for row in problem.answer.split("\n")]


def test_puzzles_have_exactly_one_solution_by_independent_search():
    for seed in range(6):
        for size in (5, 6):
            problem = _gen(ENV, seed, size=size, reveals=0.0)
            found = _solutions(problem.meta)
            assert len(found) == 1 and _text(found[0]) == problem.answer


def test_syntax_variants_parse_and_rule_breaking_grids_fail():
    problem = _gen(ENV, 4, size=6, reveals=0.1)
    rows = problem.answer.split("\n")
    assert _score(problem, "\n".join(" ".join(row) for row in rows)).reward == 1.0
    assert _score(problem, " / ".join(rows)).reward == 1.0
    binary = problem.answer.replace("#", "1").replace(".", "0")
    assert _score(problem, binary).reward == 1.0
    assert _score(problem, problem.answer.replace("#", "X").replace(".", "~")).reward == 1.0
    assert _score(problem, "\n".join(problem.meta["shown"])).reward == 0.0
    assert _score(problem, "\n".join(rows[:-1])).reason == "unparsable"
    assert _score(problem, problem.answer.replace("#", "O")).reason == "unparsable"
    mirrored = "\n".join(row[::-1] for row in rows)
    assert _score(problem, mirrored).correct == _valid(problem.meta, _grid(problem)[::-1])


def test_bent_and_touching_ships_fail_even_with_matching_counts():
    meta = {"size": 4, "fleet": [3, 1], "shown": ["????"] * 4}
    bent = [[1, 1, 0, 0], [0, 1, 0, 0], [0, 0, 0, 0], [0, 0, 0, 1]]
    meta |= {"rows": [2, 1, 0, 1], "cols": [1, 2, 0, 1]}
    assert not _valid(meta, bent)
    problem = _gen(ENV, 0, size=4, reveals=0.0)
    problem.meta.update(meta)
    assert _score(problem, _text(bent)).reward == 0.0
    touching = [[1, 1, 1, 0], [0, 0, 0, 1], [0, 0, 0, 0], [0, 0, 0, 0]]
    problem.meta.update({"rows": [3, 1, 0, 0], "cols": [1, 1, 1, 1]})
    assert _score(problem, _text(touching)).reward == 0.0
    apart = [[1, 1, 1, 0], [0, 0, 0, 0], [0, 0, 0, 1], [0, 0, 0, 0]]
    problem.meta.update({"rows": [3, 0, 1, 0], "cols": [1, 1, 1, 1]})
    assert _valid(problem.meta, apart)
    assert _score(problem, _text(apart)).reward == 1.0


@PERTURB
@given(seed=SEED, difficulty=DIFFICULTY, data=st.data())
def test_perturbed_grids_score_as_an_independent_rule_check_says(seed, difficulty, data):
    problem = _gen(ENV, seed, difficulty)
    n = problem.meta["size"]
    grid = _grid(problem)
    kind = data.draw(st.sampled_from(["flip", "swap", "transpose", "shift", "none"]))
    if kind == "flip":
        i = data.draw(st.integers(0, n * n - 1))
        grid[i // n][i % n] ^= 1
    elif kind == "swap":
        a, b = data.draw(st.integers(0, n * n - 1)), data.draw(st.integers(0, n * n - 1))
        grid[a // n][a % n], grid[b // n][b % n] = grid[b // n][b % n], grid[a // n][a % n]
    elif kind == "transpose":
        grid = [list(col) for col in zip(*grid)]
    elif kind == "shift":
        r = data.draw(st.integers(0, n - 1))
        grid[r] = grid[r][1:] + grid[r][:1]
    verdict = _score(problem, _text(grid))
    assert verdict.correct == _valid(problem.meta, grid)
