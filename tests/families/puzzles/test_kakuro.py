"""What ``rlvr/Kakuro-v0`` must do beyond the generic family contract."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.families.puzzles.helpers import DIFFICULTY, PERTURB, SEED, _gen, _score

ENV = "rlvr/Kakuro-v0"


def _runs(meta):
    """(cells, total) for every clue, read from the meta independently of the family."""
    rows, n = meta["rows"], meta["size"]
    out = []
    for key, dr, dc in (("down", 1, 0), ("across", 0, 1)):
        for r, c, total in meta[key]:
            cells = []
            r, c = r + dr, c + dc
            while r < n and c < n and rows[r][c] != "#":
                cells.append((r, c))
                r, c = r + dr, c + dc
            out.append((cells, total))
    return out


def _valid(grid, meta):
    """Every rule on a grid of strings (digits and #)."""
    rows = meta["rows"]
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if (ch == "#") != (grid[r][c] == "#"):
                return False
            if ch not in "#." and grid[r][c] != ch:
                return False
    for cells, total in _runs(meta):
        values = [int(grid[r][c]) for r, c in cells]
        if len(set(values)) != len(values) or sum(values) != total or 0 in values:
            return False
    return True


def _solutions(meta, limit=2):
    """Every filling (up to ``limit``) by backtracking cell by cell."""
    rows = meta["rows"]
    white = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch != "#"]
    runs = _runs(meta)
    runs_of = {cell: [i for i, (cells, _) in enumerate(runs) if cell in cells] for cell in white}
    values: dict = {}
    found = []

    def ok(i):
        cells, total = runs[i]
        got = [values[c] for c in cells if c in values]
        if len(set(got)) != len(got) or sum(got) > total:
            return False
        return len(got) < len(cells) or sum(got) == total

    def extend(k):
        if len(found) >= limit:
            return
        if k == len(white):
            found.append(dict(values))
            return
        cell = white[k]
        given_digit = rows[cell[0]][cell[1]]
        for d in range(1, 10) if given_digit == "." else [int(given_digit)]:
            values[cell] = d
            if all(ok(i) for i in runs_of[cell]):
                extend(k + 1)
            del values[cell]

    extend(0)
    return found


def _grid(answer):
    return [list(row) for row in answer.split("\n")]


def test_the_solution_is_unique_by_brute_force():
    for seed in range(10):
        for size in (4, 5):
            problem = _gen(ENV, seed, size=size, black=0.3)
            found = _solutions(problem.meta)
            assert len(found) == 1
            grid = _grid(problem.answer)
            assert all(grid[r][c] == str(d) for (r, c), d in found[0].items())
            assert _valid(grid, problem.meta)


def test_clues_and_givens_are_in_the_prompt():
    problem = _gen(ENV, 3, size=6)
    meta = problem.meta
    for key in ("down", "across"):
        for _, _, total in meta[key]:
            assert str(total) in problem.prompt
    assert ("already show" in problem.prompt) == (meta["givens"] > 0)


def test_syntax_variants_parse():
    problem = _gen(ENV, 2, size=5)
    rows = problem.answer.split("\n")
    for text in (
        problem.answer.replace("#", "x"),
        problem.answer.replace("#", "*"),
        "\n".join(" ".join(row) for row in rows),
        " / ".join(rows),
        "\n".join("|".join(row) for row in rows),
    ):
        assert _score(problem, text).reward == 1.0, text


def test_invalid_grids_fail():
    problem = _gen(ENV, 7, size=5)
    rows = problem.answer.split("\n")
    meta = problem.meta
    assert _score(problem, "\n".join(rows[:-1])).reason == "unparsable"
    assert _score(problem, "\n".join(row + "#" for row in rows)).reason == "unparsable"
    assert _score(problem, problem.answer.replace("#", ".")).reason == "unparsable"
    r, c = next((r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch != "#")
    zero = rows[r][:c] + "0" + rows[r][c + 1 :]
    assert _score(problem, "\n".join([*rows[:r], zero, *rows[r + 1 :]])).reason == "unparsable"
    black = rows[r][:c] + "#" + rows[r][c + 1 :]
    assert _score(problem, "\n".join([*rows[:r], black, *rows[r + 1 :]])).reward == 0.0
    digit_in_black = "1" + rows[0][1:]  # the top-left cell is always black
    assert _score(problem, "\n".join([digit_in_black, *rows[1:]])).reason == "unparsable"
    # a run of equal digits breaks "all different" even where the sum could match
    cells, _ = _runs(meta)[0]
    grid = _grid(problem.answer)
    for rr, cc in cells:
        grid[rr][cc] = "1"
    assert _score(problem, "\n".join("".join(row) for row in grid)).reward == 0.0
    assert _score(problem, "\n".join(meta["rows"])).reason == "unparsable"


@PERTURB
@given(seed=SEED, difficulty=DIFFICULTY, data=st.data())
def test_a_perturbed_grid_scores_as_an_independent_check_says(seed, difficulty, data):
    problem = _gen(ENV, seed, difficulty)
    grid = _grid(problem.answer)
    white = [(r, c) for r, row in enumerate(grid) for c, ch in enumerate(row) if ch != "#"]
    picks = data.draw(st.lists(st.sampled_from(white), min_size=1, max_size=3, unique=True))
    for r, c in picks:
        grid[r][c] = str(data.draw(st.integers(1, 9)))
    expected = _valid(grid, problem.meta)
    changed = "\n".join("".join(row) for row in grid) != problem.answer
    assert (_score(problem, "\n".join("".join(row) for row in grid)).reward == 1.0) == expected
    assert expected == (not changed)  # the filling is unique


def test_one_solver_answers_for_every_filling_of_a_shape():
    """The shape's solver keeps no constraint of an earlier filling: for each of several
    fillings of one shape, "is there a rival" agrees with brute force."""
    import random

    from rlvr_envs.families.puzzles import kakuro

    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        white = None
        while white is None:
            white = kakuro._shape(rng, 5, 0.3)
        rivals = kakuro.Rivals(white, 5)
        try:
            for _ in range(4):
                digits = kakuro._fill(rng, white, 5)
                assert digits is not None
                runs = kakuro.find_runs(white, 5)
                meta = {
                    "size": 5,
                    "rows": [
                        "".join("." if (r, c) in white else "#" for c in range(5)) for r in range(5)
                    ],
                    "down": [[*k, sum(digits[x] for x in v)] for k, v in runs["down"]],
                    "across": [[*k, sum(digits[x] for x in v)] for k, v in runs["across"]],
                }
                rivals.use(digits)
                other = rivals.find(set())
                assert (other is None) == (len(_solutions(meta)) == 1)
                if other is not None:
                    assert other != digits
                    grid = [["#"] * 5 for _ in range(5)]
                    for (r, c), d in other.items():
                        grid[r][c] = str(d)
                    assert _valid(grid, meta)
                checked += 1
        finally:
            rivals.close()
    assert checked == 24
