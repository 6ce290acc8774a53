"""What ``rlvr/ChessMate-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import random
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from rlvr_envs.registry import format_answer

chess = pytest.importorskip("chess")

ENV = "rlvr/ChessMate-v0"


def _gen(seed, difficulty=None, **knobs):
    return rlvr_envs.make_task(ENV).generate(seed=seed, difficulty=difficulty, knobs=knobs or None)


def _score(problem, answer):
    return rlvr_envs.verify(problem, format_answer(answer, problem.answer_format))


def _mating_moves(fen):
    """Every legal move after which the game is over by checkmate (outcome-based)."""
    out = set()
    for move in chess.Board(fen).legal_moves:
        board = chess.Board(fen)
        board.push(move)
        outcome = board.outcome()
        if outcome is not None and outcome.termination == chess.Termination.CHECKMATE:
            out.add(move.uci())
    return out


def _mate_in_two_moves(fen):
    """Moves after which every Black reply leaves a mate: built from _mating_moves on
    copied boards, not from the family's push/pop search."""
    out = set()
    for move in chess.Board(fen).legal_moves:
        board = chess.Board(fen)
        board.push(move)
        replies = list(board.legal_moves)
        if not replies:
            continue
        good = True
        for reply in replies:
            after = board.copy()
            after.push(reply)
            if not _mating_moves(after.fen()):
                good = False
                break
        if good:
            out.add(move.uci())
    return out


def test_mate_in_one_sets_are_every_mating_move_in_san_and_uci():
    for seed in range(8):
        problem = _gen(seed, mate_in=1)
        fen = problem.meta["fen"]
        mates = _mating_moves(fen)
        assert mates == set(problem.meta["winning"]) and mates
        board = chess.Board(fen)
        assert board.turn == chess.WHITE and board.is_valid()
        for uci in mates:
            assert _score(problem, uci).reward == 1.0
            san = board.san(chess.Move.from_uci(uci))
            assert _score(problem, san).reward == 1.0
            assert _score(problem, san.rstrip("#+")).reward == 1.0


def test_mate_in_two_sets_match_a_search_on_copied_boards():
    for seed in range(2):
        problem = _gen(seed, mate_in=2, pieces=3)
        fen = problem.meta["fen"]
        assert not _mating_moves(fen)  # no shorter mate
        winning = _mate_in_two_moves(fen)
        assert winning == set(problem.meta["winning"]) and winning
        assert _score(problem, sorted(winning)[-1]).reward == 1.0


def test_other_moves_illegal_moves_and_garbage_fail():
    problem = _gen(3, mate_in=1)
    board = chess.Board(problem.meta["fen"])
    other = next(m for m in board.legal_moves if m.uci() not in problem.meta["winning"])
    verdict = _score(problem, board.san(other))
    assert verdict.reason == "wrong" and "does not force mate" in verdict.details["why"]
    assert _score(problem, other.uci()).reason == "wrong"
    king = board.king(chess.WHITE)
    stay = chess.square_name(king) * 2  # a king "moving" to its own square
    assert _score(problem, stay).reward == 0.0
    assert _score(problem, "Qz9").reason == "unparsable"
    assert _score(problem, "checkmate with the queen").reason == "unparsable"
    assert _score(problem, "e4" * 20).reason == "unparsable"


def test_a_missing_python_chess_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "chess", None)
    with pytest.raises(ImportError, match=r"rlvr-envs\[chess\]"):
        _gen(0)


def _positions(seed):
    """Positions of random games from the opening (castling, en passant and promotions come
    up) and generated ones with a few moves played, White or Black to move."""
    from rlvr_envs.families.puzzles import chess_mate

    rng = random.Random(seed)
    board = chess.Board()
    for _ in range(rng.randrange(0, 120)):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rng.choice(moves))
        yield board.copy()
    start = chess_mate._random_board(chess, rng, rng.randint(2, 10))
    yield start
    for move in list(start.legal_moves)[:8]:
        after = start.copy()
        after.push(move)
        yield after
        for reply in list(after.legal_moves)[:3]:
            again = after.copy()
            again.push(reply)
            yield again


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_check_candidates_hold_every_checking_move(seed):
    """The search plays only ``_check_candidates``: it must hold every move that gives
    check (python-chess's own ``gives_check``), or a mate would be missed."""
    from rlvr_envs.families.puzzles.chess_mate import _check_candidates

    for board in _positions(seed):
        candidates = set(_check_candidates(board))
        assert candidates <= set(board.legal_moves)
        checks = {m for m in board.legal_moves if board.gives_check(m)}
        assert checks <= candidates, (board.fen(), checks - candidates)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), data=st.data())
def test_a_move_scores_exactly_when_it_mates(seed, data):
    """Property: any legal move, in SAN or UCI, scores 1 exactly when it mates (by the
    outcome of the position after it)."""
    problem = _gen(seed, mate_in=1, pieces=4)
    fen = problem.meta["fen"]
    board = chess.Board(fen)
    move = data.draw(st.sampled_from(sorted(board.legal_moves, key=lambda m: m.uci())))
    mates = move.uci() in _mating_moves(fen)
    text = data.draw(st.sampled_from([board.san(move), move.uci()]))
    assert (_score(problem, text).reward == 1.0) == mates


@pytest.mark.parametrize(
    ("fen", "check"),
    [
        ("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1"),  # castling: the rook checks from f1
        ("8/5k2/8/3pP3/8/1B6/8/4K3 w - d6 0 1", "e5d6"),  # en passant uncovers the bishop
        ("4k3/8/8/8/8/8/4R3/4K3 w - - 0 1", "e2e3"),  # a rook checks along the file
        ("7k/8/8/4N3/8/8/1B6/K7 w - - 0 1", "e5f3"),  # the knight uncovers the bishop
        ("3k4/1P6/8/8/8/8/8/K7 w - - 0 1", "b7b8q"),  # a promotion checks along the rank
    ],
)
def test_check_candidates_keep_special_checks(fen, check):
    from rlvr_envs.families.puzzles.chess_mate import _check_candidates

    board = chess.Board(fen)
    move = chess.Move.from_uci(check)
    assert board.gives_check(move)
    assert move in _check_candidates(board)
