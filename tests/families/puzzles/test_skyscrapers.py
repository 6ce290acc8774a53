"""What ``rlvr/Skyscrapers-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import dataclasses
import itertools

from hypothesis import given
from hypothesis import strategies as st

from tests.families.puzzles.helpers import DIFFICULTY, PERTURB, SEED, _gen, _score

ENV = "rlvr/Skyscrapers-v0"


def _seen(heights) -> int:
    """Buildings visible from the front of ``heights``: the running maxima, counted."""
    return len({max(heights[: i + 1]) for i in range(len(heights))})


def _solutions(puzzle: list[str], clues: dict, limit: int = 2) -> list[list[tuple[int, ...]]]:
    """Solutions by row-by-row search over permutations (no SAT), up to ``limit``."""
    n = len(puzzle)
    rows = []
    for r in range(n):
        rows.append([
            p for p in itertools.permutations(range(1, n + 1))
            if all(ch == "." or p[c] == int(ch) for c, ch in enumerate(puzzle[r]))
            and clues["left"][r] in (0, _seen(p)) and clues["right"][r] in (0, _seen(p[::-1]))
        ])  # fmt: skip
    found: list[list[tuple[int, ...]]] = []

    def place(chosen: list[tuple[int, ...]]) -> None:
        if len(found) >= limit:
            return
        i = len(chosen)
        if i == n:
            columns = [[row[c] for row in chosen] for c in range(n)]
            if all(clues["bottom"][c] in (0, _seen(col[::-1])) for c, col in enumerate(columns)):
                found.append(list(chosen))
            return
        for p in rows[i]:
            if any(p[c] == row[c] for row in chosen for c in range(n)):
                continue
            prefix = [[row[c] for row in chosen] + [p[c]] for c in range(n)]
            ok = True
            for c, top in enumerate(clues["top"]):
                if top:
                    count = _seen(prefix[c])
                    done = n in prefix[c]
                    if count > top or (done and count != top):
                        ok = False
                        break
            if ok:
                place([*chosen, p])

    place([])
    return found


def _valid(grid, meta) -> bool:
    n = meta["size"]
    digits = set(range(1, n + 1))
    if any(set(row) != digits for row in grid):
        return False
    cols = [[grid[r][c] for r in range(n)] for c in range(n)]
    if any(set(col) != digits for col in cols):
        return False
    if any(ch != "." and grid[r][c] != int(ch) for r, row in enumerate(meta["puzzle"])
           for c, ch in enumerate(row)):  # fmt: skip
        return False
    clues = meta["clues"]
    views = [(clues["top"][i], cols[i]) for i in range(n)]
    views += [(clues["bottom"][i], cols[i][::-1]) for i in range(n)]
    views += [(clues["left"][i], grid[i]) for i in range(n)]
    views += [(clues["right"][i], grid[i][::-1]) for i in range(n)]
    return all(k == 0 or _seen(line) == k for k, line in views)


def _text(grid) -> str:
    return "\n".join("".join(map(str, row)) for row in grid)


def test_puzzles_have_exactly_one_solution_the_reference():
    cases = [(3, 0.0, 0.0), (4, 0.0, 0.0), (4, 0.25, 1.0), (5, 0.0, 0.4), (5, 0.1, 0.7)]
    for seed, (size, givens, clues) in itertools.product(range(3), cases):
        problem = _gen(ENV, seed, size=size, givens=givens, clues=clues)
        found = _solutions(problem.meta["puzzle"], problem.meta["clues"])
        assert len(found) == 1
        assert _text(found[0]) == problem.answer


def test_the_prompt_shows_every_clue_and_given():
    problem = _gen(ENV, 2, size=5, givens=0.2, clues=0.6)
    meta = problem.meta
    lines = problem.prompt.split("\n\n")[1].split("\n")
    mark = lambda k: str(k) if k else "."  # noqa: E731
    assert lines[0].split() == [mark(k) for k in meta["clues"]["top"]]
    assert lines[-1].split() == [mark(k) for k in meta["clues"]["bottom"]]
    for r in range(5):
        parts = lines[2 + r].split("|")
        assert parts[0].strip() == mark(meta["clues"]["left"][r])
        assert parts[2].strip() == mark(meta["clues"]["right"][r])
        assert parts[1].replace(" ", "") == meta["puzzle"][r]
    shown = sum(bool(k) for side in meta["clues"].values() for k in side)
    assert shown >= 12  # at least the share asked for, more where uniqueness needs them


def test_knobs_shape_the_clues():
    full = _gen(ENV, 4, size=5, givens=0.4, clues=1.0)
    assert all(k for side in full.meta["clues"].values() for k in side)
    assert sum(ch != "." for row in full.meta["puzzle"] for ch in row) == 10
    sparse = _gen(ENV, 4, size=5, givens=0.0, clues=0.0)
    assert sum(bool(k) for side in sparse.meta["clues"].values() for k in side) < 20


def test_any_grid_that_keeps_the_clues_scores():
    problem = _gen(ENV, 5, size=4)
    clues = {"top": [0, 0, 0, 0], "bottom": [0, 0, 0, 0], "left": [4, 0, 0, 0],
             "right": [0, 0, 0, 0]}  # fmt: skip
    loose = dataclasses.replace(problem, meta={"size": 4, "puzzle": ["...."] * 4, "clues": clues})
    several = _solutions(loose.meta["puzzle"], clues, limit=20)
    assert len(several) == 20 and all(g[0] == (1, 2, 3, 4) for g in several)
    assert all(_score(loose, _text(g)).reward == 1.0 for g in several)
    wrong = [[(r + c + 1) % 4 + 1 for c in range(4)] for r in range(4)]  # row 1 sees 2
    verdict = _score(loose, _text(wrong))
    assert verdict.reward == 0.0 and "clue" in verdict.details["why"]


def test_syntax_variants_and_broken_grids():
    problem = _gen(ENV, 1, size=5)
    rows = problem.answer.split("\n")
    assert _score(problem, " / ".join(rows)).reward == 1.0
    assert _score(problem, "".join(rows)).reward == 1.0
    assert _score(problem, "\n".join(" ".join(row) for row in rows)).reward == 1.0
    assert _score(problem, "\n".join(rows[:4])).reason == "unparsable"
    assert _score(problem, "\n".join([*rows, rows[0]])).reason == "unparsable"
    assert _score(problem, problem.answer.replace("5", "6")).reason == "unparsable"
    assert _score(problem, problem.answer.replace("2", "0")).reason == "unparsable"
    top = problem.prompt.split("\n\n")[1].split("\n")[0]
    assert _score(problem, top).reason == "unparsable"
    assert _score(problem, "1\n" * 30_000).reason == "unparsable"


@PERTURB
@given(seed=SEED, difficulty=DIFFICULTY, data=st.data())
def test_a_perturbed_grid_scores_as_an_independent_check_says(seed, difficulty, data):
    problem = _gen(ENV, seed, difficulty)
    n = problem.meta["size"]
    grid = [list(map(int, row)) for row in problem.answer.split("\n")]
    for _ in range(data.draw(st.integers(0, 3))):
        kind = data.draw(st.sampled_from(["cell", "rows", "columns"]))
        if kind == "cell":
            r, c = data.draw(st.integers(0, n - 1)), data.draw(st.integers(0, n - 1))
            grid[r][c] = data.draw(st.integers(1, n))
        else:  # swapping whole rows or columns keeps a Latin square; clues may break
            a, b = data.draw(st.integers(0, n - 1)), data.draw(st.integers(0, n - 1))
            if kind == "rows":
                grid[a], grid[b] = grid[b], grid[a]
            else:
                for row in grid:
                    row[a], row[b] = row[b], row[a]
    verdict = _score(problem, _text(grid))
    assert verdict.reward == (1.0 if _valid(grid, problem.meta) else 0.0)
