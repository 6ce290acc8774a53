"""What ``rlvr/ShapeTransform-v0`` must do beyond the generic family contract."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.families.puzzles.helpers import DIFFICULTY, PERTURB, SEED, _gen, _score

ENV = "rlvr/ShapeTransform-v0"


def _move(cells, rows, cols, op):
    """One operation as a map of (row, col) coordinates, independent of the family's code."""
    out = set()
    for r, c in cells:
        if op == "rot90":
            out.add((c, rows - 1 - r))
        elif op == "rot270":
            out.add((cols - 1 - c, r))
        elif op == "rot180":
            out.add((rows - 1 - r, cols - 1 - c))
        elif op == "flip_lr":
            out.add((r, cols - 1 - c))
        elif op == "flip_ud":
            out.add((rows - 1 - r, c))
        elif op == "transpose":
            out.add((c, r))
        else:
            raise AssertionError(op)
    if op in ("rot90", "rot270", "transpose"):
        rows, cols = cols, rows
    return out, rows, cols


def _apply(start, ops):
    rows, cols = len(start), len(start[0])
    cells = {(r, c) for r in range(rows) for c in range(cols) if start[r][c] == "#"}
    for op in ops:
        cells, rows, cols = _move(cells, rows, cols, op)
    return ["".join("#" if (r, c) in cells else "." for c in range(cols)) for r in range(rows)]


@PERTURB
@given(seed=SEED, difficulty=DIFFICULTY)
def test_the_answer_matches_an_independent_coordinate_map(seed, difficulty):
    problem = _gen(ENV, seed, difficulty)
    meta = problem.meta
    expected = _apply(meta["start"], meta["operations"])
    assert problem.answer.split("\n") == expected
    assert expected != meta["start"]
    assert "\n".join(meta["start"]) in problem.prompt


@PERTURB
@given(seed=SEED, difficulty=DIFFICULTY, data=st.data())
def test_a_flipped_cell_scores_as_an_independent_comparison_says(seed, difficulty, data):
    problem = _gen(ENV, seed, difficulty)
    rows = problem.answer.split("\n")
    r = data.draw(st.integers(0, len(rows) - 1))
    c = data.draw(st.integers(0, len(rows[0]) - 1))
    flip = data.draw(st.booleans())
    changed = [list(row) for row in rows]
    if flip:
        changed[r][c] = "." if changed[r][c] == "#" else "#"
    text = "\n".join("".join(row) for row in changed)
    expected = _apply(problem.meta["start"], problem.meta["operations"])
    assert (_score(problem, text).reward == 1.0) == (text.split("\n") == expected)


def test_syntax_variants_parse_and_wrong_grids_fail():
    problem = _gen(ENV, 11, size=6, operations=3)
    rows = problem.answer.split("\n")
    assert _score(problem, "\n".join(r.replace("#", "1").replace(".", "0") for r in rows)).correct
    assert _score(problem, "\n".join(" ".join(r) for r in rows)).correct
    assert _score(problem, " / ".join(rows)).correct
    assert _score(problem, "\n".join(rows[:-1])).reward == 0.0
    assert _score(problem, "\n".join(r + "." for r in rows)).reward == 0.0
    assert _score(problem, problem.answer.replace("#", "X")).reason == "unparsable"
    assert _score(problem, "".join(rows)).reward == 0.0
    assert _score(problem, "\n".join(problem.meta["start"])).reward == 0.0


def test_each_single_operation_matches_its_description():
    assert _apply(["##.", "#.."], ["rot90"]) == ["##", ".#", ".."]
    for seed in range(40):
        problem = _gen(ENV, seed, size=4, operations=1)
        op = problem.meta["operations"][0]
        start = problem.meta["start"]
        final = problem.answer.split("\n")
        if op == "flip_lr":
            assert final == [row[::-1] for row in start]
        elif op == "flip_ud":
            assert final == start[::-1]
        elif op == "transpose":
            assert final == ["".join(col) for col in zip(*start)]
        elif op == "rot90":  # the top row becomes the right column
            assert [row[-1] for row in final] == list(start[0])
        elif op == "rot270":  # the top row becomes the left column, read upwards
            assert [row[0] for row in final][::-1] == list(start[0])
        else:
            assert final == [row[::-1] for row in start[::-1]]
