"""Tic-tac-toe and other m,n,k-games: every best move of a position under perfect play.

An m,n,k-game (Uiterwijk & van den Herik, "The advantage of the initiative", 2000) is played
on an m x n board: X and O take turns putting a mark on an empty cell, and the first to own
k cells in a row, column or diagonal wins; a full board without such a line is a draw.
Tic-tac-toe is the 3,3,3-game.

Positions come from random play without a finished line, with a given number of empty
cells left, turned by a random symmetry of the square board. Every legal move is valued
exactly (win, draw or loss for the mover under perfect play) by negamax search with a
transposition table, where a move that completes a line ends the search and a single
threat of the opponent forces the block (two threats lose). Positions where every move is
equally good are skipped; sets of two to four best moves are kept, a lone best move one
time in four.

The task asks for *every* best move and the result they force. A single best move would be
one cell of at most 25, and a few cells (the centre of 3x3, the corners) are best so often
that a constant answer would earn more than one time in ten; the set of best moves with
the result is different nearly every time (``rlvr audit``: 0.075 at difficulty 0.5).

Answer syntax: the best moves as column letter and row number, columns ``a, b, ...`` from
the left and rows ``1, 2, ...`` from the top, separated by spaces or commas, in any order,
then ``win`` or ``draw`` (``b3 c1 draw``); case is ignored. The
prompt names an occupied cell as an example of the syntax. The verifier compares the set
with the best moves found at generation (``meta["best_moves"]``) and the result with the
position's value.

Speed (one core, CPU time, in one process whose transposition table fills as it goes):
about 9,700 problems/s at the default knobs (3x3, six empty cells), 440/s at difficulty 0.5
and 1 (4x4 and 5x5 with four in a row, seven to nine empty cells), where the search over
every legal move bounds the rate.

Knobs: ``game`` (the board and line length: 3x3 with 3 in a row, 4x4 with 3, 4x4 with 4,
5x5 with 4) and ``empty`` (the empty cells of the position: more is a deeper search).
Difficulty raises both.
"""

from __future__ import annotations

import math
import random
import re
from functools import cache
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.puzzles.game_search import AnswerError, cell_name, parse_cell, render_board

GAMES = {"3x3k3": (3, 3, 3), "4x4k3": (4, 4, 3), "4x4k4": (4, 4, 4), "5x5k4": (5, 5, 4)}
OUTCOMES = {"win": 1, "draw": 0, "loss": -1}
_OUTCOME = re.compile(r"[\s,;:-]*\b(win|draw|loss)\s*\.?\s*$", re.IGNORECASE)
_MEMO_LIMIT = 2_000_000
_memo: dict[tuple[int, int, int], dict[int, int]] = {}


@cache
def lines_through(rows: int, cols: int, k: int) -> tuple[tuple[int, ...], ...]:
    """For each cell index ``r * cols + c``, the bit masks of the k-lines through it."""
    lines = []
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                end_r, end_c = r + dr * (k - 1), c + dc * (k - 1)
                if 0 <= end_r < rows and 0 <= end_c < cols:
                    lines.append(sum(1 << ((r + dr * i) * cols + c + dc * i) for i in range(k)))
    through = [[] for _ in range(rows * cols)]
    for mask in lines:
        for cell in range(rows * cols):
            if mask >> cell & 1:
                through[cell].append(mask)
    return tuple(tuple(m) for m in through)


def _wins(bits: int, cell: int, through: tuple[tuple[int, ...], ...]) -> bool:
    return any(bits & mask == mask for mask in through[cell])


@cache
def all_lines(rows: int, cols: int, k: int) -> tuple[int, ...]:
    """Every k-line of the board as a bit mask."""
    return tuple(sorted({m for ms in lines_through(rows, cols, k) for m in ms}))


def _threats(me: int, opp: int, lines: tuple[int, ...], k1: int) -> int:
    """The cells where ``me`` completes a line (as a bit mask)."""
    out = 0
    for mask in lines:
        if not mask & opp:
            own = mask & me
            if own.bit_count() == k1:
                out |= mask ^ own
    return out


def value(me: int, opp: int, game: tuple[int, int, int]) -> int:
    """The value for the player to move (owning ``me``): 1 win, 0 draw, -1 loss."""
    rows, cols, k = game
    memo = _memo.setdefault(game, {})
    if len(memo) > _MEMO_LIMIT:
        memo.clear()
    full = (1 << rows * cols) - 1
    return _negamax(me, opp, full, all_lines(rows, cols, k), k - 1, rows * cols, memo)


def _negamax(me: int, opp: int, full: int, lines: tuple, k1: int, n: int, memo: dict) -> int:
    key = me << n | opp
    hit = memo.get(key)
    if hit is not None:
        return hit
    free = full & ~(me | opp)
    if not free:
        return 0
    if _threats(me, opp, lines, k1) & free:
        memo[key] = 1
        return 1
    theirs = _threats(opp, me, lines, k1) & free
    if theirs:
        if theirs & (theirs - 1):  # two threats: one block is not enough
            memo[key] = -1
            return -1
        free = theirs
    best = -1
    while free:
        bit = free & -free
        free ^= bit
        v = -_negamax(opp, me | bit, full, lines, k1, n, memo)
        if v > best:
            best = v
            if best == 1:
                break
    memo[key] = best
    return best


def move_values(me: int, opp: int, game: tuple[int, int, int]) -> dict[int, int]:
    """The exact value of every legal move for the player to move."""
    rows, cols, k = game
    through = lines_through(rows, cols, k)
    out = {}
    for c in range(rows * cols):
        if (me | opp) >> c & 1:
            continue
        if _wins(me | 1 << c, c, through):
            out[c] = 1
        else:
            out[c] = -value(opp, me | 1 << c, game)
    return out


def random_position(rng: random.Random, game: tuple[int, int, int], empty: int) -> tuple[int, int]:
    """X's and O's bits after random play to ``empty`` empty cells with no finished line."""
    rows, cols, k = game
    through = lines_through(rows, cols, k)
    n = rows * cols
    while True:
        bits = [0, 0]
        free = list(range(n))
        rng.shuffle(free)
        ok = True
        for ply in range(n - empty):
            side = ply % 2
            for i in range(len(free) - 1, -1, -1):  # the last free cell that makes no line
                c = free[i]
                if not _wins(bits[side] | 1 << c, c, through):
                    free.pop(i)
                    bits[side] |= 1 << c
                    break
            else:
                ok = False
                break
        if ok:
            return bits[0], bits[1]


@cache
def _cell_map(n: int, sym: int) -> tuple[int, ...]:
    """Where each cell of an n x n board goes under symmetry ``sym`` (0..7) of the square."""
    out = []
    for cell in range(n * n):
        r, c = divmod(cell, n)
        if sym & 1:
            r, c = c, r
        if sym & 2:
            r = n - 1 - r
        if sym & 4:
            c = n - 1 - c
        out.append(r * n + c)
    return tuple(out)


def _orbit(n: int, cell: int) -> list[int]:
    return sorted({_cell_map(n, sym)[cell] for sym in range(8)})


def _transform(bits: int, n: int, sym: int) -> int:
    mapping = _cell_map(n, sym)
    return sum(1 << mapping[c] for c in range(n * n) if bits >> c & 1)


class TicTacToe(Family):
    """Name every best move of an m,n,k-game position and the result they force."""

    knobs: ClassVar[dict[str, Knob]] = {
        "game": Knob(
            "categorical",
            choices=tuple(GAMES),
            default="3x3k3",
            doc="board rows x columns and k, the marks in a row that win",
        ),
        "empty": Knob(
            "int", 3, 12, default=6, easy=4, hard=9, doc="empty cells left (at most cells - 1)"
        ),
    }
    answer_syntax = (
        "every best move as column letter and row number, separated by spaces, then the "
        "result they force for the player to move, win or draw (e.g. c1 a3 draw; cells "
        "written like the example above)"
    )
    answer_form = "board cell"
    single_answer = False  # a set of cells (the order is free)

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        game = GAMES[knobs["game"]]
        rows, cols, k = game
        empty = min(int(knobs["empty"]), rows * cols - 1)
        for attempt in range(400):
            x, o = random_position(rng, game, empty)
            to_move = "X" if (rows * cols - empty) % 2 == 0 else "O"
            me, opp = (x, o) if to_move == "X" else (o, x)
            values = move_values(me, opp, game)
            best = max(values.values())
            optimal = sorted(c for c, v in values.items() if v == best)
            if len(optimal) == len(values):
                continue
            # Sets of two to four best moves are kept, a lone best move one time in four: a
            # lone move is often the same cell (the centre of 3x3), which a constant learns.
            if 2 <= len(optimal) <= 4 or attempt >= 200 or rng.random() < 0.25:
                break
        else:  # pragma: no cover - a position with a worse move turns up long before
            raise RuntimeError("no position with a move worse than another found")
        # A random symmetry of the square board spreads best moves over each orbit of cells.
        sym = rng.randrange(8)
        x, o = _transform(x, rows, sym), _transform(o, rows, sym)
        optimal = sorted(_cell_map(rows, sym)[c] for c in optimal)
        cells = [
            ["X" if x >> (r * cols + c) & 1 else "O" if o >> (r * cols + c) & 1 else "."
             for c in range(cols)]
            for r in range(rows)
        ]  # fmt: skip
        occupied = [(r, c) for r in range(rows) for c in range(cols) if cells[r][c] != "."]
        er, ec = rng.choice(occupied)
        question = (
            f"An m,n,k-game: on a {rows}x{cols} board, X and O take turns placing their mark on "
            f"an empty cell, and the first to get {k} of their marks in a row (horizontally, "
            "vertically or diagonally) wins; a full board without such a line is a draw. "
            f"It is {to_move}'s turn in this position (. is empty):\n\n{render_board(cells)}\n\n"
            f"Both players play perfectly from here. List every move for {to_move} that gets "
            f"the best result {to_move} can force (a win if possible, else a draw), then say "
            "which result that is. Cells are named by column letter and row number, rows "
            "counted from the top: for example "
            f"the {cells[er][ec]} in column {cell_name(er, ec)[0]}, row {er + 1} is at "
            f"{cell_name(er, ec)}."
        )
        meta = {
            "rows": rows,
            "cols": cols,
            "k": k,
            "board": ["".join(row) for row in cells],
            "to_move": to_move,
            "value": best,
            "best_moves": [cell_name(c // cols, c % cols) for c in optimal],
            "empty": empty,
        }
        word = {1: "win", 0: "draw", -1: "loss"}[best]
        moves = " ".join(cell_name(c // cols, c % cols) for c in optimal)
        return Draft(question, f"{moves} {word}", meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        text = answer.strip()
        match = _OUTCOME.search(text) if len(text) <= 400 else None
        if match is None:
            return Judgement.unparsable("expected cells and then win, draw or loss (b3 c1 win)")
        cells = set()
        for part in re.split(r"[\s,;]+", text[: match.start()].strip()):
            try:
                cells.add(cell_name(*parse_cell(part, meta["rows"], meta["cols"])))
            except AnswerError as exc:
                return Judgement.unparsable(str(exc))
        full = [c for c in sorted(cells) if meta["board"][int(c[1:]) - 1][ord(c[0]) - 97] != "."]
        if full:
            return Judgement.wrong(why=f"{full[0]} is not empty")
        best = set(meta["best_moves"])
        if cells != best:
            missing, extra = sorted(best - cells), sorted(cells - best)
            return Judgement.wrong(why="not the set of best moves", missing=missing, extra=extra)
        if OUTCOMES[match.group(1).lower()] != meta["value"]:
            return Judgement.wrong(why="the best moves are right but the stated result is not")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """log2 of the number of move orders left (empty cells factorial) plus board cells
        over four: the game tree a search walks."""
        meta = problem.meta
        return math.log2(math.factorial(meta["empty"])) + meta["rows"] * meta["cols"] / 4
