"""Nonograms: fill grid cells so that each row and column shows its clue's runs.

The picture-logic puzzle of Non Ishida and Tetsuya Nishio (1987): each row's and each
column's clue lists, in order, the lengths of its runs of filled cells (``0`` for a line
with none). The generator fills random cells, then keeps the first of several draws that
line solving alone completes, which also proves that its solution is unique: repeatedly,
every placement of a line's runs that agrees with the cells known so far is enumerated, and
the cells on which all of them agree become known (Batenburg & Kosters, "Solving Nonograms
by combining relaxations", Pattern Recognition 42, 2009). When no draw is line-solvable the
last draw is kept; ``meta["unique"]`` records which.

Answer syntax: the grid, one row per line from the top, ``#`` for a filled cell and ``.``
for an empty one (``1``/``0`` and ``X``/``_`` also work; spaces are ignored), e.g. ``#.#``
then ``.##``. Any grid whose runs match every clue is right.

Knobs: ``size`` (rows and columns) and ``fill`` (the fraction of filled cells; sparser
pictures have more, shorter runs and are harder).
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.shared.answer_parsing import AnswerError, parse_grid

TRIES = 30
SYMBOLS = {"#": 1, "1": 1, "X": 1, "x": 1, "■": 1, "█": 1, ".": 0, "0": 0, "_": 0, "□": 0}


class Nonogram(Family):
    """Paint a nonogram (any grid that fits every clue is right)."""

    knobs: ClassVar[dict[str, Knob]] = {
        "size": Knob("int", 2, 12, default=5, easy=3, hard=8, doc="rows and columns"),
        "fill": Knob(
            "float", 0.3, 0.8, default=0.55, easy=0.65, hard=0.45, doc="fraction of cells filled"
        ),
    }
    answer_syntax = "the grid, one row per line, # for filled and . for empty (e.g. #.# / .##)"
    answer_form = "grid of # and ."
    unique_answer = False  # mostly unique, but any grid fitting the clues is right
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, fill = knobs["size"], knobs["fill"]
        unique = False
        for _ in range(TRIES):
            grid = [[int(rng.random() < fill) for _ in range(n)] for _ in range(n)]
            rows, cols = clues(grid)
            if line_solve(rows, cols) is not None:
                unique = True
                break
        lines = [f"Row {i}: {' '.join(map(str, clue))}" for i, clue in enumerate(rows, 1)]
        lines += [f"Column {i}: {' '.join(map(str, clue))}" for i, clue in enumerate(cols, 1)]
        question = (
            f"Solve this {n}x{n} nonogram. Each clue lists, in order, the lengths of the runs "
            "of consecutive filled cells in that row (left to right) or column (top to "
            "bottom), with at least one empty cell between runs; 0 means the line is empty. "
            f"Rows are numbered from the top, columns from the left.\n\n"
            + "\n".join(lines)
            + "\n\nWrite the grid with one row per line, # for a filled cell and . for an "
            "empty one."
        )
        answer = "\n".join("".join("#" if v else "." for v in row) for row in grid)
        return Draft(question, answer, {"rows": rows, "cols": cols, "unique": unique})

    def check(self, problem: Problem, answer: str) -> Judgement:
        rows, cols = problem.meta["rows"], problem.meta["cols"]
        try:
            grid = parse_grid(answer, len(rows), len(cols), SYMBOLS)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        got_rows, got_cols = clues(grid)
        for kind, want, got in (("row", rows, got_rows), ("column", cols, got_cols)):
            for i, (a, b) in enumerate(zip(want, got), 1):
                if a != b:
                    return Judgement.wrong(why=f"{kind} {i} shows {b}, not {a}")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Cells plus the numbers in the clues."""
        rows, cols = problem.meta["rows"], problem.meta["cols"]
        return len(rows) * len(cols) + sum(len(c) for c in rows + cols)


def runs(line: list[int]) -> list[int]:
    """Lengths of the runs of 1s, ``[0]`` for a line without any."""
    out, count = [], 0
    for value in [*line, 0]:
        if value:
            count += 1
        elif count:
            out.append(count)
            count = 0
    return out or [0]


def clues(grid: list[list[int]]) -> tuple[list[list[int]], list[list[int]]]:
    return [runs(row) for row in grid], [runs(list(col)) for col in zip(*grid)]


@lru_cache(maxsize=65536)
def _settle(clue: tuple[int, ...], length: int, filled: int, empty: int) -> tuple[int, int]:
    """(cells filled in every placement, cells empty in every placement) given the knowns.

    Cells are bits (cell i = bit i). Returns (-1, -1) when no placement fits.
    """
    full = (1 << length) - 1
    runs_ = [r for r in clue if r]
    always, ever = full, 0
    found = False

    def place(j: int, start: int, mask: int) -> None:
        nonlocal always, ever, found
        if j == len(runs_):
            if filled & ~mask or mask & empty:
                return
            found = True
            always &= mask
            ever |= mask
            return
        rest = sum(runs_[j + 1 :]) + len(runs_) - j - 1
        for pos in range(start, length - rest - runs_[j] + 1):
            block = ((1 << runs_[j]) - 1) << pos
            gap = ((1 << pos) - 1) & ~((1 << start) - 1)  # cells skipped before this run
            if block & empty or gap & filled:
                continue
            if pos + runs_[j] < length and filled >> (pos + runs_[j]) & 1:
                continue
            place(j + 1, pos + runs_[j] + 1, mask | block)

    place(0, 0, 0)
    if not found:
        return -1, -1
    return always, full & ~ever


def line_solve(rows: list[list[int]], cols: list[list[int]]) -> list[list[int]] | None:
    """The grid if line solving determines every cell, else None."""
    h, w = len(rows), len(cols)
    filled_r, empty_r = [0] * h, [0] * h  # per row: bit c
    changed = True
    while changed:
        changed = False
        for r in range(h):
            f, e = _settle(tuple(rows[r]), w, filled_r[r], empty_r[r])
            if f < 0:
                return None
            if (f, e) != (filled_r[r], empty_r[r]):
                filled_r[r], empty_r[r], changed = f, e, True
        for c in range(w):
            f_in = sum((filled_r[r] >> c & 1) << r for r in range(h))
            e_in = sum((empty_r[r] >> c & 1) << r for r in range(h))
            f, e = _settle(tuple(cols[c]), h, f_in, e_in)
            if f < 0:
                return None
            if (f, e) != (f_in, e_in):
                changed = True
                for r in range(h):
                    filled_r[r] |= (f >> r & 1) << c
                    empty_r[r] |= (e >> r & 1) << c
    full = (1 << w) - 1
    if any(filled_r[r] | empty_r[r] != full for r in range(h)):
        return None
    return [[filled_r[r] >> c & 1 for c in range(w)] for r in range(h)]
