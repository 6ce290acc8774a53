"""What the Latin-square grid families share: random squares, the SAT encoding, clue
removal that keeps the solution unique, and the answer grid's syntax and rules.

A Latin square of order n is an n x n grid of the digits 1..n in which every row and every
column holds each digit once. LatinSquare, Futoshiki, Skyscrapers and KenKen all ask for
one, under extra clues.

Uniqueness. Each family starts from a complete random square and a set of clues that
determine it (every cell given, say), then removes clues in a random order and keeps a
removal only when the solution stays unique. The check needs no blocking clause: if the
clues before a removal had exactly one solution S, any other solution of the smaller set
must *violate the removed clue* (else it would satisfy the larger set, so equal S). So a
clue comes with the ways a grid can violate it, each a list of assumption literals, and
the removal is kept only when Minisat 2.2 (python-sat, :mod:`rlvr_envs.families.shared.sat`)
finds every violation unsatisfiable together with the remaining clues. The solver is
cached per (family, order) and only asked yes/no questions, so its history never shapes
a problem.

Variable ``cell_var(n, r, c, d) = (r * n + c) * n + d`` (d in 1..n) means "cell (r, c)
holds d"; families number their own variables from ``n ** 3 + 1``.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from rlvr_envs.core import Judgement
from rlvr_envs.families.logic.sudoku import complete_grid
from rlvr_envs.families.shared.answer_parsing import AnswerError, parse_grid
from rlvr_envs.families.shared.sat import exactly_one

ANSWER_SYNTAX = "the completed grid, one row per line, digits only (e.g. 1234 / 3412 / ...)"
ANSWER_FORM = "grid of digits"


def cell_var(n: int, r: int, c: int, d: int) -> int:
    """The variable "cell (r, c) holds digit d" (r, c 0-based, d in 1..n)."""
    return (r * n + c) * n + d


@cache
def latin_cnf(n: int) -> tuple[tuple[int, ...], ...]:
    """Each cell exactly one digit; each row and each column holds each digit exactly once."""
    clauses: list[list[int]] = []
    for r in range(n):
        for c in range(n):
            clauses += exactly_one([cell_var(n, r, c, d) for d in range(1, n + 1)])
    for d in range(1, n + 1):
        for i in range(n):
            clauses += exactly_one([cell_var(n, i, c, d) for c in range(n)])
            clauses += exactly_one([cell_var(n, r, i, d) for r in range(n)])
    return tuple(tuple(clause) for clause in clauses)


def random_latin(rng: random.Random, n: int) -> list[list[int]]:
    """A random Latin square of order n: a random first row, then Sudoku's randomised
    backtracking (:func:`complete_grid`) with every cell in a box of its own."""
    first_row = list(enumerate(rng.sample(range(1, n + 1), n)))
    grid = complete_grid(rng, n, list(range(n * n)), first_row)
    if grid is None:  # pragma: no cover - every Latin rectangle extends to a square
        raise RuntimeError("a Latin rectangle did not extend")
    return grid


@dataclass
class Clue:
    """One removable clue: literals assumed while it is shown, and the ways to violate it
    (each a list of literals; a grid that breaks the clue satisfies one of them)."""

    key: object
    assume: list[int]
    violations: list[list[int]]


def reduce_clues(
    solver, clues: Sequence[Clue], order: Sequence[int], target: int, fixed: Sequence[int] = ()
) -> list[bool]:
    """Which clues stay, removing ``clues[i]`` for i in ``order`` while more than ``target``
    remain and the solution stays unique (the module docstring says why this is sound).

    ``fixed`` are literals assumed throughout (clues that are never removed); the clues
    together with ``fixed`` must determine the solution when this is called.
    """
    kept = [True] * len(clues)
    assumed = [clue.assume for clue in clues]
    count = len(clues)
    for i in order:
        if count <= target:
            break
        kept[i] = False
        base = list(fixed)
        for lits in itertools.compress(assumed, kept):
            base += lits
        if any(solver.solve(assumptions=base + way) for way in clues[i].violations):
            kept[i] = True
            continue
        count -= 1
    return kept


def given_clues(n: int, grid: list[list[int]]) -> list[Clue]:
    """One clue per cell: "cell (r, c) holds its digit", violated by any other digit."""
    out = []
    for r in range(n):
        for c in range(n):
            lit = cell_var(n, r, c, grid[r][c])
            out.append(Clue((r, c), [lit], [[-lit]]))
    return out


def digit_symbols(n: int) -> dict[str, int]:
    return {str(d): d for d in range(1, n + 1)}


def parse_square(answer: str, n: int) -> list[list[int]]:
    """The answer grid: n rows of n digits 1..n (see ``parse_grid`` for the separators)."""
    return parse_grid(answer, n, n, digit_symbols(n), "digit")


def latin_violation(grid: list[list[int]], n: int) -> str | None:
    """Why ``grid`` is not a Latin square of order n (None when it is)."""
    full = set(range(1, n + 1))
    for r in range(n):
        if set(grid[r]) != full:
            return f"row {r + 1} does not hold every digit once"
    for c in range(n):
        if {grid[r][c] for r in range(n)} != full:
            return f"column {c + 1} does not hold every digit once"
    return None


def givens_violation(grid: list[list[int]], puzzle: list[str]) -> str | None:
    """Why ``grid`` changes a given digit of ``puzzle`` (rows of digits and ``.``)."""
    for r, row in enumerate(puzzle):
        for c, char in enumerate(row):
            if char != "." and grid[r][c] != int(char):
                return f"the given digit at row {r + 1}, column {c + 1} changed"
    return None


def check_latin(answer: str, meta: dict) -> list[list[int]] | Judgement:
    """The answer grid where it parses, is a Latin square of order ``meta["size"]`` and keeps
    the givens of ``meta["puzzle"]`` (where there is one); else the verdict that says why not.
    The families' own rules (signs, clues, cages) are checked after this."""
    n = meta["size"]
    try:
        grid = parse_square(answer, n)
    except AnswerError as exc:
        return Judgement.unparsable(str(exc))
    why = (givens_violation(grid, meta["puzzle"]) if "puzzle" in meta else None) or (
        latin_violation(grid, n)
    )
    return Judgement.wrong(why=why) if why else grid


def grid_text(grid: list[list[int]]) -> str:
    """The canonical answer: rows of digits, one per line."""
    return "\n".join("".join(map(str, row)) for row in grid)


def puzzle_rows(grid: list[list[int]], kept: list[bool]) -> list[str]:
    """Rows of digits with ``.`` where the cell (reading order) is not given."""
    n = len(grid)
    return [
        "".join(str(grid[r][c]) if kept[r * n + c] else "." for c in range(n)) for r in range(n)
    ]


__all__ = [
    "ANSWER_FORM",
    "ANSWER_SYNTAX",
    "AnswerError",
    "Clue",
    "cell_var",
    "given_clues",
    "givens_violation",
    "grid_text",
    "latin_cnf",
    "latin_violation",
    "parse_square",
    "puzzle_rows",
    "random_latin",
    "reduce_clues",
]
