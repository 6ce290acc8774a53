"""OthelloMatch against Othello's rules written here with numpy: the board after every reply
the env reports, a solver of our own that proves the starts won, and random players."""

from __future__ import annotations

import functools
import random
import re

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs

TASK = rlvr_envs.make_task("rlvr/OthelloMatch-v0")
DIRS = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]


def play(problem, moves):
    return rlvr_envs.respond(problem, [f"<answer>{m}</answer>" for m in moves])


def board_of(problem) -> np.ndarray:
    size = int(problem.knobs["board"][0])
    return np.array(problem.meta["cells"]).reshape(size, size)


def turned(board: np.ndarray, r: int, c: int, side: int) -> list[tuple[int, int]]:
    if board[r, c]:
        return []
    n, out = len(board), []
    for dr, dc in DIRS:
        run, y, x = [], r + dr, c + dc
        while 0 <= y < n and 0 <= x < n and board[y, x] == -side:
            run.append((y, x))
            y, x = y + dr, x + dc
        if run and 0 <= y < n and 0 <= x < n and board[y, x] == side:
            out += run
    return out


def moves_for(board: np.ndarray, side: int) -> list[tuple[int, int]]:
    return [
        (r, c) for r in range(len(board)) for c in range(len(board)) if turned(board, r, c, side)
    ]


def place(board: np.ndarray, r: int, c: int, side: int) -> np.ndarray:
    out = board.copy()
    for y, x in [(r, c), *turned(board, r, c, side)]:
        out[y, x] = side
    return out


def cell(text: str) -> tuple[int, int]:
    return int(text[1:]) - 1, "abcdef".index(text[0])


@functools.cache
def outcome(flat: tuple[int, ...], side: int) -> int:
    """+1 if X wins with best play, 0 a draw, -1 if O wins (passes included)."""
    n = int(len(flat) ** 0.5)
    board = np.array(flat).reshape(n, n)
    mine = moves_for(board, side)
    if not mine:
        if not moves_for(board, -side):
            return int(np.sign(board.sum()))
        return outcome(flat, -side)
    values = [outcome(tuple(place(board, r, c, side).flatten()), -side) for r, c in mine]
    return max(values) if side == 1 else min(values)


def test_starts_are_x_wins_by_our_own_solver():
    for seed in range(10):
        problem = TASK.generate(seed=seed, knobs={"board": "4x4", "empty": 7})
        board = board_of(problem)
        assert (board == 0).sum() == 7 and moves_for(board, 1)
        assert outcome(tuple(board.flatten()), 1) == 1


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_every_reply_is_legal_and_turns_the_bracketed_discs(seed, difficulty):
    problem = TASK.generate(seed=seed, difficulty=difficulty)
    board = board_of(problem)
    moves = problem.answer.split("; ")
    for k in range(1, len(moves) + 1):
        r, c = cell(moves[k - 1])
        assert turned(board, r, c, 1), moves[k - 1]
        board = place(board, r, c, 1)
        text = play(problem, moves[:k]).observation.split("\n")[0]
        replies = re.search(r"opponent played ([^.]*)\.", text)
        for reply in replies.group(1).split(", ") if replies else []:
            r, c = cell(reply)
            assert turned(board, r, c, -1), reply
            board = place(board, r, c, -1)
        if not replies and k < len(moves):
            assert not moves_for(board, -1)  # O passes
    assert not moves_for(board, 1) and not moves_for(board, -1)
    assert board.sum() > 0  # X has more discs: won
    assert play(problem, moves).verdict.details["status"] == "won"


def test_a_stronger_opponent_beats_a_random_player_more_often():
    wins = {}
    for skill in (0.0, 1.0):
        total = 0.0
        for seed in range(15):
            problem = TASK.generate(seed=seed, knobs={"skill": skill, "board": "4x4"})
            rng, moves = random.Random(seed), []
            while True:
                turn = play(problem, moves) if moves else None
                if turn is not None and turn.done:
                    total += turn.verdict.reward
                    break
                board = board_of(problem)  # rebuild from the moves the env reports
                text = problem.prompt if turn is None else turn.observation
                rows = [line.split()[1:] for line in text.split("\n") if re.match(r"\d  ", line)]
                board = np.array([[{"X": 1, "O": -1, ".": 0}[v] for v in row] for row in rows])
                r, c = rng.choice(moves_for(board, 1))
                moves.append(f"{'abcdef'[c]}{r + 1}")
        wins[skill] = total
    assert wins[1.0] < wins[0.0], wins


def test_illegal_placements_end_the_game():
    problem = TASK.generate(seed=3, difficulty=0.5)
    board = board_of(problem)
    n = len(board)
    taken = next((r, c) for r in range(n) for c in range(n) if board[r, c])
    useless = next(
        (
            (r, c)
            for r in range(n)
            for c in range(n)
            if not board[r, c] and not turned(board, r, c, 1)
        ),
        None,
    )
    for r, c in [taken, *([useless] if useless else [])]:
        turn = play(problem, [f"{'abcdef'[c]}{r + 1}"])
        assert turn.done and turn.verdict.details["status"] == "illegal"
    assert play(problem, ["z9"]).verdict.details["status"] == "illegal"
