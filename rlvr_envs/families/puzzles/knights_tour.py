"""KnightsTour: an open knight's tour of a small board with blocked squares and a given start.

A knight moves two squares along a row or column and one square across (an L shape). A
tour starts on the given square and visits every free square of the board exactly once,
moving like a knight each time (an *open* tour: it need not return to the start). Blocked
squares may not be entered.

The board is ``size`` ranks by ``size`` or ``size + 1`` files (4 x 5 at the smallest, 8 x 8
at the largest; a 4 x 4 board has no tour). ``blocked`` squares and the start are drawn, and
kept when the two colours' counts differ by at most one (a knight changes colour at every
move; the start is on the more common colour) and a depth-first search ordered by
Warnsdorff's rule (try first the square with the fewest onward moves, ties at random; H. C.
von Warnsdorff, 1823) finds a tour within a node budget of three times the free squares;
that tour proves the instance solvable and is the reference answer. A failed search draws
a new instance (short searches from fresh draws find tours faster than long ones).

Answer syntax: the squares of the tour in order, from the start, in algebraic notation
(file letter ``a``, ``b``, ... from the left, rank number from 1 at the bottom), separated
by spaces, commas, new lines or ``->``: ``a1 b3 c5 ...``. Case is free. The verifier checks
that the tour starts on the start, that every step is a knight's move onto a free square of
the board, that no square is visited twice and that every free square is visited; any such
tour scores 1.

Knobs: ``size`` (4..8) and ``blocked`` (0..8 blocked squares). Difficulty raises both.
"""

from __future__ import annotations

import random
import re
from functools import cache
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.shared.answer_parsing import AnswerError, scan, small_int

FILES = "abcdefgh"
KNIGHT = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
_SQUARE = re.compile(r"([a-z])\s*(\d{1,3})", re.IGNORECASE)
NODE_BUDGET = 4000
MAX_TRIES = 2000


@cache
def _neighbours(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """Square index (rank * cols + file, 0-based) -> the squares a knight reaches from it."""
    out = []
    for r in range(rows):
        for c in range(cols):
            out.append(tuple(
                (r + dr) * cols + c + dc
                for dr, dc in KNIGHT
                if 0 <= r + dr < rows and 0 <= c + dc < cols
            ))  # fmt: skip
    return tuple(out)


def find_tour(rows: int, cols: int, free: set[int], start: int, rng: random.Random,
              budget: int = NODE_BUDGET) -> list[int] | None:  # fmt: skip
    """A tour of ``free`` from ``start`` by Warnsdorff-ordered depth-first search, or None
    when ``budget`` nodes are spent without one."""
    nbrs = _neighbours(rows, cols)
    left = set(free) - {start}
    path = [start]
    nodes = 0

    def degree(sq: int) -> int:
        return sum(1 for x in nbrs[sq] if x in left)

    def order(sq: int) -> list[int]:
        options = [x for x in nbrs[sq] if x in left]
        keys = {x: (degree(x), rng.random()) for x in options}
        return sorted(options, key=keys.__getitem__)

    stack = [iter(order(start))]
    while stack:
        if not left:
            return path
        nxt = next(stack[-1], None)
        if nxt is None:
            stack.pop()
            left.add(path.pop())
            continue
        nodes += 1
        if nodes > budget:
            return None
        left.discard(nxt)
        path.append(nxt)
        stack.append(iter(order(nxt)))
    return None


def _name(sq: int, cols: int) -> str:
    return f"{FILES[sq % cols]}{sq // cols + 1}"


class KnightsTour(Family):
    """Find an open knight's tour of the free squares from a given start."""

    knobs: ClassVar[dict[str, Knob]] = {
        "size": Knob("int", 4, 8, default=5, easy=4, hard=8, doc="the shorter side of the board"),
        "blocked": Knob("int", 0, 8, default=1, easy=0, hard=5, doc="blocked squares"),
    }
    answer_syntax = (
        "the squares of the tour in order from the start, in algebraic notation, separated "
        "by spaces (e.g. a1 b3 c5 ...)"
    )
    answer_form = "square sequence"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        rows, count = int(knobs["size"]), int(knobs["blocked"])
        cols = rows + 1 if rows == 4 else min(8, rows + rng.randint(0, 1))
        if rng.random() < 0.5 and rows != cols and max(rows, cols) <= 8:
            rows, cols = cols, rows
        nbrs = _neighbours(rows, cols)
        squares = range(rows * cols)
        for _ in range(MAX_TRIES):
            blocked = set(rng.sample(squares, count))
            free = set(squares) - blocked
            degrees = [sum(1 for x in nbrs[s] if x in free) for s in sorted(free)]
            if min(degrees) == 0 or degrees.count(1) > 2:
                continue  # an unreachable square, or more dead ends than a path can have
            # A knight changes colour at every move: the colours' counts differ by at most
            # one, and a tour starts on the more common colour.
            light = sum(1 for sq in free if (sq // cols + sq % cols) % 2)
            dark = len(free) - light
            if abs(light - dark) > 1:
                continue
            starts = [
                sq
                for sq in sorted(free)
                if light == dark or (sq // cols + sq % cols) % 2 == (light > dark)
            ]
            start = rng.choice(starts)
            tour = find_tour(rows, cols, free, start, rng, budget=3 * len(free))
            if tour is not None:
                break
        else:  # pragma: no cover - a tour turns up within a few tries on these boards
            raise RuntimeError(f"no tour found on {rows} x {cols} with {count} blocked")
        lines = []
        for r in range(rows - 1, -1, -1):
            cells = []
            for c in range(cols):
                sq = r * cols + c
                cells.append("S" if sq == start else "#" if sq in blocked else ".")
            lines.append(f"{r + 1} " + " ".join(cells))
        lines.append("  " + " ".join(FILES[:cols]))
        walls = ", ".join(_name(s, cols) for s in sorted(blocked)) if blocked else "none"
        question = (
            f"Knight's tour on a board of {rows} ranks and {cols} files (S is the start, # "
            f"a blocked square, . a free square; files a.. from the left, ranks 1.. from "
            f"the bottom):\n" + "\n".join(lines) + "\n"
            f"Blocked squares: {walls}. A knight moves two squares along a rank or file and "
            f"one square across. Starting on {_name(start, cols)}, visit every free square "
            f"exactly once ({len(free)} squares including the start) with knight moves, "
            f"never entering a blocked square; the tour need not return to the start. Give "
            f"all {len(free)} squares in order, beginning with {_name(start, cols)} itself, "
            f"in algebraic notation, separated by spaces."
        )
        meta = {"rows": rows, "cols": cols, "blocked": sorted(blocked), "start": start}
        return Draft(question, " ".join(_name(s, cols) for s in tour), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        rows, cols, start = meta["rows"], meta["cols"], meta["start"]
        blocked = set(meta["blocked"])
        free = rows * cols - len(blocked)
        if len(answer) > 12 * free + 200:
            return Judgement.unparsable("the answer is far longer than a tour")
        text = re.sub(r"->|→|-|\.", " ", answer)
        try:
            found = scan(text, _SQUARE, free + 10, "a square like c3")
            squares = []
            for m in found:
                file, rank = FILES.find(m.group(1).lower()), small_int(m.group(2))
                if not (0 <= file < cols and 1 <= rank <= rows):
                    return Judgement.wrong(why=f"{m.group(0)} is not on the board")
                squares.append((rank - 1) * cols + file)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if squares[0] != start:
            return Judgement.wrong(why=f"the tour must start on {_name(start, cols)}")
        seen = set()
        for k, sq in enumerate(squares):
            if sq in blocked:
                return Judgement.wrong(why=f"{_name(sq, cols)} is blocked")
            if sq in seen:
                return Judgement.wrong(why=f"{_name(sq, cols)} is visited twice")
            if k and sq not in _neighbours(rows, cols)[squares[k - 1]]:
                a, b = _name(squares[k - 1], cols), _name(sq, cols)
                return Judgement.wrong(why=f"{a} to {b} is not a knight's move")
            seen.add(sq)
        if len(seen) != free:
            return Judgement.wrong(why=f"{free - len(seen)} free squares are not visited")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Free squares to visit, plus one per blocked square (each breaks the pattern)."""
        meta = problem.meta
        return meta["rows"] * meta["cols"]
