"""What ``rlvr/RushHour-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import re
from collections import deque

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.families.puzzles.helpers import DIFFICULTY, PERTURB, SEED, _gen, _score

ENV = "rlvr/RushHour-v0"


def _board(problem):
    """The board read back from the prompt's picture: a tuple of row strings, and the row
    of the exit (0-based)."""
    picture = problem.prompt.split("vehicle):\n", 1)[1].split("\n\n", 1)[0].splitlines()
    row = int(re.search(r"right edge of row (\d+)", problem.prompt).group(1)) - 1
    return tuple(picture), row


def _vehicles(board):
    """name -> (horizontal, list of cells) read from the picture."""
    cells = {}
    for r, line in enumerate(board):
        for c, ch in enumerate(line):
            if ch != ".":
                cells.setdefault(ch, []).append((r, c))
    return {name: (len({r for r, _ in cs}) == 1, cs) for name, cs in cells.items()}


def _step(board, name, sign):
    """The board after moving ``name`` one cell (sign +1 right/down, -1 left/up), or None."""
    horizontal, cs = _vehicles(board)[name]
    dr, dc = (0, sign) if horizontal else (sign, 0)
    n = len(board)
    moved = [(r + dr, c + dc) for r, c in cs]
    for r, c in moved:
        if not (0 <= r < n and 0 <= c < n) or board[r][c] not in (".", name):
            return None
    grid = [list(line) for line in board]
    for r, c in cs:
        grid[r][c] = "."
    for r, c in moved:
        grid[r][c] = name
    return tuple("".join(line) for line in grid)


def _play(board, moves):
    for name, shift in moves:
        if shift == 0 or name not in _vehicles(board):
            return None
        for _ in range(abs(shift)):
            board = _step(board, name, 1 if shift > 0 else -1)
            if board is None:
                return None
    return board


def _solved(board, row):
    return board[row][-2:] == "XX"


def _bfs(board, row, unit=False):
    """A shortest plan by BFS over pictures: slides of any length, or single cells."""
    seen = {board: []}
    queue = deque([board])
    while queue:
        state = queue.popleft()
        if _solved(state, row):
            return seen[state]
        for name in sorted(_vehicles(state)):
            for sign in (1, -1):
                nxt, k = state, 0
                while True:
                    nxt = _step(nxt, name, sign)
                    k += 1
                    if nxt is None:
                        break
                    if nxt not in seen:
                        seen[nxt] = [*seen[state], (name, sign * k)]
                        queue.append(nxt)
                    if unit:
                        break
    return None


def _text(moves):
    return " ".join(f"{name}{shift:+d}" for name, shift in moves)


def test_the_shortest_solution_matches_an_independent_bfs():
    for seed in range(8):
        problem = _gen(ENV, seed, size=5, cars=4, scramble=6)
        board, row = _board(problem)
        assert not _solved(board, row)
        plan = _bfs(board, row)
        assert len(plan) == problem.meta["optimal"] >= 2
        assert _score(problem, _text(plan)).reward == 1.0


def test_plans_of_single_cell_moves_and_other_spellings_score():
    problem = _gen(ENV, 4, size=6, cars=5, scramble=8)
    board, row = _board(problem)
    unit = _bfs(board, row, unit=True)
    assert all(abs(k) == 1 for _, k in unit)
    assert _score(problem, _text(unit)).reward == 1.0
    spaced = ", ".join(f"{n.lower()} {'+' if k > 0 else '-'} {abs(k)}" for n, k in unit)
    assert _score(problem, spaced).reward == 1.0
    assert _score(problem, _text(unit).replace("-", "−")).reward == 1.0


def test_illegal_and_unfinished_plans_fail_with_a_reason():
    problem = _gen(ENV, 6, size=6, cars=6, scramble=10)
    board, row = _board(problem)
    x_col = board[row].index("X")
    why = _score(problem, f"X+{len(board) - 2 - x_col}").details["why"]
    assert "through a vehicle" in why
    assert "off the board" in _score(problem, f"X-{x_col + 1}").details["why"]
    assert "moves nothing" in _score(problem, "X+0").details["why"]
    assert "no vehicle" in _score(problem, "Z+1").details["why"]
    plan = problem.answer.split()
    assert "not at the exit" in _score(problem, " ".join(plan[:-1])).details["why"]
    assert _score(problem, "A+").reason == "unparsable"
    assert _score(problem, "move A right").reason == "unparsable"
    assert _score(problem, "A+1 " * 300).reason == "unparsable"


@pytest.mark.parametrize("difficulty", [0.0, 1.0])
def test_every_reference_solution_replays_independently(difficulty):
    for seed in range(20):
        problem = _gen(ENV, seed, difficulty)
        board, row = _board(problem)
        moves = [(m[0], int(m[1:])) for m in problem.answer.split()]
        end = _play(board, moves)
        assert end is not None and _solved(end, row)


@PERTURB
@given(seed=SEED, difficulty=DIFFICULTY, data=st.data())
def test_perturbed_plans_are_judged_like_an_independent_replay(seed, difficulty, data):
    problem = _gen(ENV, seed, difficulty)
    board, row = _board(problem)
    moves = [(m[0], int(m[1:])) for m in problem.answer.split()]
    names = sorted(_vehicles(board))
    i = data.draw(st.integers(0, len(moves) - 1))
    kind = data.draw(st.sampled_from(["replace", "delete", "insert", "swap", "shift"]))
    move = (data.draw(st.sampled_from(names)), data.draw(st.integers(-4, 4)))
    if kind == "replace":
        moves[i] = move
    elif kind == "delete":
        del moves[i]
    elif kind == "insert":
        moves.insert(i, move)
    elif kind == "shift":
        moves[i] = (moves[i][0], moves[i][1] + data.draw(st.sampled_from([-1, 1])))
    elif i + 1 < len(moves):
        moves[i], moves[i + 1] = moves[i + 1], moves[i]
    end = _play(board, moves)
    good = bool(moves) and end is not None and _solved(end, row)
    assert (_score(problem, _text(moves)).reward == 1.0) == good


def test_the_prompt_states_that_a_move_covers_at_least_one_cell():
    # The checker refuses X+0; the prompt must say a move is of at least one cell.
    problem = _gen(ENV, 3, 0.5)
    assert "number of cells (at least 1)" in problem.prompt
    assert "moves nothing" in _score(problem, "X+0 " + problem.answer).details["why"]
