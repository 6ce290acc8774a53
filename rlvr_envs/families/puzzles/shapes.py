"""Grid operations the spatial families of ``puzzles`` share: grids as tuples of rows, the
eight symmetries of the square, gravity, cropping, tiling, scaling and shifting, and a strict
parser for grids written as rows of symbols.

A grid is a tuple of equal-length tuples (rows, top row first). Every operation returns a new
grid and never mutates its input. Model output is hostile, so :func:`parse_rows` caps the text
it reads and works line by line without backtracking.
"""

from __future__ import annotations

import re
from itertools import chain

from rlvr_envs.families.shared.answer_parsing import AnswerError

__all__ = [
    "DIHEDRAL",
    "AnswerError",
    "Grid",
    "crop",
    "gravity",
    "grid_lines",
    "parse_rows",
    "scale",
    "shift",
    "tile",
]

Grid = tuple[tuple[int, ...], ...]


def rot_cw(g: Grid) -> Grid:
    """Rotate 90 degrees clockwise."""
    return tuple(zip(*g[::-1], strict=True))


def rot_ccw(g: Grid) -> Grid:
    """Rotate 90 degrees counterclockwise."""
    return tuple(zip(*g, strict=True))[::-1]


def rot_180(g: Grid) -> Grid:
    return tuple(row[::-1] for row in g[::-1])


def flip_lr(g: Grid) -> Grid:
    """Mirror left-right (reflect across the vertical axis)."""
    return tuple(row[::-1] for row in g)


def flip_ud(g: Grid) -> Grid:
    """Mirror top-bottom (reflect across the horizontal axis)."""
    return g[::-1]


def transpose(g: Grid) -> Grid:
    """Reflect across the main diagonal (top-left to bottom-right)."""
    return tuple(zip(*g, strict=True))


def anti_transpose(g: Grid) -> Grid:
    """Reflect across the anti-diagonal (top-right to bottom-left)."""
    return rot_180(transpose(g))


DIHEDRAL = {
    "identity": lambda g: g,
    "rot90": rot_cw,
    "rot180": rot_180,
    "rot270": rot_ccw,
    "flip_lr": flip_lr,
    "flip_ud": flip_ud,
    "transpose": transpose,
    "anti_transpose": anti_transpose,
}
"""The eight symmetries of the square by name (rot90 is clockwise)."""


def _fall(line: tuple[int, ...], to_start: bool) -> tuple[int, ...]:
    cells = tuple(filter(None, line))
    pad = (0,) * (len(line) - len(cells))
    return cells + pad if to_start else pad + cells


def gravity(g: Grid, direction: str) -> Grid:
    """Every non-zero cell slides towards ``direction`` (up, down, left, right) until it
    meets the edge or another non-zero cell; non-zero cells keep their order in a line."""
    if direction in ("left", "right"):
        return tuple(_fall(row, direction == "left") for row in g)
    columns = [_fall(col, direction == "up") for col in zip(*g, strict=True)]
    return tuple(zip(*columns, strict=True))


def crop(g: Grid) -> Grid:
    """The smallest sub-grid holding every non-zero cell (the grid itself when all zero)."""
    rows = [r for r, row in enumerate(g) if any(row)]
    if not rows:
        return g
    cols = [c for c in range(len(g[0])) if any(row[c] for row in g)]
    return tuple(row[cols[0] : cols[-1] + 1] for row in g[rows[0] : rows[-1] + 1])


def tile(g: Grid, down: int, across: int) -> Grid:
    """The grid repeated ``down`` times vertically and ``across`` times horizontally."""
    return tuple(row * across for row in g) * down


def scale(g: Grid, factor: int) -> Grid:
    """Every cell becomes a ``factor`` x ``factor`` block."""
    out = []
    for row in g:
        wide = tuple(chain.from_iterable(zip(*([row] * factor), strict=True)))
        out.extend([wide] * factor)
    return tuple(out)


def shift(g: Grid, direction: str) -> Grid:
    """Move every cell one step towards ``direction``, wrapping around the edge."""
    if direction == "down":
        return g[-1:] + g[:-1]
    if direction == "up":
        return g[1:] + g[:1]
    if direction == "right":
        return tuple(row[-1:] + row[:-1] for row in g)
    return tuple(row[1:] + row[:1] for row in g)


def grid_lines(g: Grid, symbols: str = "0123456789") -> list[str]:
    """Each row as a string: value ``v`` is written ``symbols[v]``."""
    return ["".join(symbols[v] for v in row) for row in g]


_ROW_SPLIT = re.compile(r"[\n/;]+")
_IGNORED = re.compile(r"[\s,|\[\]()`'\"]+")


def parse_rows(text: str, symbols: dict[str, int], max_cells: int) -> Grid:
    """A grid written one row per line (or rows separated by ``/`` or ``;``).

    Inside a row, whitespace, commas, ``|``, brackets and quotes are ignored; every other
    character must be one of ``symbols`` (mapped to its value). Lines made only of ``-``,
    ``+`` and ``=`` (rules) are skipped. Rows must all have the same length. The grid is
    returned whatever its size; the caller compares it with the expected one. Raises
    :class:`AnswerError` when malformed or longer than about ``max_cells`` cells.
    """
    if len(text) > 6 * max_cells + 400:
        raise AnswerError("the grid is far longer than expected")
    rows: list[tuple[int, ...]] = []
    for line in _ROW_SPLIT.split(text):
        stripped = _IGNORED.sub("", line)
        if not stripped or set(stripped) <= set("-+="):
            continue
        values = []
        for char in stripped:
            value = symbols.get(char)
            if value is None:
                raise AnswerError(f"unexpected character {char!r} in the grid")
            values.append(value)
        rows.append(tuple(values))
        if len(rows) * len(values) > 4 * max_cells + 100:
            raise AnswerError("the grid is far larger than expected")
    if not rows:
        raise AnswerError("no grid found")
    width = len(rows[0])
    for index, row in enumerate(rows, 1):
        if len(row) != width:
            raise AnswerError(f"row {index} has {len(row)} cells, row 1 has {width}")
    return tuple(rows)
