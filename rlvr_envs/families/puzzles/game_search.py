"""What the game and simulation families of ``puzzles`` share: board cells named by column
letter and row number, rendering a board with those labels, and strict answer parsers.

Cells are written as a column letter and a row number (``b3``): columns ``a, b, c, ...``
from the left, rows ``1, 2, 3, ...`` from the top (the board is printed with these labels).
Model output is hostile, so every parser here works on a capped, stripped string with
linear-time regular expressions and never converts long numbers.
"""

from __future__ import annotations

import re
import string

from rlvr_envs.families.shared.answer_parsing import AnswerError, parse_grid

__all__ = ["AnswerError", "cell_name", "parse_cell", "parse_cells_grid", "render_board"]

LETTERS = string.ascii_lowercase
_CELL = re.compile(r"\s*([A-Za-z])\s*[-,]?\s*([0-9]{1,2})\s*")


def cell_name(row: int, col: int) -> str:
    """``(0, 1)`` -> ``b1``: column letter, then the 1-based row number."""
    return f"{LETTERS[col]}{row + 1}"


def parse_cell(text: str, rows: int, cols: int) -> tuple[int, int]:
    """A cell written ``b3`` (case and a space, comma or hyphen between the two ignored) ->
    ``(row, col)`` 0-based; off the board or malformed raises :class:`AnswerError`."""
    if len(text) > 40:
        raise AnswerError("a cell is a letter and a number, e.g. b3")
    match = _CELL.fullmatch(text)
    if match is None:
        raise AnswerError(f"{text[:20]!r} is not a cell (a column letter and a row number)")
    col = LETTERS.index(match.group(1).lower())
    row = int(match.group(2)) - 1
    if not (0 <= row < rows and 0 <= col < cols):
        raise AnswerError(f"{text.strip()!r} is off the {rows}x{cols} board")
    return row, col


def render_board(cells: list[list[str]]) -> str:
    """The board with column letters above and row numbers on the left."""
    cols = len(cells[0])
    width = len(str(len(cells)))
    lines = [" " * width + " " + " ".join(LETTERS[:cols])]
    for r, row in enumerate(cells):
        lines.append(f"{r + 1:>{width}} " + " ".join(row))
    return "\n".join(lines)


BINARY = {"#": 1, ".": 0, "1": 1, "0": 0}


def parse_cells_grid(text: str, rows: int, cols: int) -> list[list[int]]:
    """A grid of live/black (``#`` or ``1``) and dead/white (``.`` or ``0``) cells, one row
    per line (or ``/``-separated, or all in reading order on one line)."""
    return parse_grid(text, rows, cols, BINARY, "cell")


def grid_text(grid: list[list[int]]) -> str:
    """Rows of ``#`` and ``.``."""
    return "\n".join("".join("#" if v else "." for v in row) for row in grid)
