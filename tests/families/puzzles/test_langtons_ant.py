"""What ``rlvr/LangtonsAnt-v0`` must do beyond the generic family contract."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from rlvr_envs.registry import format_answer

ENV = "rlvr/LangtonsAnt-v0"


def _gen(seed, difficulty=None, **knobs):
    return rlvr_envs.make_task(ENV).generate(seed=seed, difficulty=difficulty, knobs=knobs or None)


def _score(problem, answer):
    return rlvr_envs.verify(problem, format_answer(answer, problem.answer_format))


def _ant(grid, row, col, heading, steps):
    """Complex-number walk: position x + iy with y up, heading a unit; right turn is * -1j."""
    n = len(grid)
    black = {(r, c) for r in range(n) for c in range(n) if grid[r][c] == "#"}
    pos = complex(col, -row)
    facing = [1j, 1, -1j, -1][heading]  # N E S W
    for _ in range(steps):
        cell = (int(-pos.imag) % n, int(pos.real) % n)
        facing *= 1j if cell in black else -1j
        black ^= {cell}
        pos += facing
    r, c = int(-pos.imag) % n, int(pos.real) % n
    return r, c, "NESW"[[1j, 1, -1j, -1].index(facing)]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_the_answer_matches_an_independent_walk(seed, difficulty):
    problem = _gen(seed, difficulty)
    meta = problem.meta
    r, c, h = _ant(meta["grid"], *meta["start"], meta["steps"])
    assert _score(problem, f"{r + 1} {c + 1} {h}").reward == 1.0
    assert [r, c, "NESW".index(h)] != meta["start"]


def test_syntax_variants_parse_and_wrong_answers_fail():
    problem = _gen(7, size=6, steps=15)
    h = problem.meta["end"][2]
    row, col = problem.meta["end"][0] + 1, problem.meta["end"][1] + 1
    name = ["north", "east", "south", "west"][h]
    for text in (f"{row} {col} {'NESW'[h]}", f"({row}, {col}) {name}",
                 f"Row {row}, Column {col}, facing {name.upper()}"):  # fmt: skip
        assert _score(problem, text).reward == 1.0, text
    other = "NESW"[(h + 1) % 4]
    verdict = _score(problem, f"{row} {col} {other}")
    assert verdict.reason == "wrong" and "heading" in verdict.details["why"]
    assert _score(problem, f"{row % 6 + 1} {col} {'NESW'[h]}").reason == "wrong"
    assert "off the" in _score(problem, f"7 {col} N").details["why"]
    assert _score(problem, f"{row} {col}").reason == "unparsable"
    assert _score(problem, f"{row} {col} up").reason == "unparsable"
    assert _score(problem, f"{row} {col} {'NESW'[h]} 3").reason == "unparsable"


def test_labelled_column_first_is_read_by_its_labels():
    """``column C, row R`` names the same cell as ``row R, column C`` (it was read as row C,
    column R); a label on the column alone is ambiguous and unparsable."""
    problem = next(p for s in range(50) if (p := _gen(s)).meta["end"][0] != p.meta["end"][1])
    row, col = problem.meta["end"][0] + 1, problem.meta["end"][1] + 1
    h = "NESW"[problem.meta["end"][2]]
    assert _score(problem, f"column {col}, row {row}, facing {h}").reward == 1.0
    assert _score(problem, f"col {col} row {row} {h}").reward == 1.0
    assert _score(problem, f"column {row}, row {col}, facing {h}").reason == "wrong"
    assert _score(problem, f"column {col}, {row}, {h}").reason == "unparsable"
