"""Polyomino cells and their symmetries: shapes as sets of (row, column) cells.

A shape is normalised by moving it to the top-left corner and sorting its cells, so two
shapes are equal exactly when their normal forms are. :func:`rotations` gives the four
quarter turns, :func:`symmetries` adds the mirror images (the eight ways to lay a piece down).
"""

from __future__ import annotations

import random
from collections.abc import Iterable

Cells = tuple[tuple[int, int], ...]


def normal(cells: Iterable[tuple[int, int]]) -> Cells:
    """The shape moved to the top-left corner, cells sorted."""
    cells = list(cells)
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return tuple(sorted((r - top, c - left) for r, c in cells))


def turn(cells: Iterable[tuple[int, int]]) -> Cells:
    """A quarter turn clockwise."""
    return normal((c, -r) for r, c in cells)


def mirror(cells: Iterable[tuple[int, int]]) -> Cells:
    """The mirror image in a vertical line (left and right swapped)."""
    return normal((r, -c) for r, c in cells)


def rotations(cells: Iterable[tuple[int, int]]) -> list[Cells]:
    """The four quarter turns (0, 90, 180 and 270 degrees clockwise), normalised."""
    out = [normal(cells)]
    for _ in range(3):
        out.append(turn(out[-1]))
    return out


def symmetries(cells: Iterable[tuple[int, int]]) -> set[Cells]:
    """Every way to lay the shape down: its rotations and those of its mirror image."""
    shape = normal(cells)
    return set(rotations(shape)) | set(rotations(mirror(shape)))


def grow(rng: random.Random, size: int) -> Cells:
    """A random connected shape of ``size`` cells (grown one neighbour at a time)."""
    cells = {(0, 0)}
    while len(cells) < size:
        r, c = rng.choice(sorted(cells))
        dr, dc = rng.choice(((0, 1), (1, 0), (0, -1), (-1, 0)))
        cells.add((r + dr, c + dc))
    return normal(cells)


def render(cells: Iterable[tuple[int, int]], fill: str = "#", empty: str = ".") -> str:
    """The shape as rows of ``fill`` and ``empty`` characters."""
    shape = normal(cells)
    rows = 1 + max(r for r, _ in shape)
    cols = 1 + max(c for _, c in shape)
    grid = [[empty] * cols for _ in range(rows)]
    for r, c in shape:
        grid[r][c] = fill
    return "\n".join("".join(row) for row in grid)
