"""What ``rlvr/TicTacToe-v0`` must do beyond the generic family contract."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from rlvr_envs.registry import format_answer

ENV = "rlvr/TicTacToe-v0"


def _gen(seed, difficulty=None, **knobs):
    return rlvr_envs.make_task(ENV).generate(seed=seed, difficulty=difficulty, knobs=knobs or None)


def _score(problem, answer):
    return rlvr_envs.verify(problem, format_answer(answer, problem.answer_format))


def _lines(rows, cols, k):
    out = []
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + dr * i, c + dc * i) for i in range(k)]
                if all(0 <= a < rows and 0 <= b < cols for a, b in cells):
                    out.append(cells)
    return out


def _minimax_best(board, to_move, k):
    """Plain minimax over tuples of strings, no pruning and no threat rules: an independent
    valuation of every move. Returns (value, set of best cells named like b3)."""
    rows, cols = len(board), len(board[0])
    lines = _lines(rows, cols, k)
    other = {"X": "O", "O": "X"}

    @cache
    def value(state, player):
        empties = [(r, c) for r in range(rows) for c in range(cols) if state[r][c] == "."]
        if not empties:
            return 0
        best = -2
        for r, c in empties:
            child = tuple(row if i != r else row[:c] + player + row[c + 1 :]
                          for i, row in enumerate(state))  # fmt: skip
            if any(all(child[a][b] == player for a, b in line) for line in lines):
                v = 1
            else:
                v = -value(child, other[player])
            best = max(best, v)
        return best

    values = {}
    state = tuple(board)
    for r in range(rows):
        for c in range(cols):
            if state[r][c] != ".":
                continue
            child = tuple(row if i != r else row[:c] + to_move + row[c + 1 :]
                          for i, row in enumerate(state))  # fmt: skip
            if any(all(child[a][b] == to_move for a, b in line) for line in lines):
                values[f"{chr(97 + c)}{r + 1}"] = 1
            else:
                values[f"{chr(97 + c)}{r + 1}"] = -value(child, other[to_move])
    best = max(values.values())
    return best, {cell for cell, v in values.items() if v == best}


@pytest.mark.parametrize(
    ("game", "empty"), [("3x3k3", 6), ("3x3k3", 8), ("4x4k3", 6), ("4x4k4", 6)]
)
def test_best_moves_match_plain_minimax(game, empty):
    for seed in range(6):
        problem = _gen(seed, game=game, empty=empty)
        meta = problem.meta
        value, best = _minimax_best(meta["board"], meta["to_move"], meta["k"])
        assert value == meta["value"] and best == set(meta["best_moves"])
        word = {1: "win", 0: "draw", -1: "loss"}[value]
        # the independently found set, in reverse order and upper case, scores 1
        answer = ", ".join(sorted(best, reverse=True)).upper() + f" {word.upper()}"
        assert _score(problem, answer).reward == 1.0


def test_positions_have_no_finished_line_and_the_right_player_to_move():
    for seed in range(20):
        problem = _gen(seed, difficulty=seed / 19)
        meta = problem.meta
        board, k = meta["board"], meta["k"]
        for line in _lines(meta["rows"], meta["cols"], k):
            marks = {board[r][c] for r, c in line}
            assert marks not in ({"X"}, {"O"})
        xs = sum(row.count("X") for row in board)
        os_ = sum(row.count("O") for row in board)
        assert meta["to_move"] == ("X" if xs == os_ else "O") and xs - os_ in (0, 1)
        assert 1 <= len(meta["best_moves"]) < sum(row.count(".") for row in board)


def test_wrong_sets_occupied_cells_and_wrong_results_fail():
    problem = next(p for s in range(50) if len((p := _gen(s)).meta["best_moves"]) >= 2)
    meta = problem.meta
    best = meta["best_moves"]
    word = problem.answer.split()[-1]
    other = "win" if word == "draw" else "draw"
    empty = [f"{chr(97 + c)}{r + 1}" for r, row in enumerate(meta["board"])
             for c, ch in enumerate(row) if ch == "."]  # fmt: skip
    occupied = next(f"{chr(97 + c)}{r + 1}" for r, row in enumerate(meta["board"])
                    for c, ch in enumerate(row) if ch != ".")  # fmt: skip
    not_best = next(c for c in empty if c not in best)
    assert _score(problem, " ".join(best[::-1]) + " " + word).reward == 1.0
    assert _score(problem, " ".join(best) + " " + other).reason == "wrong"  # wrong result
    assert _score(problem, " ".join(best[1:]) + " " + word).reason == "wrong"  # missing
    assert _score(problem, " ".join([*best, not_best]) + " " + word).reason == "wrong"  # extra
    verdict = _score(problem, " ".join([*best, occupied]) + " " + word)
    assert verdict.reason == "wrong" and "not empty" in verdict.details["why"]
    assert _score(problem, " ".join(best)).reason == "unparsable"  # no result
    assert _score(problem, f"z9 {word}").reason == "unparsable"  # off the board
    assert _score(problem, f"{best[0]}x {word}").reason == "unparsable"
    assert _score(problem, word).reason == "unparsable"


def test_the_prompt_example_names_an_occupied_cell():
    for seed in range(10):
        problem = _gen(seed)
        example = problem.prompt.split(" is at ")[1].split(".")[0]
        col, row = ord(example[0]) - 97, int(example[1:]) - 1
        assert problem.meta["board"][row][col] != "."


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    game=st.sampled_from(["3x3k3", "4x4k3"]),
    empty=st.integers(4, 7),
    data=st.data(),
)
def test_only_the_exact_set_of_best_moves_with_the_result_scores(seed, game, empty, data):
    """Property: the exact set (any order, any case) with the minimax result scores 1; one
    best move left out, or one other empty cell added, scores 0."""
    problem = _gen(seed, game=game, empty=empty)
    meta = problem.meta
    value, best = _minimax_best(meta["board"], meta["to_move"], meta["k"])
    word = {1: "win", 0: "draw"}[value]
    order = data.draw(st.permutations(sorted(best)))
    assert _score(problem, ", ".join(order).upper() + " " + word).reward == 1.0
    dropped = data.draw(st.sampled_from(sorted(best)))
    if len(best) > 1:
        fewer = [c for c in order if c != dropped]
        assert _score(problem, " ".join(fewer) + " " + word).reward == 0.0
    cells = [f"{chr(97 + c)}{r + 1}" for r, row in enumerate(meta["board"])
             for c, ch in enumerate(row) if ch == "."]  # fmt: skip
    empties = sorted(set(cells) - best)
    extra = data.draw(st.sampled_from(empties))
    assert _score(problem, " ".join([*order, extra]) + " " + word).reward == 0.0
