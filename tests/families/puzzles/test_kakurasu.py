"""What ``rlvr/Kakurasu-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from tests.families.puzzles.helpers import DIFFICULTY, PERTURB, SEED, _gen, _score

ENV = "rlvr/Kakurasu-v0"


def _sums(cells, n):
    """Row sums of column numbers and column sums of row numbers (1-based), independently."""
    rows = [sum(c + 1 for r, c in cells if r == i) for i in range(n)]
    cols = [sum(r + 1 for r, c in cells if c == j) for j in range(n)]
    return rows, cols


def _solutions(rows, cols):
    """Every shading with these sums: each row from the subsets with its sum, by product."""
    n = len(rows)
    options = [
        [
            combo
            for k in range(n + 1)
            for combo in itertools.combinations(range(n), k)
            if sum(c + 1 for c in combo) == rows[i]
        ]
        for i in range(n)
    ]
    out = []
    for choice in itertools.product(*options):
        cells = {(i, c) for i, combo in enumerate(choice) for c in combo}
        if _sums(cells, n)[1] == cols:
            out.append(frozenset(cells))
    return out


def _cells(answer):
    lines = answer.split("\n")
    return {(r, c) for r, row in enumerate(lines) for c, ch in enumerate(row) if ch == "*"}


def _grid(n, cells, mark="*", blank="."):
    return "\n".join(
        "".join(mark if (r, c) in cells else blank for c in range(n)) for r in range(n)
    )


def test_the_shading_is_unique_by_brute_force():
    for seed in range(20):
        problem = _gen(ENV, seed, size=5, fill=0.45)
        meta = problem.meta
        assert _solutions(meta["rows"], meta["cols"]) == [frozenset(_cells(problem.answer))]


def test_syntax_variants_parse():
    problem = _gen(ENV, 6)
    n = problem.meta["size"]
    cells = _cells(problem.answer)
    for mark, blank in (("#", "."), ("1", "0"), ("x", "_"), ("X", ".")):
        assert _score(problem, _grid(n, cells, mark, blank)).reward == 1.0
    spaced = "\n".join(", ".join(row) for row in problem.answer.split("\n"))
    assert _score(problem, spaced).reward == 1.0
    assert _score(problem, "; ".join(problem.answer.split("\n"))).reward == 1.0


def test_invalid_answers_fail():
    problem = _gen(ENV, 9, size=6)
    n = 6
    cells = _cells(problem.answer)
    blank = next((r, c) for r in range(n) for c in range(n) if (r, c) not in cells)
    assert _score(problem, _grid(n, cells | {blank})).reward == 0.0
    assert _score(problem, _grid(n, cells - {min(cells)})).reward == 0.0
    assert _score(problem, _grid(n, set())).reward == 0.0
    assert _score(problem, _grid(n + 1, cells)).reason == "unparsable"
    assert _score(problem, problem.answer.replace("*", "5")).reason == "unparsable"
    sums = " ".join(map(str, problem.meta["rows"]))
    assert _score(problem, sums).reason == "unparsable"


@PERTURB
@given(seed=SEED, difficulty=DIFFICULTY, data=st.data())
def test_perturbed_answers_score_as_the_rules_say(seed, difficulty, data):
    problem = _gen(ENV, seed, difficulty)
    meta = problem.meta
    n = meta["size"]
    cells = set(_cells(problem.answer))
    flips = data.draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=4))
    for cell in flips:
        cells ^= {cell}
    verdict = _score(problem, _grid(n, cells))
    assert verdict.correct == (_sums(cells, n) == (meta["rows"], meta["cols"]))
    assert verdict.correct == (cells == _cells(problem.answer))
