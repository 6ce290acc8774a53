"""Hidato and Numbrix: fill a grid with 1..N so that consecutive numbers are neighbours.

The grid has N = rows x cols cells, some of which show their number. Every empty cell gets a
number so that the grid holds each of 1..N exactly once and, for every k < N, the cells of
k and k + 1 are neighbours: in the ``hidato`` variant (Gyora Benedek's Hidato) neighbours
touch by a side or a corner (a king's move), in the ``numbrix`` variant (Marilyn vos
Savant's Numbrix) only by a side. The numbers thus trace a Hamiltonian path through the grid
that passes the given cells at their numbers. 1 and N are always given.

The path is drawn by the backbite Markov chain (Mansfield, "Monte Carlo studies of
knotting in long polymers", 1982) on the variant's neighbour graph: it starts from a
row-by-row serpentine (a path in both graphs), and each step picks an end of the path and a
random neighbour of that end; unless the neighbour is already next to the end on the path,
the part of the path between the end and the neighbour is reversed, so the end now steps to
that neighbour. Then a random ``givens`` fraction of the cells is shown.

Any grid that keeps the givens and follows the rules scores 1 (puzzles with few givens
often have several solutions; the verifier checks the rules, not the drawn path).

Answer syntax: the filled grid, one row per line, numbers separated by spaces (rows may also
be separated by ``/`` or ``;``; commas and ``|`` are ignored).

Knobs: ``size`` (the grid is size x size), ``givens`` (fraction of cells shown, fewer is
harder) and ``variant`` (numbrix, then hidato, whose eight neighbours leave more choices).
Difficulty raises the size from 4 to 8, lowers the givens from 0.5 to 0.2 and switches
from numbrix to hidato at 0.5.
"""

from __future__ import annotations

import math
import random
from functools import cache
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.puzzles.cages import AnswerError, number_grid_text, parse_number_grid

MOVES_PER_CELL = 8


class Hidato(Family):
    """Fill a number path (any path that fits the givens and the rules is right)."""

    knobs: ClassVar[dict[str, Knob]] = {
        "size": Knob("int", 3, 10, default=6, easy=4, hard=8, doc="rows and columns"),
        "givens": Knob(
            "float",
            0.1,
            0.8,
            default=0.35,
            easy=0.5,
            hard=0.2,
            doc="fraction of cells shown (1 and N always are)",
        ),
        "variant": Knob(
            "categorical",
            choices=("numbrix", "hidato"),
            default="hidato",
            doc="consecutive numbers touch by a side (numbrix) or by a side or corner (hidato)",
        ),
    }
    answer_syntax = (
        "the filled grid, one row per line, numbers separated by spaces (e.g. 1 2 / 4 3)"
    )
    answer_form = "grid of numbers"
    unique_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n = int(knobs["size"])
        king = knobs["variant"] == "hidato"
        path = random_path(rng, n, king)
        total = n * n
        number = [0] * total
        for k, cell in enumerate(path, 1):
            number[cell] = k
        shown = {path[0], path[-1]}
        others = path[1:-1]
        extra = max(0, round(knobs["givens"] * total) - 2)
        shown.update(rng.sample(others, min(extra, len(others))))
        puzzle = [[number[r * n + c] if r * n + c in shown else None for c in range(n)]
                  for r in range(n)]  # fmt: skip
        touch = (
            "horizontally, vertically or diagonally adjacent (sharing a side or a corner)"
            if king
            else "horizontally or vertically adjacent (sharing a side)"
        )
        question = (
            f"Fill in this {n}x{n} number path puzzle. Write a number in every empty cell (.) "
            f"so that the grid holds each number from 1 to {total} exactly once and, for every "
            f"number k from 1 to {total - 1}, the cells holding k and k+1 are {touch}. The "
            f"given numbers may not be changed.\n\n{number_grid_text(puzzle)}"
        )
        answer = "\n".join(" ".join(str(number[r * n + c]) for c in range(n)) for r in range(n))
        meta = {"size": n, "king": king, "puzzle": puzzle}
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        n, king = meta["size"], meta["king"]
        total = n * n
        try:
            grid = parse_number_grid(answer, n, n, 1, total)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        where = [-1] * (total + 1)
        for r in range(n):
            for c in range(n):
                value = grid[r][c]
                if where[value] >= 0:
                    return Judgement.wrong(why=f"{value} appears twice")
                where[value] = r * n + c
                given = meta["puzzle"][r][c]
                if given is not None and given != value:
                    return Judgement.wrong(why=f"the given at row {r + 1}, column {c + 1} changed")
        for k in range(1, total):
            (r1, c1), (r2, c2) = divmod(where[k], n), divmod(where[k + 1], n)
            dr, dc = abs(r1 - r2), abs(c1 - c2)
            if not (max(dr, dc) == 1 if king else dr + dc == 1):
                return Judgement.wrong(why=f"{k} and {k + 1} are not neighbours")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Empty cells times log2 of the number of neighbours a step may go to."""
        meta = problem.meta
        empty = sum(v is None for row in meta["puzzle"] for v in row)
        return empty * math.log2(8 if meta["king"] else 4)


@cache
def neighbours(n: int, king: bool) -> tuple[tuple[int, ...], ...]:
    """For each cell r * n + c of the n x n grid, its neighbours in reading order."""
    steps = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr or dc)]
    if not king:
        steps = [(dr, dc) for dr, dc in steps if not (dr and dc)]
    return tuple(
        tuple((r + dr) * n + c + dc for dr, dc in steps if 0 <= r + dr < n and 0 <= c + dc < n)
        for r in range(n)
        for c in range(n)
    )


def random_path(rng: random.Random, n: int, king: bool) -> list[int]:
    """A random Hamiltonian path of the n x n grid graph (backbite from a serpentine)."""
    path = [r * n + (c if r % 2 == 0 else n - 1 - c) for r in range(n) for c in range(n)]
    if rng.random() < 0.5:  # the column-by-column serpentine instead
        path = [(cell % n) * n + cell // n for cell in path]
    adjacent = neighbours(n, king)
    total = n * n
    if total < 3:
        return path
    position = [0] * total
    for i, cell in enumerate(path):
        position[cell] = i
    last = total - 1
    for _ in range(MOVES_PER_CELL * total):
        if rng.random() < 0.5:  # the head path[0] steps to v = path[i]: reverse path[0:i]
            options = adjacent[path[0]]
            i = position[options[rng.randrange(len(options))]]
            if i == 1:
                continue
            path[:i] = path[i - 1 :: -1]
            for j in range(i):
                position[path[j]] = j
        else:  # the tail path[-1] steps to v = path[i]: reverse path[i+1:]
            options = adjacent[path[last]]
            i = position[options[rng.randrange(len(options))]]
            if i == last - 1:
                continue
            path[i + 1 :] = path[:i:-1]
            for j in range(i + 1, total):
                position[path[j]] = j
    return path
