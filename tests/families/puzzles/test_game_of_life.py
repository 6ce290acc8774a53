"""What ``rlvr/GameOfLife-v0`` must do beyond the generic family contract."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from rlvr_envs.registry import format_answer

ENV = "rlvr/GameOfLife-v0"


def _gen(seed, difficulty=None, **knobs):
    return rlvr_envs.make_task(ENV).generate(seed=seed, difficulty=difficulty, knobs=knobs or None)


def _score(problem, answer):
    return rlvr_envs.verify(problem, format_answer(answer, problem.answer_format))


def _life(rows, steps, toroidal):
    """A set-of-live-cells simulator, independent of the family's numpy one."""
    n = len(rows)
    live = {(r, c) for r in range(n) for c in range(n) if rows[r][c] == "#"}
    for _ in range(steps):
        counts = {}
        for r, c in live:
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    if dr or dc:
                        rr, cc = r + dr, c + dc
                        if toroidal:
                            rr, cc = rr % n, cc % n
                        elif not (0 <= rr < n and 0 <= cc < n):
                            continue
                        counts[rr, cc] = counts.get((rr, cc), 0) + 1
        live = {cell for cell, k in counts.items() if k == 3 or (k == 2 and cell in live)}
    return ["".join("#" if (r, c) in live else "." for c in range(n)) for r in range(n)]


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_the_answer_matches_an_independent_simulation(seed, difficulty):
    problem = _gen(seed, difficulty)
    meta = problem.meta
    expected = _life(meta["start"], meta["steps"], meta["toroidal"])
    assert expected == problem.answer.split("\n")
    assert expected != meta["start"] and any("#" in row for row in expected)


def test_syntax_variants_parse_and_wrong_grids_fail():
    problem = _gen(4, size=6, steps=2, boundary="toroidal")
    rows = problem.answer.split("\n")
    binary = [row.replace("#", "1").replace(".", "0") for row in rows]
    assert _score(problem, "\n".join(binary)).reward == 1.0
    assert _score(problem, "\n".join(" ".join(row) for row in rows)).reward == 1.0
    assert _score(problem, " / ".join(rows)).reward == 1.0
    flipped = rows[0].translate(str.maketrans("#.", ".#"))[:1] + rows[0][1:]
    verdict = _score(problem, "\n".join([flipped, *rows[1:]]))
    assert verdict.reason == "partial" and verdict.reward == 0.0
    assert verdict.details["wrong_cells"] == 1
    assert _score(problem, "\n".join(rows[:-1])).reason == "unparsable"
    assert _score(problem, problem.answer.replace("#", "O")).reason == "unparsable"
    start = "\n".join(problem.meta["start"])
    assert _score(problem, start).reward == 0.0


def test_bounded_and_toroidal_grids_differ_where_the_edge_matters():
    differs = 0
    for seed in range(10):
        bounded = _gen(seed, size=5, steps=1, boundary="bounded")
        start = bounded.meta["start"]
        differs += _life(start, 1, True) != _life(start, 1, False)
    assert differs >= 5
