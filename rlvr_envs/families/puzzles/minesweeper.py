"""Minesweeper: mark every mine of a board from its revealed numbers.

The board of Microsoft Minesweeper (Robert Donner and Curt Johnson, 1990), given as a
deduction puzzle: some cells are revealed and show how many of their up to eight
neighbours (diagonals included) are mines; revealed cells are never mines; the other cells
are hidden and may or may not be. The revealed numbers determine the mine set exactly.

The generator scatters mines at random, reveals every safe cell, then hides safe cells in a
random order and keeps each one hidden only when Minisat 2.2 (python-sat) proves that no
other mine set agrees with the cells still revealed (each number is an exactly-k constraint
over its neighbours, guarded by a selector so one solver serves every step; see
:mod:`rlvr_envs.families.puzzles.marks`). Hiding stops at the revealed fraction asked for
or earlier when no further cell can be hidden; a mine layout that even the full reveal does
not determine (a mine walled in by mines) is drawn again. The answer is thus unique, and the
verifier checks the rules: no mine on a revealed cell, and every revealed number equal to
the marked mines around it.

Answer syntax: the board, one row per line from the top, ``*`` on every mine and ``.`` on
every other cell, revealed cells included (``#``, ``X``, ``M``, ``F`` or ``1`` also mark a
mine, ``0`` or ``_`` a safe cell; case, spaces and commas inside a row do not matter; rows
may be separated by ``/``).

Knobs: ``size`` (rows and columns), ``density`` (the fraction of cells that are mines) and
``revealed`` (the fraction of safe cells shown; fewer is harder, never fewer than
uniqueness allows). Difficulty raises the size and density and lowers ``revealed``.

Speed: one SAT call per safe cell tried, all on one fresh solver per problem (clauses
cached per (size, cell, number)); about 2,000 problems/s at the default 7x7 board and 500/s
at 10x10 on one core (best of three runs of 300 on an idle core; a loaded machine gives
half that). Adding the clauses to the solver is most of the cost.
"""

from __future__ import annotations

import random
from functools import cache
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.puzzles.marks import (
    AnswerError,
    differs,
    exactly,
    marks_text,
    neighbours8,
    parse_marks,
    prune,
)
from rlvr_envs.families.shared.sat import new_solver

MINE = "*#xXmMfF1"
SAFE = "._0"
TRIES = 50


class Minesweeper(Family):
    """Mark every mine on a Minesweeper board whose numbers determine them."""

    knobs: ClassVar[dict[str, Knob]] = {
        "size": Knob("int", 4, 12, default=7, easy=5, hard=10, doc="rows and columns"),
        "density": Knob(
            "float", 0.05, 0.35, default=0.16, easy=0.12, hard=0.22, doc="fraction of mines"
        ),
        "revealed": Knob(
            "float",
            0.0,
            1.0,
            default=0.55,
            easy=0.85,
            hard=0.3,
            doc="fraction of safe cells revealed (never fewer than uniqueness allows)",
        ),
    }
    answer_syntax = "the board, one row per line, * for a mine and . for every other cell"
    answer_form = "grid of * and ."
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n = int(knobs["size"])
        cells = n * n
        count = min(cells - 1, max(1, round(knobs["density"] * cells)))
        for _ in range(TRIES):
            mines = [0] * cells
            for i in rng.sample(range(cells), count):
                mines[i] = 1
            revealed = _reveal(rng, n, mines, knobs["revealed"])
            if revealed:
                break
        else:  # pragma: no cover - a full reveal settles almost every layout
            raise RuntimeError("no Minesweeper layout with a unique mine set was found")
        numbers = _numbers(n, mines)
        board = [
            "".join(str(numbers[r * n + c]) if revealed[r * n + c] else "?" for c in range(n))
            for r in range(n)
        ]
        question = (
            f"Minesweeper: find every mine on this {n}x{n} board. A digit is a revealed cell: "
            "it is not a mine, and it shows how many of its neighbouring cells (up to eight, "
            "diagonals included) are mines. A ? is a hidden cell, which may or may not be a "
            "mine. The revealed digits determine exactly which cells are mines.\n\n"
            + "\n".join(" ".join(row) for row in board)
            + "\n\nWrite the board with one row per line, top row first: * on every mine and "
            ". on every other cell (revealed cells included)."
        )
        grid = [mines[r * n : (r + 1) * n] for r in range(n)]
        return Draft(question, marks_text(grid), {"size": n, "board": board})

    def check(self, problem: Problem, answer: str) -> Judgement:
        board = problem.meta["board"]
        n = problem.meta["size"]
        try:
            grid = parse_marks(answer, n, n, MINE, SAFE)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        for r in range(n):
            for c in range(n):
                char = board[r][c]
                if char == "?":
                    continue
                if grid[r][c]:
                    return Judgement.wrong(why=f"row {r + 1}, column {c + 1} is revealed: no mine")
                around = sum(grid[rr][cc] for rr, cc in neighbours8(r, c, n, n))
                if around != int(char):
                    return Judgement.wrong(
                        why=f"row {r + 1}, column {c + 1} shows {char}, not {around} marked mines"
                    )
        # The mine set is unique, so the rules above leave only the reference.
        if answer_grid(problem.answer) != grid:  # pragma: no cover - generation proves this
            return Judgement.wrong(why="a hidden cell without a revealed neighbour was marked")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Hidden cells: the unknowns to settle."""
        return sum(row.count("?") for row in problem.meta["board"])


def answer_grid(text: str) -> list[list[int]]:
    rows = text.split("\n")
    return [[1 if ch == "*" else 0 for ch in row] for row in rows]


def _numbers(n: int, mines: list[int]) -> list[int]:
    return [
        sum(mines[rr * n + cc] for rr, cc in neighbours8(i // n, i % n, n, n)) for i in range(n * n)
    ]


@cache
def _number_clauses(n: int, i: int, k: int) -> tuple[tuple[int, ...], ...]:
    """ "Cell i shows k", guarded by selector n * n + i + 1 (cell j's own variable is j + 1)."""
    around = [rr * n + cc + 1 for rr, cc in neighbours8(i // n, i % n, n, n)]
    return tuple(map(tuple, exactly(around, k, guard=n * n + i + 1)))


def _reveal(rng: random.Random, n: int, mines: list[int], fraction: float) -> list[bool]:
    """Revealed flags per cell (safe cells only), or [] when the layout is not determined."""
    cells = n * n
    numbers = _numbers(n, mines)
    safe = [i for i in range(cells) if not mines[i]]
    solver = new_solver()
    try:
        for i in safe:
            solver.append_formula(_number_clauses(n, i, numbers[i]))
        solver.add_clause(differs(range(1, cells + 1), mines))
        items = [[cells + i + 1, -(i + 1)] for i in safe]
        kept = prune(rng, solver, items, round(fraction * len(safe)))
    finally:
        solver.delete()
    if not kept:
        return []
    revealed = [False] * cells
    for i, keep in zip(safe, kept):
        revealed[i] = keep
    return revealed
