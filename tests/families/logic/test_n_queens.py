"""What ``rlvr/NQueens-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from tests.families.logic.helpers import DIFFICULTY, PERTURB, SEED, _gen, _score


# -- N-queens ----------------------------------------------------------------------------------
def _queen_completions(n: int, given: dict[int, int]) -> list[list[int]]:
    """Every completion, by backtracking over the columns from the right."""
    found = []

    def place(row: int, columns: list[int]) -> None:
        if row == n:
            found.append(list(columns))
            return
        options = [given[row]] if row in given else range(n - 1, -1, -1)
        for c in options:
            if all(c != d and abs(c - d) != row - r for r, d in enumerate(columns)):
                place(row + 1, [*columns, c])

    place(0, [])
    return found


def test_n_queens_every_completion_scores_one():
    for seed, size in itertools.product(range(5), (4, 6, 8)):
        problem = _gen("rlvr/NQueens-v0", seed, size=size, placed=0.25)
        given = {int(r): c for r, c in problem.meta["given"].items()}
        completions = _queen_completions(size, given)
        assert completions
        for columns in completions[:20]:
            assert _score(problem, " ".join(str(c + 1) for c in columns)).reward == 1.0
        assert _score(problem, ",".join(str(c + 1) for c in completions[-1])).reward == 1.0


@PERTURB
@given(seed=SEED, difficulty=DIFFICULTY, data=st.data())
def test_n_queens_verdict_equals_independent_check(seed, difficulty, data):
    problem = _gen("rlvr/NQueens-v0", seed, difficulty)
    n = problem.meta["size"]
    columns = [int(c) - 1 for c in problem.answer.split()]
    i = data.draw(st.integers(0, n - 1))
    columns[i] = data.draw(st.integers(0, n - 1))
    if data.draw(st.booleans()):
        j = data.draw(st.integers(0, n - 1))
        columns[i], columns[j] = columns[j], columns[i]
    attacks = any(
        a == b or abs(a - b) == abs(r - s)
        for (r, a), (s, b) in itertools.combinations(enumerate(columns), 2)
    )
    kept = all(columns[int(r)] == c for r, c in problem.meta["given"].items())
    verdict = _score(problem, " ".join(str(c + 1) for c in columns))
    assert verdict.correct == (not attacks and kept)
