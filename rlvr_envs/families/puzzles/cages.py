"""What the cage, fleet, magic-square and number-path families of ``puzzles`` share: a strict
parser for grids of (possibly multi-digit) numbers, and rendering such grids.

Model output is hostile: the parser caps its input's length, splits with linear-time
regular expressions and converts numbers only through
:func:`rlvr_envs.families.shared.answer_parsing.small_int` (at most six ASCII digits).
"""

from __future__ import annotations

import re

from rlvr_envs.families.shared.answer_parsing import AnswerError, small_int

__all__ = ["AnswerError", "number_grid_text", "parse_number_grid"]

_ROWS = re.compile(r"[\n/;]+")
_CELLS = re.compile(r"[\s,|]+")
_RULE = set("-+=")


def parse_number_grid(
    text: str, rows: int, cols: int, low: int, high: int, what: str = "number"
) -> list[list[int]]:
    """A grid written as ``rows`` lines of ``cols`` numbers from ``low`` to ``high``.

    Numbers in a line are separated by spaces, commas or ``|``; rows by newlines, ``/`` or
    ``;``, or all numbers may stand on one line in reading order. Lines made only of ``-``,
    ``+`` and ``=`` (box rules) are ignored. Anything else raises :class:`AnswerError`.
    """
    width = max(len(str(high)), len(str(low))) + 4
    if len(text) > width * rows * cols + 4 * rows + 200:
        raise AnswerError("the grid is far longer than the puzzle")
    table: list[list[int]] = []
    for line in _ROWS.split(text):
        tokens = [t for t in _CELLS.split(line) if t]
        if not tokens or all(set(t) <= _RULE for t in tokens):
            continue
        values = []
        for token in tokens:
            if token.startswith("+"):
                token = token[1:]
            value = small_int(token) if token else -1
            if not low <= value <= high:
                raise AnswerError(f"{token[:10]!r} is not a {what} from {low} to {high}")
            values.append(value)
        table.append(values)
        if len(table) > rows * cols:
            raise AnswerError("too many rows")
    if len(table) == 1 and len(table[0]) == rows * cols and rows > 1:
        flat = table[0]
        table = [flat[r * cols : (r + 1) * cols] for r in range(rows)]
    if len(table) != rows:
        raise AnswerError(f"expected {rows} rows, found {len(table)}")
    for index, row in enumerate(table, 1):
        if len(row) != cols:
            raise AnswerError(f"row {index} has {len(row)} {what}s, expected {cols}")
    return table


def number_grid_text(grid: list[list[int | None]], blank: str = ".") -> str:
    """Rows of right-aligned numbers separated by spaces; ``None`` is written ``blank``."""
    width = max(len(str(v)) for row in grid for v in row if v is not None)
    width = max(width, len(blank))
    return "\n".join(
        " ".join((blank if v is None else str(v)).rjust(width) for v in row) for row in grid
    )
