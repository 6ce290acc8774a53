"""What ``rlvr/Binairo-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from tests.families.puzzles.helpers import DIFFICULTY, PERTURB, SEED, _gen, _score

ENV = "rlvr/Binairo-v0"


def _valid(grid):
    """The three rules, written independently of the family's checker."""
    n = len(grid)
    cols = ["".join(row[c] for row in grid) for c in range(n)]
    for line in [*grid, *cols]:
        if line.count("1") != n // 2 or line.count("0") != n // 2:
            return False
        if "000" in line or "111" in line:
            return False
    return len(set(grid)) == n and len(set(cols)) == n


def _solutions(puzzle, limit=2):
    """Every completion of the puzzle (up to ``limit``), by brute force over rows."""
    n = len(puzzle)
    rows = [
        "".join(bits)
        for bits in itertools.product("01", repeat=n)
        if bits.count("1") * 2 == n and "000" not in "".join(bits) and "111" not in "".join(bits)
    ]
    found = []

    def extend(prefix):
        if len(found) >= limit:
            return
        if len(prefix) == n:
            if _valid(prefix):
                found.append(list(prefix))
            return
        givens = puzzle[len(prefix)]
        for row in rows:
            if all(g in (".", b) for g, b in zip(givens, row)) and row not in prefix:
                extend([*prefix, row])

    extend([])
    return found


def test_the_solution_is_unique_by_brute_force():
    for seed in range(12):
        for size in (4, 6):
            problem = _gen(ENV, seed, size=size, clues=0.2)
            puzzle = [row.replace(" ", "") for row in problem.meta["puzzle"]]
            assert _solutions(puzzle) == [problem.answer.split("\n")]


def test_syntax_variants_parse():
    problem = _gen(ENV, 3, size=6)
    rows = problem.answer.split("\n")
    for text in (
        "\n".join(" ".join(row) for row in rows),
        "\n".join(",".join(row) for row in rows),
        " / ".join(rows),
        "".join(rows),
        "\n\n" + "\n".join(rows) + "\n",
    ):
        assert _score(problem, text).reward == 1.0, text


def test_invalid_grids_fail():
    problem = _gen(ENV, 5, size=6, clues=0.3)
    rows = problem.answer.split("\n")
    assert _score(problem, "\n".join(rows[:-1])).reason == "unparsable"
    assert _score(problem, "\n".join([*rows, rows[0]])).reason == "unparsable"
    assert _score(problem, "\n".join(row + "0" for row in rows)).reason == "unparsable"
    assert _score(problem, problem.answer.replace("1", "2", 1)).reason == "unparsable"
    assert _score(problem, problem.answer.replace("0", "x")).reason == "unparsable"
    inverted = problem.answer.translate(str.maketrans("01", "10"))
    verdict = _score(problem, inverted)  # a valid Binairo, but every given changed
    assert verdict.reward == 0.0 and "given" in verdict.details["why"]
    assert _score(problem, "\n".join(problem.meta["puzzle"])).reason == "unparsable"


def test_each_rule_is_enforced():
    # a 4x4 puzzle with no givens left would accept any valid grid; check the rules by
    # building grids that break exactly one rule and a puzzle that gives nothing.
    problem = _gen(ENV, 0, size=4)
    problem.meta["puzzle"] = ["....", "....", "....", "...."]
    good = ["0101", "1010", "0110", "1001"]
    assert _valid(good) and _score(problem, "\n".join(good)).reward == 1.0
    other = ["0110", "1001", "1010", "0101"]
    assert _valid(other) and _score(problem, "\n".join(other)).reward == 1.0
    unbalanced = ["0101", "1010", "0110", "1011"]
    repeated = ["0101", "1010", "0101", "1010"]  # balanced, no triples, rows repeat
    problem6 = _gen(ENV, 0, size=6)
    problem6.meta["puzzle"] = ["......"] * 6
    triple = ["000111", "111000", "000111", "111000", "000111", "111000"]
    for prob, grid in ((problem, unbalanced), (problem, repeated), (problem6, triple)):
        assert not _valid(grid)
        assert _score(prob, "\n".join(grid)).reward == 0.0, grid


@PERTURB
@given(seed=SEED, difficulty=DIFFICULTY, data=st.data())
def test_a_perturbed_grid_scores_as_an_independent_check_says(seed, difficulty, data):
    problem = _gen(ENV, seed, difficulty)
    rows = [list(row) for row in problem.answer.split("\n")]
    n = len(rows)
    flips = data.draw(st.lists(st.integers(0, n * n - 1), min_size=1, max_size=4, unique=True))
    for i in flips:
        r, c = divmod(i, n)
        rows[r][c] = "1" if rows[r][c] == "0" else "0"
    grid = ["".join(row) for row in rows]
    keeps = all(
        g in (".", v) for prow, row in zip(problem.meta["puzzle"], grid) for g, v in zip(prow, row)
    )
    expected = keeps and _valid(grid)
    assert (_score(problem, "\n".join(grid)).reward == 1.0) == expected
    assert not expected  # the solution is unique, so any change breaks a rule or a given
