"""N-queens completion: place n non-attacking queens on an n x n board around given queens.

The eight queens puzzle (Max Bezzel, 1848) generalised to n x n boards: no two queens share
a row, a column or a diagonal. Some queens are already placed and must stay; completing a
partial placement is NP-complete in general (Gent, Jefferson & Nightingale, "Complexity of
n-Queens Completion", JAIR 2017), while the empty board has a known construction, so given
queens also keep memorised answers from helping. The given queens come from a random
solution (uniform over all solutions for n <= 10, else found by randomised backtracking), so
a completion always exists.

Answer syntax: the column (1 to n, left to right) of the queen in each row, from row 1 (top)
to row n, separated by spaces or commas, e.g. ``2 4 1 3`` (enclosing brackets allowed). Any
valid completion is right: the verifier checks the given queens, columns and diagonals.

Knobs: ``size`` (n) and ``placed`` (the fraction of rows whose queen is given; fewer is
harder).
"""

from __future__ import annotations

import math
import random
import re
from functools import cache
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.shared.answer_parsing import AnswerError, scan, small_int

_NUMBER = re.compile(r"\d+")
ENUMERATED = 10  # boards up to this side draw uniformly from all their solutions


class NQueens(Family):
    """Complete a placement of n non-attacking queens."""

    knobs: ClassVar[dict[str, Knob]] = {
        "size": Knob("int", 4, 14, default=8, easy=4, hard=10, doc="board side n"),
        "placed": Knob(
            "float", 0.0, 0.75, default=0.25, easy=0.5, hard=0.0, doc="fraction of queens given"
        ),
    }
    answer_syntax = "the column of the queen in each row, row 1 first (e.g. 2 4 1 3)"
    answer_form = "column of each row"
    unique_answer = False  # any completion is right
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n = knobs["size"]
        columns = random_solution(rng, n)
        count = min(n - 1, round(knobs["placed"] * n))
        given = sorted(rng.sample(range(n), count))
        board = [["."] * n for _ in range(n)]
        for r in given:
            board[r][columns[r]] = "Q"
        already = (
            f"The {count} queen{'s' if count > 1 else ''} already on the board (Q) must stay. "
            if count
            else ""
        )
        question = (
            f"Place {n} queens on this {n}x{n} board so that no two queens share a row, a "
            f"column or a diagonal. {already}Rows are numbered 1 to {n} from top to bottom "
            f"and columns 1 to {n} from left to right.\n\n"
            + "\n".join(" ".join(row) for row in board)
        )
        answer = " ".join(str(c + 1) for c in columns)
        meta = {"size": n, "given": {str(r): columns[r] for r in given}}
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        n = problem.meta["size"]
        try:
            found = scan(_unbracket(answer), _NUMBER, n, "a column number")
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if len(found) != n:
            return Judgement.unparsable(f"expected {n} column numbers, found {len(found)}")
        try:
            columns = [small_int(m.group()) - 1 for m in found]
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if any(not 0 <= c < n for c in columns):
            return Judgement.wrong(why=f"columns run from 1 to {n}")
        for row, column in problem.meta["given"].items():
            if columns[int(row)] != column:
                return Judgement.wrong(why=f"the given queen in row {int(row) + 1} moved")
        if len(set(columns)) != n:
            return Judgement.wrong(why="two queens share a column")
        if (
            len({c + r for r, c in enumerate(columns)}) != n
            or len({c - r for r, c in enumerate(columns)}) != n
        ):
            return Judgement.wrong(why="two queens share a diagonal")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """log2 of the column choices left: free rows times log2(n)."""
        n = problem.meta["size"]
        return (n - len(problem.meta["given"])) * math.log2(n)


def _unbracket(text: str) -> str:
    """``[2, 4, 1, 3]`` -> ``2, 4, 1, 3``: one pair of enclosing brackets is allowed."""
    text = text.strip()
    if len(text) > 1 and (text[0], text[-1]) in (("[", "]"), ("(", ")")):
        return text[1:-1]
    return text


def random_solution(rng: random.Random, n: int) -> list[int]:
    """A random placement (columns[row]): uniform over all solutions where n <= 10."""
    if n <= ENUMERATED:
        solutions = all_solutions(n)
        return list(solutions[rng.randrange(len(solutions))])
    return _search(n, [rng.sample(range(n), n) for _ in range(n)])


@cache
def all_solutions(n: int) -> tuple[tuple[int, ...], ...]:
    """Every placement on the n x n board, in lexicographic order (724 for n = 10)."""
    found: list[tuple[int, ...]] = []
    full = (1 << n) - 1
    columns: list[int] = []

    def place(used: int, up: int, down: int) -> None:
        if len(columns) == n:
            found.append(tuple(columns))
            return
        free = full & ~(used | up | down)
        while free:
            bit = free & -free
            free ^= bit
            columns.append(bit.bit_length() - 1)
            place(used | bit, (up | bit) << 1 & full, (down | bit) >> 1)
            columns.pop()

    place(0, 0, 0)
    return tuple(found)


def _search(n: int, order: list[list[int]]) -> list[int]:
    """The first placement found trying the columns of row r in ``order[r]``."""
    full = (1 << n) - 1
    columns: list[int] = []

    def place(used: int, up: int, down: int) -> bool:
        if len(columns) == n:
            return True
        free = full & ~(used | up | down)
        for c in order[len(columns)]:
            bit = 1 << c
            if free & bit:
                columns.append(c)
                if place(used | bit, (up | bit) << 1 & full, (down | bit) >> 1):
                    return True
                columns.pop()
        return False

    place(0, 0, 0)
    return columns
