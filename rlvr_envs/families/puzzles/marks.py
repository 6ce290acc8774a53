"""What the mark-placing grid puzzles share (Minesweeper, LightUp, Tents, Kakurasu).

Each of them asks for a grid of marks: ``*`` on every marked cell (a mine, a lamp, a tent,
a shaded cell) and ``.`` on every other cell, one row per line from the top. Parsing goes
through :func:`rlvr_envs.families.shared.answer_parsing.parse_grid`, so it is linear, capped, and
accepts spaces and commas inside a row, ``/`` or ``;`` between rows, or every cell in reading
order on one line.

The uniqueness proofs use Minisat 2.2 (python-sat) through a *guarded* encoding: every
removable clue's clauses carry a selector literal, the truth is always a model, and one
permanent clause asks for a model that differs from the truth somewhere. Removing clues one
at a time then costs one ``solve(assumptions=...)`` call each on a single solver
(:func:`prune`): satisfiable means a rival solution exists and the clue must stay. Only
that yes/no answer is used, so the kept clues do not depend on the solver's search.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from functools import cache
from typing import Any

from rlvr_envs.families.shared.answer_parsing import AnswerError, parse_grid

__all__ = ["AnswerError", "differs", "exactly", "marks_text", "parse_marks", "prune"]

MARK = "*"
BLANK = "."


def parse_marks(
    text: str,
    rows: int,
    cols: int,
    marked: str,
    unmarked: str,
    puzzle: Sequence[Sequence[str]] | None = None,
) -> list[list[int]]:
    """A grid of marks, one row per line: a character of ``marked`` is 1, of ``unmarked`` 0.

    Where ``puzzle`` is given, a cell may also be written as the puzzle's own symbol at that
    cell (a Hitori number, a Star Battle region letter), which reads as 0; any other
    character of that kind is an error. Rows may be separated by new lines, ``/`` or ``;``
    and spaces, commas and ``|`` inside a row are ignored (see :func:`parse_grid`).
    """
    symbols = {ch: 1 for ch in marked}
    symbols.update({ch: 0 for ch in unmarked})
    own: list[str] = []
    if puzzle is not None:
        own = sorted({ch for row in puzzle for ch in row} - set(symbols))
        symbols.update({ch: 2 + i for i, ch in enumerate(own)})
    grid = parse_grid(text, rows, cols, symbols, "cell")
    if own:
        for r in range(rows):
            for c in range(cols):
                value = grid[r][c]
                if value >= 2:
                    if own[value - 2] != puzzle[r][c]:
                        raise AnswerError(
                            f"row {r + 1}, column {c + 1} holds {own[value - 2]!r}, which is "
                            f"neither a mark nor that cell's own symbol {puzzle[r][c]!r}"
                        )
                    grid[r][c] = 0
    return grid


def marks_text(grid: Sequence[Sequence[int]]) -> str:
    """Rows of ``*`` (marked) and ``.`` (unmarked), one per line."""
    return "\n".join("".join(MARK if v else BLANK for v in row) for row in grid)


@cache
def neighbours8(r: int, c: int, rows: int, cols: int) -> tuple[tuple[int, int], ...]:
    """The up to eight cells around (r, c) inside the grid."""
    return tuple(
        (r + dr, c + dc)
        for dr in (-1, 0, 1)
        for dc in (-1, 0, 1)
        if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols
    )


@cache
def neighbours4(r: int, c: int, rows: int, cols: int) -> tuple[tuple[int, int], ...]:
    """The up to four cells orthogonally next to (r, c) inside the grid."""
    return tuple(
        (r + dr, c + dc)
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
        if 0 <= r + dr < rows and 0 <= c + dc < cols
    )


@cache
def _exactly_template(n: int, k: int) -> tuple[tuple[int, ...], ...]:
    """Clauses over positions 1..n (sign = polarity) saying exactly k of them are true."""
    if k < 0 or k > n:
        return ((),)  # unsatisfiable
    clauses = [tuple(-i for i in combo) for combo in itertools.combinations(range(1, n + 1), k + 1)]
    clauses += [tuple(combo) for combo in itertools.combinations(range(1, n + 1), n - k + 1)]
    return tuple(clauses)


def exactly(literals: Sequence[int], k: int, guard: int = 0) -> list[list[int]]:
    """Clauses saying exactly ``k`` of ``literals`` hold (binomial encoding: small groups
    only, at most about ten literals); with ``guard``, each clause also holds when the
    selector ``guard`` is false."""
    out = []
    for template in _exactly_template(len(literals), k):
        clause = [literals[i - 1] if i > 0 else -literals[-i - 1] for i in template]
        if guard:
            clause.append(-guard)
        out.append(clause)
    return out


def differs(variables: Sequence[int], truth: Sequence[int]) -> list[int]:
    """The clause "some variable takes a value other than in ``truth``" (0/1 values)."""
    return [-v if t else v for v, t in zip(variables, truth)]


def prune(
    rng: random.Random,
    solver: Any,
    items: Sequence[Sequence[int]],
    keep: int,
    fixed: Sequence[int] = (),
) -> list[bool]:
    """Which items (clues, each a list of assumption literals) stay, removing them in a
    random order while the solver has no model under the kept ones (with ``fixed``).

    ``solver`` holds the guarded puzzle and a :func:`differs` clause for the truth, so
    "unsatisfiable" means the kept clues still determine the solution. Removal stops when
    ``keep`` items are left. Returns the kept flags, or ``[]`` when the full set of clues
    is not enough (the caller draws another instance).
    """
    kept = [True] * len(items)
    fixed = list(fixed)
    if solver.solve(assumptions=[lit for item in items for lit in item] + fixed):
        return []
    count = len(items)
    order = list(range(len(items)))
    rng.shuffle(order)
    # The items still undecided, flattened in removal order: the call for order[t] assumes
    # the items found necessary so far plus flat[ends[t]:] (everything after it), a slice.
    flat: list[int] = []
    ends = []
    for i in order:
        flat.extend(items[i])
        ends.append(len(flat))
    necessary: list[int] = []
    for t, i in enumerate(order):
        if count <= keep:
            break
        if solver.solve(assumptions=necessary + flat[ends[t] :] + fixed):
            necessary.extend(items[i])
        else:
            kept[i] = False
            count -= 1
    return kept
