"""Chess mate in 1 or 2: a move that forces checkmate, in generated positions.

Positions are generated, not taken from a game database: a white king and a black king
with a few more pieces on random squares (white holds most of them and at least one queen
or rook; no pawn on the first or last rank; the black king is moved to an edge square
three times in four, where mates are common), kept when python-chess finds the position
legal (``Board.is_valid``: one king each, the side not to move not in check, ...) with
white to move. The rules engine is python-chess (``pip install 'rlvr-envs[chess]'``; it is
GPL-3.0, so it is an optional extra of this Apache-2.0 package and imported only when this
family is used). A position is kept when:

* mate in 1: some white move checkmates;
* mate in 2: no move mates at once, and some white move leaves black only replies after
  each of which white mates (a full-width search over black's replies).

Every such first move goes into ``meta`` as UCI; any of them scores 1.

Answer syntax: one white move in standard algebraic notation (``Qh7#``, ``Rxe8+``,
``exd8=Q``; check and mate signs optional) or in UCI (``h5h7``, ``e7d8q``). The prompt gives
the position as a diagram and as FEN.

Knobs: ``mate_in`` (1 or 2) and ``pieces`` (pieces besides the kings: more moves to look
at). Difficulty raises both.

Speed (one core, CPU time, best of two runs of 300): about 870 problems/s at the default
knobs (mate in 1, four pieces), 65/s at difficulty 0.5 and 43/s at difficulty 1 (mate in
2), below the project's 1,000/s and 200/s: python-chess plays every candidate move (a
push, a legality check, a pop, tens of microseconds each), a mate in 2 is a full-width
search over White's first moves, Black's replies and White's checks, and only one random
position in four to ten holds a mate in exactly two. Only the moves that may give check
(a superset from the attack tables, ``_check_candidates``, tested against
``Board.gives_check``) are played when looking for a mate, which made generation 1.6 times
faster with the same problems (553/s and 26/s before on the same machine). Verification
parses one move (about 30,000/s).
"""

from __future__ import annotations

import math
import random
from functools import cache
from typing import Any, ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem

_EDGE = [s for s in range(64) if s // 8 in (0, 7) or s % 8 in (0, 7)]
INSTALL = "rlvr/ChessMate-v0 needs python-chess: pip install 'rlvr-envs[chess]'"


def _chess() -> Any:
    """The ``chess`` module, or a clear error naming the extra that installs it."""
    try:
        import chess
    except ImportError as exc:  # pragma: no cover - exercised with a monkeypatched import
        raise ImportError(INSTALL) from exc
    return chess


@cache
def _lines(king: int) -> tuple[int, int]:
    """The squares on the rank and file through ``king``, and on its diagonals (bitboards,
    the king's own square left out)."""
    chess = _chess()
    rook = bishop = 0
    for sq in range(64):
        if sq == king or not chess.ray(king, sq):
            continue
        same_line = chess.square_rank(sq) == chess.square_rank(king)
        if same_line or chess.square_file(sq) == chess.square_file(king):
            rook |= 1 << sq
        else:
            bishop |= 1 << sq
    return rook, bishop


def _check_candidates(board: Any) -> list[Any]:
    """The legal moves that may give check: a superset of those that do (a test holds it to
    ``Board.gives_check``), found from the attack tables without playing the move.

    A move checks directly when the piece it leaves on its target square (the promoted piece
    for a promotion) attacks the enemy king over squares that are empty once it has left its
    own; it checks by discovery only when it leaves a square between the enemy king and a
    slider of the mover on the same rank, file or diagonal. Castling and en passant (a pawn
    leaving two squares) are always kept.
    """
    chess = _chess()
    us = board.turn
    king = board.king(not us)
    king_bb = 1 << king
    rook_lines, bishop_lines = _lines(king)
    mine = board.occupied_co[us]
    occupied = board.occupied
    discover = 0
    sliders = ((board.rooks | board.queens) & mine & rook_lines) | (
        (board.bishops | board.queens) & mine & bishop_lines
    )
    for slider in chess.scan_forward(sliders):
        discover |= chess.between(king, slider)
    out = []
    for move in board.generate_legal_moves():
        frm, to = move.from_square, move.to_square
        kind = move.promotion or board.piece_type_at(frm)
        if discover >> frm & 1:
            hit = True
        elif kind == chess.KNIGHT:
            hit = chess.BB_KNIGHT_ATTACKS[to] & king_bb
        elif kind == chess.PAWN:
            hit = chess.BB_PAWN_ATTACKS[us][to] & king_bb or board.is_en_passant(move)
        elif kind == chess.KING:
            hit = board.is_castling(move)
        else:
            lines = (rook_lines if kind != chess.BISHOP else 0) | (
                bishop_lines if kind != chess.ROOK else 0
            )
            hit = lines >> to & 1 and not chess.between(to, king) & occupied & ~(1 << frm)
        if hit:
            out.append(move)
    return out


def _mates_in_one(board: Any) -> list[Any]:
    out = []
    for move in _check_candidates(board):
        board.push(move)
        if board.is_checkmate():
            out.append(move)
        board.pop()
    return out


def _has_mate_in_one(board: Any) -> bool:
    for move in _check_candidates(board):
        board.push(move)
        mate = board.is_checkmate()
        board.pop()
        if mate:
            return True
    return False


def _forces_mate_in_two(board: Any, move: Any) -> bool:
    """Whether after ``move`` every black reply allows a mate in 1 (a stalemate does not)."""
    board.push(move)
    try:
        replies = list(board.legal_moves)
        if not replies:
            return board.is_checkmate()
        # escapes come first: king moves, then captures (a refuted move costs one reply)
        king = board.king(board.turn)
        replies.sort(key=lambda r: (r.from_square != king, not board.is_capture(r)))
        for reply in replies:
            board.push(reply)
            ok = _has_mate_in_one(board)
            board.pop()
            if not ok:
                return False
        return True
    finally:
        board.pop()


def _random_board(chess: Any, rng: random.Random, pieces: int) -> Any:
    white_kinds = [chess.QUEEN, chess.ROOK, chess.ROOK, chess.BISHOP, chess.KNIGHT, chess.PAWN]
    black_kinds = [chess.PAWN, chess.PAWN, chess.KNIGHT, chess.BISHOP, chess.ROOK]
    while True:
        board = chess.Board(None)
        squares = rng.sample(range(64), pieces + 2)
        if chess.square_rank(squares[1]) not in (0, 7) and rng.random() < 0.75:
            edge = rng.choice([s for s in _EDGE if s not in squares])
            squares[1] = edge  # mates are far more common with the black king on the edge
        board.set_piece_at(squares[0], chess.Piece(chess.KING, chess.WHITE))
        board.set_piece_at(squares[1], chess.Piece(chess.KING, chess.BLACK))
        blacks = pieces // 3
        ok = True
        for i, square in enumerate(squares[2:]):
            if i == 0:
                piece = chess.Piece(rng.choice([chess.QUEEN, chess.ROOK]), chess.WHITE)
            elif i <= pieces - blacks - 1:
                piece = chess.Piece(rng.choice(white_kinds), chess.WHITE)
            else:
                piece = chess.Piece(rng.choice(black_kinds), chess.BLACK)
            if piece.piece_type == chess.PAWN and chess.square_rank(square) in (0, 7):
                ok = False
                break
            board.set_piece_at(square, piece)
        board.turn = chess.WHITE
        if ok and board.is_valid() and not board.is_check():
            return board


class ChessMate(Family):
    """Find a move that forces checkmate in 1 or 2 (any such move is right)."""

    knobs: ClassVar[dict[str, Knob]] = {
        "mate_in": Knob("int", 1, 2, default=1, doc="moves of white to mate"),
        "pieces": Knob("int", 2, 8, default=4, easy=3, hard=6, doc="pieces besides the kings"),
    }
    answer_syntax = "one move for White in algebraic notation or UCI (e.g. Nf3 or g1f3)"
    answer_form = "chess move"
    unique_answer = False
    requires = (("chess", "chess"),)

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        chess = _chess()
        mate_in, pieces = int(knobs["mate_in"]), int(knobs["pieces"])
        while True:
            board = _random_board(chess, rng, pieces)
            mates = _mates_in_one(board)
            if mate_in == 1:
                winning = mates
            elif mates:
                continue
            else:
                winning = [m for m in list(board.legal_moves) if _forces_mate_in_two(board, m)]
            if winning:
                break
        winning.sort(key=lambda m: m.uci())
        move = rng.choice(winning)
        diagram = str(board)
        files = "a b c d e f g h"
        ranks = diagram.split("\n")
        diagram = "\n".join(f"{8 - i} {row}" for i, row in enumerate(ranks)) + f"\n  {files}"
        goal = (
            "checkmates Black at once"
            if mate_in == 1
            else ("forces checkmate on White's second move, whatever Black replies")
        )
        question = (
            "Chess. White pieces are upper case (K Q R B N P), Black pieces lower case, "
            "empty squares are dots; rank 8 is at the top.\n\n"
            f"{diagram}\n\nFEN: {board.fen()}\n\nWhite to move. Find a move that {goal}."
        )
        meta = {
            "fen": board.fen(),
            "mate_in": mate_in,
            "winning": [m.uci() for m in winning],
            "legal_moves": board.legal_moves.count(),
        }
        return Draft(question, board.san(move), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        chess = _chess()
        meta = problem.meta
        text = answer.strip().rstrip("#+!?").strip()
        if not text or len(text) > 12:
            return Judgement.unparsable("a move is a few characters (e.g. Qh7 or h5h7)")
        board = chess.Board(meta["fen"])
        try:
            move = board.parse_san(text)
        except ValueError:
            try:
                move = chess.Move.from_uci(text.lower())
            except ValueError:
                return Judgement.unparsable(f"{text!r} is not a move in SAN or UCI")
            if move not in board.legal_moves:
                return Judgement.wrong(why=f"{text} is not a legal move here")
        if move.uci() in meta["winning"]:
            return Judgement.right()
        return Judgement.wrong(why=f"{board.san(move)} does not force mate in {meta['mate_in']}")

    def complexity(self, problem: Problem) -> float:
        """White's legal moves raised to the plies of the mate (the tree a search walks),
        as log2, plus the pieces on the board."""
        meta = problem.meta
        pieces = sum(ch.isalpha() for ch in meta["fen"].split()[0])
        return (2 * meta["mate_in"] - 1) * math.log2(meta["legal_moves"] + 1) + pieces
