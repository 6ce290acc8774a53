"""Lights Out: press lights until every light is off.

The puzzle of Tiger Electronics' handheld game (1995) on an n x n grid: pressing a light
toggles it and its orthogonal neighbours. The start is made by pressing random distinct
cells of a dark grid, so it is always solvable. Solving is linear algebra over GF(2)
(Sutner, "Linear cellular automata and the Garden-of-Eden", Math. Intelligencer 11, 1989):
the reference answer is a solution with the fewest presses, found by Gaussian elimination
and a search over the null space (at most 2**4 solutions on the grids offered here).

Answer syntax: the cells to press as ``(row,column)`` pairs, rows 1..n from the top and
columns 1..n from the left, separated by spaces or commas, e.g. ``(1,2) (3,3)``. The order
does not matter and pressing a cell twice undoes it. Any set of presses that leaves every
light off is right: the verifier replays the presses.

Knobs: ``size`` (n) and ``presses`` (the fraction of cells pressed to make the start).
"""

from __future__ import annotations

import itertools
import random
import re
from functools import cache
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.shared.answer_parsing import AnswerError, scan, small_int

_CELL = re.compile(r"\(\s*(\d+)\s*,\s*(\d+)\s*\)")


class LightsOut(Family):
    """Turn every light off (any sufficient set of presses is right)."""

    knobs: ClassVar[dict[str, Knob]] = {
        "size": Knob("int", 2, 8, default=5, easy=3, hard=7, doc="grid side n"),
        "presses": Knob(
            "float", 0.05, 0.6, default=0.3, easy=0.15, hard=0.5, doc="fraction of cells pressed"
        ),
    }
    answer_syntax = "the cells to press as (row,column) pairs (e.g. (1,2) (3,3))"
    answer_form = "list of cells"
    unique_answer = False  # order, repeats and (on some sizes) the set of presses vary
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n = knobs["size"]
        toggles = toggle_masks(n)
        count = max(1, round(knobs["presses"] * n * n))
        state = 0
        while state == 0:  # presses in the null space cancel out; draw again
            state = 0
            for cell in rng.sample(range(n * n), count):
                state ^= toggles[cell]
        presses = fewest_presses(n, state)
        grid = [
            " ".join("1" if state >> (r * n + c) & 1 else "0" for c in range(n)) for r in range(n)
        ]
        question = (
            f"Lights Out on a {n}x{n} grid: 1 is a light that is on, 0 one that is off. "
            "Pressing a cell toggles it and its neighbours above, below, left and right "
            "(on becomes off, off becomes on). Rows are numbered 1 to "
            f"{n} from the top and columns 1 to {n} from the left.\n\n"
            + "\n".join(grid)
            + "\n\nWhich cells should be pressed to turn every light off?"
        )
        answer = " ".join(f"({p // n + 1},{p % n + 1})" for p in presses)
        meta = {"size": n, "state": state, "fewest": len(presses)}
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        n, state = problem.meta["size"], problem.meta["state"]
        try:
            cells = scan(answer, _CELL, 4 * n * n, "a cell like (1,2)")
            pressed = [(small_int(m.group(1)) - 1, small_int(m.group(2)) - 1) for m in cells]
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        toggles = toggle_masks(n)
        for r, c in pressed:
            if not (0 <= r < n and 0 <= c < n):
                return Judgement.wrong(why=f"({r + 1},{c + 1}) is off the grid")
            state ^= toggles[r * n + c]
        if state:
            return Judgement.wrong(why=f"{state.bit_count()} lights stay on")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Cells on the grid plus the fewest presses that solve it."""
        return problem.meta["size"] ** 2 + problem.meta["fewest"]


@cache
def toggle_masks(n: int) -> tuple[int, ...]:
    """For each cell r * n + c, the bitmask of the cells that pressing it toggles."""
    masks = []
    for r, c in itertools.product(range(n), range(n)):
        mask = 0
        for dr, dc in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)):
            if 0 <= r + dr < n and 0 <= c + dc < n:
                mask |= 1 << ((r + dr) * n + c + dc)
        masks.append(mask)
    return tuple(masks)


@cache
def _elimination(n: int) -> tuple[tuple[tuple[int, int, int], ...], tuple[int, ...]]:
    """Gaussian elimination of the press -> toggle map over GF(2), done once per size.

    Returns the pivot rows (pivot bit, toggle mask, presses that make it) and a basis of the
    presses that toggle nothing (the null space).
    """
    rows: list[tuple[int, int, int]] = []  # (pivot bit, reduced toggles, presses)
    null: list[int] = []
    for cell, mask in enumerate(toggle_masks(n)):
        presses = 1 << cell
        for pivot, row, made in rows:
            if mask >> pivot & 1:
                mask ^= row
                presses ^= made
        if mask:
            pivot = mask.bit_length() - 1
            rows = [(p, r ^ mask, m ^ presses) if r >> pivot & 1 else (p, r, m) for p, r, m in rows]
            rows.append((pivot, mask, presses))
        else:
            null.append(presses)
    return tuple(rows), tuple(null)


def fewest_presses(n: int, state: int) -> list[int]:
    """The cells of a fewest-press solution of ``state`` (which must be solvable)."""
    rows, null = _elimination(n)
    presses = 0
    for pivot, row, made in rows:
        if state >> pivot & 1:
            state ^= row
            presses ^= made
    if state:
        raise ValueError("this Lights Out state has no solution")
    best = presses
    for choice in itertools.product((0, 1), repeat=len(null)):
        candidate = presses
        for use, vector in zip(choice, null):
            if use:
                candidate ^= vector
        if candidate.bit_count() < best.bit_count():
            best = candidate
    return [cell for cell in range(n * n) if best >> cell & 1]
