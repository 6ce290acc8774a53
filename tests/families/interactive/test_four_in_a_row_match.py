"""FourInARowMatch against the m,n,4 rules written here with numpy: fours found by sliding
windows over rows, columns and both diagonals, replayed from the moves the env reports."""

from __future__ import annotations

import random
import re

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs

TASK = rlvr_envs.make_task("rlvr/FourInARowMatch-v0")


def four(board: np.ndarray, side: int) -> bool:
    mine = (board == side).astype(int)
    n = len(board)
    kernels = [np.ones((1, 4)), np.ones((4, 1)), np.eye(4), np.fliplr(np.eye(4))]
    for k in kernels:
        h, w = k.shape
        for r in range(n - h + 1):
            for c in range(n - w + 1):
                if (mine[r : r + h, c : c + w] * k).sum() == 4:
                    return True
    return False


def board_of(problem) -> np.ndarray:
    size = int(problem.knobs["board"][0])
    return np.array(problem.meta["cells"]).reshape(size, size)


def cell(text: str) -> tuple[int, int]:
    return int(text[1:]) - 1, "abcdef".index(text[0])


def respond(problem, moves):
    return rlvr_envs.respond(problem, [f"<answer>{m}</answer>" for m in moves])


def test_starts_have_no_four_and_as_many_x_as_o():
    for seed in range(10):
        problem = TASK.generate(seed=seed, difficulty=seed / 9)
        board = board_of(problem)
        assert not four(board, 1) and not four(board, -1)
        assert (board == 1).sum() == (board == -1).sum()
        assert (board == 0).sum() <= problem.knobs["empty"]
        shown = [line.split()[1:] for line in problem.prompt.split("\n") if re.match(r"\d  ", line)]
        assert np.array_equal(np.vectorize({"X": 1, "O": -1, ".": 0}.get)(np.array(shown)), board)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_replies_take_empty_cells_and_the_reference_makes_four(seed, difficulty):
    problem = TASK.generate(seed=seed, difficulty=difficulty)
    board = board_of(problem)
    moves = problem.answer.split("; ")
    for k in range(1, len(moves) + 1):
        assert board[cell(moves[k - 1])] == 0
        board[cell(moves[k - 1])] = 1
        turn = respond(problem, moves[:k])
        reply = re.search(r"opponent played ([a-f]\d)\.", turn.observation)
        if reply:
            assert board[cell(reply.group(1))] == 0
            board[cell(reply.group(1))] = -1
            assert not four(board, -1)
    assert four(board, 1) and turn.verdict.details["status"] == "won"


def test_a_perfect_opponent_beats_a_random_player_more_often():
    totals = {}
    for skill in (0.0, 1.0):
        total = 0.0
        for seed in range(15):
            problem = TASK.generate(seed=seed, knobs={"skill": skill, "board": "5x5"})
            board, rng, moves = board_of(problem), random.Random(seed), []
            while True:
                free = [tuple(p) for p in np.argwhere(board == 0)]
                r, c = rng.choice(free)
                board[r, c] = 1
                moves.append(f"{'abcdef'[c]}{r + 1}")
                turn = respond(problem, moves)
                if turn.done:
                    total += turn.verdict.reward
                    expected = 1.0 if four(board, 1) else 0.5 if not (board == 0).any() else 0.0
                    assert turn.verdict.reward == expected or four(board, -1)
                    break
                board[
                    cell(re.search(r"opponent played ([a-f]\d)\.", turn.observation).group(1))
                ] = -1
        totals[skill] = total
    assert totals[1.0] < totals[0.0], totals


def test_a_taken_cell_or_no_cell_is_illegal():
    problem = TASK.generate(seed=4, difficulty=0.5)
    board = board_of(problem)
    r, c = np.argwhere(board != 0)[0]
    for bad in [f"{'abcdef'[c]}{r + 1}", "g1", "a9", "c", "pass"]:
        assert respond(problem, [bad]).verdict.details["status"] == "illegal", bad
