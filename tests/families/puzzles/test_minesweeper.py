"""What ``rlvr/Minesweeper-v0`` must do beyond the generic family contract."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.families.puzzles.helpers import DIFFICULTY, PERTURB, SEED, _gen, _score

ENV = "rlvr/Minesweeper-v0"


def _around(r, c, n):
    return [
        (r + dr, c + dc)
        for dr in (-1, 0, 1)
        for dc in (-1, 0, 1)
        if (dr or dc) and 0 <= r + dr < n and 0 <= c + dc < n
    ]


def _valid(board, mines):
    """The rules, checked here without the family's code: mines a set of (row, col)."""
    n = len(board)
    for r in range(n):
        for c in range(n):
            if board[r][c] != "?":
                if (r, c) in mines:
                    return False
                if sum(cell in mines for cell in _around(r, c, n)) != int(board[r][c]):
                    return False
    return all(board[r][c] == "?" for r, c in mines)


def _solutions(board, limit=2):
    """Every mine set the board allows (up to ``limit``), by plain backtracking."""
    n = len(board)
    hidden = [(r, c) for r in range(n) for c in range(n) if board[r][c] == "?"]
    clues = {(r, c): int(board[r][c]) for r in range(n) for c in range(n) if board[r][c] != "?"}
    found, mines = [], set()

    def feasible(cell, index):
        for clue in _around(*cell, n):
            if clue in clues:
                near = _around(*clue, n)
                have = sum(x in mines for x in near)
                open_ = sum(x in hidden[index + 1 :] for x in near)
                if have > clues[clue] or have + open_ < clues[clue]:
                    return False
        return True

    def walk(index):
        if len(found) >= limit:
            return
        if index == len(hidden):
            found.append(frozenset(mines))
            return
        cell = hidden[index]
        for mine in (False, True):
            if mine:
                mines.add(cell)
            if feasible(cell, index):
                walk(index + 1)
            mines.discard(cell)

    walk(0)
    return found


def _grid(n, mines, mark="*", blank="."):
    return "\n".join(
        "".join(mark if (r, c) in mines else blank for c in range(n)) for r in range(n)
    )


def _mines(answer):
    rows = answer.split("\n")
    return {(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "*"}


def test_the_mine_set_is_unique_by_an_independent_search():
    for seed in range(25):
        problem = _gen(ENV, seed, size=5, revealed=0.3, density=0.2)
        board = problem.meta["board"]
        found = _solutions(board)
        assert found == [frozenset(_mines(problem.answer))], seed


def test_syntax_variants_parse():
    problem = _gen(ENV, 3)
    n = problem.meta["size"]
    mines = _mines(problem.answer)
    for mark, blank in (("#", "."), ("1", "0"), ("x", "_"), ("M", "."), ("F", "0")):
        assert _score(problem, _grid(n, mines, mark, blank)).reward == 1.0
    spaced = "\n".join(" ".join(row) for row in problem.answer.split("\n"))
    assert _score(problem, spaced).reward == 1.0
    assert _score(problem, " / ".join(problem.answer.split("\n"))).reward == 1.0
    assert _score(problem, problem.answer.replace("\n", "")).reward == 1.0


def test_invalid_answers_fail():
    problem = _gen(ENV, 11, size=6)
    board, n = problem.meta["board"], 6
    mines = _mines(problem.answer)
    revealed = next((r, c) for r in range(n) for c in range(n) if board[r][c] != "?")
    safe_hidden = [
        (r, c) for r in range(n) for c in range(n) if board[r][c] == "?" and (r, c) not in mines
    ]
    assert _score(problem, _grid(n, mines | {revealed})).reward == 0.0
    assert _score(problem, _grid(n, mines - {min(mines)})).reward == 0.0
    if safe_hidden:
        assert _score(problem, _grid(n, mines | {safe_hidden[0]})).reward == 0.0
    assert _score(problem, _grid(n, set())).reward == 0.0
    short = "\n".join(problem.answer.split("\n")[:-1])
    assert _score(problem, short).reason == "unparsable"
    assert _score(problem, "\n".join(board)).reason == "unparsable"
    assert _score(problem, problem.answer.replace("*", "?")).reason == "unparsable"


@PERTURB
@given(seed=SEED, difficulty=DIFFICULTY, data=st.data())
def test_perturbed_answers_score_as_the_rules_say(seed, difficulty, data):
    problem = _gen(ENV, seed, difficulty)
    n = problem.meta["size"]
    mines = set(_mines(problem.answer))
    flips = data.draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=3))
    for cell in flips:
        mines ^= {cell}
    verdict = _score(problem, _grid(n, mines))
    assert verdict.correct == _valid(problem.meta["board"], mines)
    assert verdict.correct == (mines == _mines(problem.answer))


def test_no_revealed_cell_can_be_hidden_when_fewest_are_asked_for():
    """With ``revealed=0`` the clue pruning runs to the end: hiding any revealed cell more
    lets a second mine set in (checked with the independent backtracking search)."""
    for seed in range(6):
        problem = _gen(ENV, seed, size=5, revealed=0.0, density=0.2)
        board = problem.meta["board"]
        for r in range(5):
            for c in range(5):
                if board[r][c] != "?":
                    hidden = [
                        row[:c] + "?" + row[c + 1 :] if i == r else row
                        for i, row in enumerate(board)
                    ]
                    assert len(_solutions(hidden)) == 2, (seed, r, c)
