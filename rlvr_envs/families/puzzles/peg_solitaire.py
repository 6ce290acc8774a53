"""PegSolitaire: jump pegs on a small board until one peg is left.

A board is a set of holes, some holding pegs. A jump moves a peg over a neighbouring peg
into the empty hole just beyond, in a straight line, and removes the peg jumped over. The
task is a sequence of jumps that leaves exactly one peg (anywhere on the board).

Boards (``board``, easiest first): ``row`` (one row of holes), ``grid`` (a rectangle of
three rows), ``triangle`` (rows of 1, 2, 3, ... holes drawn left-aligned, so that besides
rows and columns a peg may jump along the diagonal from rXcY to r(X+2)c(Y+2) and back) and
``cross`` (a plus-shaped board: 5 x 5 without its corners, or the 33-hole English board
for more pegs). Jumps on the other boards go along rows and columns.

Positions are made by playing backwards from a single peg: an "unjump" takes a peg, empties
its hole and fills the two holes beside it in a line. ``pegs - 1`` random unjumps give a
start that the reversed unjumps solve, so every start is proved solvable by construction
(the reference answer is that solution).

Answer syntax: the jumps in order, separated by semicolons, commas, spaces or new lines,
each as the peg's hole and the hole it lands in, ``r1c2-r1c4`` (row 1 at the top, column 1
at the left; ``->`` or ``to`` may stand for ``-``; case and spaces are free). The verifier
simulates every jump (a jump from an empty hole, into a full hole or off the board, over
an empty hole or not along a line is wrong, with the reason) and counts the pegs left; any
sequence that leaves one peg scores 1.

Knobs: ``board`` (row, grid, triangle, cross) and ``pegs`` (pegs at the start, 3..14).
Difficulty raises both.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.shared.answer_parsing import AnswerError, scan, small_int

ORTHOGONAL = ((0, 1), (0, -1), (1, 0), (-1, 0))
DIAGONAL = ((1, 1), (-1, -1))
_JUMP = re.compile(
    r"r\s*(\d{1,3})\s*c\s*(\d{1,3})\s*(?:-+>?|→|to)\s*r\s*(\d{1,3})\s*c\s*(\d{1,3})",
    re.IGNORECASE,
)
MAX_TRIES = 200


def board_holes(board: str, pegs: int) -> list[list[int]]:
    """The holes (row, column), 1-based, of the board used for ``pegs`` pegs."""
    if board == "row":
        return [[1, c] for c in range(1, pegs * 3 // 2 + 4)]
    if board == "grid":
        cols = max(4, -(-(pegs + 4) // 3))
        return [[r, c] for r in range(1, 4) for c in range(1, cols + 1)]
    if board == "triangle":
        side = 4 if pegs <= 6 else 5 if pegs <= 10 else 6
        return [[r, c] for r in range(1, side + 1) for c in range(1, r + 1)]
    size, arm = (5, 1) if pegs <= 12 else (7, 2)
    return [
        [r, c]
        for r in range(1, size + 1)
        for c in range(1, size + 1)
        if arm < r <= size - arm or arm < c <= size - arm
    ]


def directions(board: str) -> tuple[tuple[int, int], ...]:
    return ORTHOGONAL + DIAGONAL if board == "triangle" else ORTHOGONAL


def _unjumps(holes: set, full: set, dirs) -> list[tuple[tuple, tuple, tuple]]:
    """(landing hole, jumped hole, start hole) of every jump that could have led here."""
    out = []
    for r, c in sorted(full):
        for dr, dc in dirs:
            mid, src = (r + dr, c + dc), (r + 2 * dr, c + 2 * dc)
            if mid in holes and src in holes and mid not in full and src not in full:
                out.append(((r, c), mid, src))
    return out


def _name(hole) -> str:
    return f"r{hole[0]}c{hole[1]}"


class PegSolitaire(Family):
    """Leave a single peg on a small peg-solitaire board."""

    knobs: ClassVar[dict[str, Knob]] = {
        "board": Knob(
            "categorical",
            choices=("row", "grid", "triangle", "cross"),
            default="grid",
            doc="board shape",
        ),
        "pegs": Knob("int", 3, 14, default=6, easy=3, hard=12, doc="pegs at the start"),
    }
    answer_syntax = (
        "the jumps in order separated by semicolons, each as the jumping peg's hole and the "
        "hole it lands in (e.g. r2c1-r2c3)"
    )
    answer_form = "jump sequence"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        board, pegs = knobs["board"], int(knobs["pegs"])
        holes = {tuple(h) for h in board_holes(board, pegs)}
        dirs = directions(board)
        ordered = sorted(holes)
        for _ in range(MAX_TRIES):
            full = {rng.choice(ordered)}
            jumps = []
            while len(full) < pegs:
                options = _unjumps(holes, full, dirs)
                if not options:
                    break
                land, mid, src = rng.choice(options)
                full -= {land}
                full |= {mid, src}
                jumps.append((src, land))
            if len(full) == pegs:
                break
        else:  # pragma: no cover - every board here has room for its pegs
            raise RuntimeError(f"no start with {pegs} pegs on the {board} board")
        jumps.reverse()
        rows = max(r for r, _ in holes)
        cols = max(c for _, c in holes)
        lines = []
        for r in range(1, rows + 1):
            cells = []
            for c in range(1, cols + 1):
                if (r, c) in full:
                    cells.append("o")
                elif (r, c) in holes:
                    cells.append(".")
                elif board != "triangle":
                    cells.append("x")
            lines.append(f"row {r}: " + " ".join(cells))
        shape = {
            "row": "a single row of holes",
            "grid": f"a rectangle of {rows} rows and {cols} columns of holes",
            "triangle": (
                f"a triangle of {rows} rows (row r has r holes, drawn left-aligned); "
                "besides along rows and columns, a peg may jump along the diagonal from "
                "rXcY to r(X+2)c(Y+2) and back"
            ),
            "cross": "a plus-shaped board (x marks a place with no hole)",
        }[board]
        question = (
            f"Peg solitaire on {shape}. o is a peg, . an empty hole; rows are numbered from "
            f"1 at the top and columns from 1 at the left.\n" + "\n".join(lines) + "\n"
            "A jump moves a peg over a neighbouring peg, in a straight line, into the empty "
            "hole just beyond it, and removes the peg jumped over. Give jumps that leave "
            f"exactly one peg on the board ({pegs - 1} jumps), in order, separated by "
            "semicolons, each written as the jumping peg's hole and its landing hole, "
            "like r2c1-r2c3 (row 2, column 1 to row 2, column 3)."
        )
        answer = "; ".join(f"{_name(a)}-{_name(b)}" for a, b in jumps)
        meta = {
            "board": board,
            "holes": [list(h) for h in sorted(holes)],
            "pegs": [list(h) for h in sorted(full)],
        }
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        holes = {tuple(h) for h in meta["holes"]}
        full = {tuple(h) for h in meta["pegs"]}
        if len(answer) > 30 * len(holes) + 200:
            return Judgement.unparsable("the answer is far longer than the jumps can be")
        try:
            found = scan(answer, _JUMP, len(holes), "a jump like r1c1-r1c3")
            jumps = [
                ((small_int(m.group(1)), small_int(m.group(2))),
                 (small_int(m.group(3)), small_int(m.group(4))))
                for m in found
            ]  # fmt: skip
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        dirs = directions(meta["board"])
        for k, (src, dst) in enumerate(jumps, 1):
            dr, dc = dst[0] - src[0], dst[1] - src[1]
            if dr % 2 or dc % 2 or (dr // 2, dc // 2) not in dirs:
                return Judgement.wrong(why=f"jump {k} is not two holes along a line")
            mid = (src[0] + dr // 2, src[1] + dc // 2)
            if src not in holes or dst not in holes:
                return Judgement.wrong(why=f"jump {k} leaves the board")
            if src not in full:
                return Judgement.wrong(why=f"jump {k}: there is no peg in {_name(src)}")
            if mid not in full:
                return Judgement.wrong(why=f"jump {k}: there is no peg to jump over")
            if dst in full:
                return Judgement.wrong(why=f"jump {k}: {_name(dst)} is not empty")
            full -= {src, mid}
            full.add(dst)
        if len(full) != 1:
            return Judgement.wrong(why=f"{len(full)} pegs are left")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Jumps to make, weighted by the holes they can use."""
        meta = problem.meta
        return (len(meta["pegs"]) - 1) * (1 + len(meta["holes"]) / 20)
