"""Connect Four, win in k: every move that forces a win within k of your own moves.

Connect Four (Milton Bradley, 1974): two players drop discs into the columns of an upright
grid, each disc falling to the lowest empty cell of its column; four of one's own discs in
a row, column or diagonal win. Positions come from random play in which nobody completes a
line, on boards of 5 to 7 columns (and one row fewer), tested ply by ply from a random
ply on; one is kept when the player to move can force a win within k moves of their own
but not within k - 1 (so the win is exactly as deep as asked), with at most three winning
moves. Sets of two or three winning moves are kept, a lone one one time in seven, and the
board is mirrored half the time.

The search is an AND/OR proof search over bitboards (Allis, "A knowledge-based approach of
Connect-Four", 1988; the bit layout and threat masks follow Pascal Pons's solver): the
attacker needs one move after which every reply leaves a forced win in one move fewer; a
reply that wins at once refutes, two threats of the attacker cannot both be blocked, one
threat forces the block, and a disc under the opponent's winning cell is never tried.

The task asks for *every* winning move. A single winning move would be one of a few low
cells of a few central columns most of the time, which a constant answer learns (the best
fixed cell earned 0.15 to 0.2); the set of winning moves, each named by its landing cell,
leaves the best constant 0.045 over 200 problems at difficulty 0.5.

Answer syntax: each winning move as the cell where the disc lands, column letter and row
number, columns ``a, b, ...`` from the left and rows ``1, 2, ...`` from the bottom,
separated by spaces or commas, in any order (``d3 f1``); case is ignored. The verifier
checks that each named disc lands there and compares the set with ``meta["winning"]``.

Speed (one core, CPU time): about 300 problems/s at the default knobs (win in 2, 6
columns), 700/s at difficulty 0.5 and 55/s at difficulty 1 (win in 3 on 7 x 6): most random
positions hold no forced win of exactly the asked depth, so the search rejects many
before one is kept; a faster generator would need a proof-number search or an opening book.

Knobs: ``win_in`` (k, 1 to 3: the depth of the forced win) and ``columns`` (5 to 7, with
one row fewer than columns). Difficulty raises both.
"""

from __future__ import annotations

import math
import random
import re
from functools import cache
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.puzzles.game_search import LETTERS, AnswerError, parse_cell


@cache
def _layout(cols: int, rows: int) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """(board mask, bottom bit of each column, top-cell bit of each column) for the layout
    of ``rows + 1`` bits per column (a spare bit on top keeps shifts from wrapping)."""
    h1 = rows + 1
    bottoms = tuple(1 << (c * h1) for c in range(cols))
    tops = tuple(1 << (c * h1 + rows - 1) for c in range(cols))
    board = sum(((1 << rows) - 1) << (c * h1) for c in range(cols))
    return board, bottoms, tops


def four(bits: int, rows: int) -> bool:
    """Whether ``bits`` holds four in a line."""
    h1 = rows + 1
    for shift in (1, h1, h1 - 1, h1 + 1):
        pair = bits & (bits >> shift)
        if pair & (pair >> 2 * shift):
            return True
    return False


class _Search:
    """Forced-win search on one board size, with its transposition table."""

    def __init__(self, cols: int, rows: int) -> None:
        self.cols, self.rows = cols, rows
        self.board, bottoms, _ = _layout(cols, rows)
        self.bottom = sum(bottoms)
        self.memo: dict[tuple[int, int, int], bool] = {}

    def lines_done_by(self, me: int, mask: int) -> int:
        """Every empty cell where a disc of ``me`` would complete four (bit tricks after
        Pons's Connect Four solver), whether or not the cell is playable yet."""
        h = self.rows
        r = (me << 1) & (me << 2) & (me << 3)
        for shift in (h + 1, h, h + 2):
            p = (me << shift) & (me << 2 * shift)
            r |= p & (me << 3 * shift)
            r |= p & (me >> shift)
            p = (me >> shift) & (me >> 2 * shift)
            r |= p & (me << shift)
            r |= p & (me >> 3 * shift)
        return r & (self.board ^ mask)

    def playable(self, mask: int) -> int:
        return (mask + self.bottom) & self.board

    def moves(self, mask: int) -> list[int]:
        """The bit each legal move sets (the lowest empty cell of each open column)."""
        free = self.playable(mask)
        out = []
        while free:
            bit = free & -free
            out.append(bit)
            free ^= bit
        return out

    def forced(self, me: int, mask: int, k: int) -> bool:
        """Whether the player to move (owning ``me``) forces a win within k own moves."""
        key = (me, mask, k)
        if len(self.memo) > 1_000_000:
            self.memo.clear()
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        result = False
        free = self.playable(mask)
        if self.lines_done_by(me, mask) & free:
            result = True
        elif k > 1:
            theirs = self.lines_done_by(mask ^ me, mask)
            must = theirs & free
            # two threats: no time to win; else blocking is forced, and a disc under the
            # opponent's winning cell loses
            candidates = 0 if must & (must - 1) else (must or free) & ~(theirs >> 1)
            while candidates:
                bit = candidates & -candidates
                candidates ^= bit
                if self.refuted_nowhere(me | bit, mask | bit, k):
                    result = True
                    break
        self.memo[key] = result
        return result

    def refuted_nowhere(self, me: int, mask: int, k: int) -> bool:
        """After the attacker's move (``me`` includes it), whether every reply leaves a
        forced win within k - 1 moves."""
        free = self.playable(mask)
        if not free:
            return False  # a full board is a draw
        if self.lines_done_by(mask ^ me, mask) & free:
            return False  # the opponent wins at once
        threats = self.lines_done_by(me, mask) & free
        if threats & (threats - 1):
            return True  # two threats cannot both be blocked
        replies = threats or free  # anything but the block loses at once
        while replies:
            bit = replies & -replies
            replies ^= bit
            if not self.forced(me, mask | bit, k - 1):
                return False
        return True

    def winning_moves(self, me: int, mask: int, k: int) -> list[int]:
        """The bits of every move that forces a win within k."""
        done = self.lines_done_by(me, mask)
        return [
            b
            for b in self.moves(mask)
            if b & done or (k > 1 and self.refuted_nowhere(me | b, mask | b, k))
        ]


@cache
def _searcher(cols: int, rows: int) -> _Search:
    """One search per board size, its table shared across problems (values are pure)."""
    return _Search(cols, rows)


def _cell_of(bit: int, rows: int) -> tuple[int, int]:
    """(column, height from the bottom, 0-based) of a single bit."""
    index = bit.bit_length() - 1
    return divmod(index, rows + 1)


class ConnectFour(Family):
    """Name every move that forces a Connect Four win within k moves."""

    knobs: ClassVar[dict[str, Knob]] = {
        "win_in": Knob("int", 1, 3, default=2, doc="k: win within this many of your own moves"),
        "columns": Knob("int", 5, 7, default=6, doc="board columns (rows: one fewer)"),
    }
    answer_syntax = (
        "every winning move as the cell where the disc lands (column letter and row number "
        "counted from the bottom), separated by spaces (e.g. d3 f1)"
    )
    answer_form = "board cell"
    single_answer = False  # a set of cells (the order is free)

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        k = int(knobs["win_in"])
        cols = int(knobs["columns"])
        rows = cols - 1
        search = _searcher(cols, rows)
        for attempt in range(10_000):
            found = self._try(rng, search, k, cols, rows, loose=attempt >= 2_000)
            # sets of two or three winning moves are kept, a lone one time in seven
            if found is not None and (len(found[3]) > 1 or rng.random() < 0.15):
                break
        else:  # pragma: no cover - a forced win turns up long before
            raise RuntimeError("no position found")
        mirror = rng.random() < 0.5  # the board's mirror image is as likely
        x, o, to_move, winning = found
        grid = []
        for r in range(rows - 1, -1, -1):
            line = []
            for c in range(cols):
                bit = 1 << (c * (rows + 1) + r)
                line.append("X" if x & bit else "O" if o & bit else ".")
            grid.append("".join(line[::-1] if mirror else line))
        placed = [_cell_of(b, rows) for b in winning]
        placed = [(cols - 1 - c if mirror else c, h) for c, h in placed]
        cells = sorted(f"{LETTERS[c]}{h + 1}" for c, h in placed)
        answer = " ".join(cells)
        render = "\n".join(f"{rows - i} " + " ".join(line) for i, line in enumerate(grid))
        render += "\n  " + " ".join(LETTERS[:cols])
        plural = "move" if k == 1 else f"{k} moves"
        question = (
            f"Connect Four on a board of {cols} columns and {rows} rows: players drop a disc "
            "into a column and it falls to the lowest empty cell; four of a player's discs in "
            "a line (horizontal, vertical or diagonal) win. Rows are numbered from the bottom "
            f"and columns lettered from the left (. is empty):\n\n{render}\n\n"
            f"It is {to_move}'s turn. Find every move with which {to_move} wins within "
            f"{plural} of their own (counting this one), whatever the opponent plays."
        )
        meta = {
            "cols": cols,
            "rows": rows,
            "grid": grid,  # top row first
            "to_move": to_move,
            "win_in": k,
            "winning": cells,
        }
        return Draft(question, answer, meta)

    @staticmethod
    def _try(rng, search, k, cols, rows, loose):
        """One random game, its positions tested from a random ply on; the first kept
        position as (x, o, to_move, winning bits), or None."""
        start = rng.randrange(4, cols * rows - 8)
        bits = [0, 0]
        mask = 0
        for ply in range(cols * rows - 2):
            side = ply % 2
            me = bits[side]
            if (
                ply >= start
                and not (k > 1 and search.forced(me, mask, k - 1))
                and search.forced(me, mask, k)
            ):
                winning = search.winning_moves(me, mask, k)
                if len(winning) <= 3 or loose:
                    return bits[0], bits[1], "X" if side == 0 else "O", winning
            moves = search.moves(mask)
            rng.shuffle(moves)
            done = search.lines_done_by(me, mask)
            for b in moves:  # random play that never completes a line
                if not b & done:
                    bits[side] |= b
                    mask |= b
                    break
            else:
                return None
        return None

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        rows, cols = meta["rows"], meta["cols"]
        if len(answer) > 200:
            return Judgement.unparsable("far more cells than the board has columns")
        named = set()
        for part in re.split(r"[\s,;]+", answer.strip()):
            try:
                height, c = parse_cell(part, rows, cols)  # row 1 is the bottom here
            except AnswerError as exc:
                return Judgement.unparsable(str(exc))
            column = [meta["grid"][rows - 1 - h][c] for h in range(rows)]
            if "." not in column:
                return Judgement.wrong(why=f"column {LETTERS[c]} is full")
            lands = column.index(".")
            if lands != height:
                why = f"a disc in column {LETTERS[c]} lands on row {lands + 1}"
                return Judgement.wrong(why=why)
            named.add(f"{LETTERS[c]}{height + 1}")
        winning = set(meta["winning"])
        if named == winning:
            return Judgement.right()
        missing, extra = sorted(winning - named), sorted(named - winning)
        return Judgement.wrong(why="not the set of winning moves", missing=missing, extra=extra)

    def complexity(self, problem: Problem) -> float:
        """Plies of the forced line times log2 of the columns, plus empty cells over ten."""
        meta = problem.meta
        empty = sum(row.count(".") for row in meta["grid"])
        return (2 * meta["win_in"] - 1) * math.log2(meta["cols"]) + empty / 10
