"""Answer syntaxes many families share: separated items, numbers, truth values, grids.

Model output is hostile, so every parser here is linear in its input, caps the number of
items it accepts, and never converts a number longer than :data:`MAX_DIGITS` digits. A
malformed answer raises :class:`AnswerError` (its message says what is wrong), which the
families turn into ``Judgement.unparsable``.
"""

from __future__ import annotations

import re

from rlvr_envs.core import Judgement
from rlvr_envs.numbers import parse_integer

MAX_DIGITS = 6
SEPARATORS = re.compile(r"[\s,;]*")


class AnswerError(ValueError):
    """The answer does not follow the family's documented syntax. Every domain's readers
    raise this one class, so a family catches the same error whichever reader it calls."""


def read_integer(answer: str) -> int:
    """One integer literal in :mod:`rlvr_envs.numbers` syntax (``-12``, ``1,024``), all of
    ``answer`` (which reaches a check with its notation already taken off, docs/answers.md)."""
    value = parse_integer(answer)
    if value is None:
        raise AnswerError("expected one integer")
    return value


def judge_integer(answer: str, expected: int, why: str = "not the value asked for") -> Judgement:
    """The judgement of a family whose answer is one integer, unique by construction:
    unparsable unless ``answer`` is one integer literal, right when it equals ``expected``."""
    try:
        value = read_integer(answer)
    except AnswerError as exc:
        return Judgement.unparsable(str(exc))
    return Judgement.right() if value == expected else Judgement.wrong(why=why)


def scan(text: str, item: re.Pattern[str], max_items: int, what: str) -> list[re.Match[str]]:
    """Every match of ``item`` in ``text``, which may hold only separators between them.

    Separators are whitespace, commas and semicolons. Linear time: ``item`` is matched at
    successive positions, never backtracking over the whole text.
    """
    found: list[re.Match[str]] = []
    pos = SEPARATORS.match(text).end()
    while pos < len(text):
        match = item.match(text, pos)
        if match is None or match.end() == pos:
            snippet = text[pos : pos + 20]
            raise AnswerError(f"expected {what} at {snippet!r}")
        found.append(match)
        if len(found) > max_items:
            raise AnswerError(f"more than {max_items} items")
        pos = SEPARATORS.match(text, match.end()).end()
    if not found:
        raise AnswerError(f"no {what} found")
    return found


def small_int(digits: str) -> int:
    """``int(digits)`` for at most :data:`MAX_DIGITS` ASCII digits; longer numbers, and
    digits of other scripts (``int`` would read ``٣`` as 3), are unparsable."""
    if len(digits) > MAX_DIGITS:
        raise AnswerError(f"number {digits[:10]}... is too long")
    if not (digits.isascii() and digits.isdigit()):
        raise AnswerError(f"{digits[:10]!r} is not a number in ASCII digits")
    return int(digits)


def parse_bits(value: str) -> bool:
    """``1``/``true``/``t``/``yes`` -> True, ``0``/``false``/``f``/``no`` -> False."""
    lowered = value.strip().lower()
    if lowered in ("1", "true", "t", "yes"):
        return True
    if lowered in ("0", "false", "f", "no"):
        return False
    raise AnswerError(f"{value[:20]!r} is not a truth value (use 1 or 0)")


def parse_grid(
    text: str, rows: int, cols: int, symbols: dict[str, int], what: str = "cell"
) -> list[list[int]]:
    """A grid written as ``rows`` lines of ``cols`` symbols; spaces and commas inside a line
    are ignored.

    ``symbols`` maps each accepted character to its value. Rows may also be separated by
    ``/`` or ``;``, or run together on one line (``rows * cols`` symbols in reading order).
    Box borders ``|`` and lines made only of ``-``, ``+`` and ``=`` are ignored.
    """
    if len(text) > 4 * rows * cols + 4 * rows + 200:
        raise AnswerError("the grid is far longer than the puzzle")
    lines = [line for line in re.split(r"[\n/;]+", text) if line.strip()]
    cells_by_line = []
    for line in lines:
        stripped = re.sub(r"[\s|,]+", "", line)
        if not stripped or set(stripped) <= set("-+="):
            continue
        values = []
        for char in stripped:
            if char not in symbols:
                raise AnswerError(f"unexpected character {char!r} in the grid")
            values.append(symbols[char])
        cells_by_line.append(values)
    if len(cells_by_line) == 1 and len(cells_by_line[0]) == rows * cols:
        flat = cells_by_line[0]
        cells_by_line = [flat[r * cols : (r + 1) * cols] for r in range(rows)]
    if len(cells_by_line) != rows:
        raise AnswerError(f"expected {rows} rows, found {len(cells_by_line)}")
    for index, row in enumerate(cells_by_line, 1):
        if len(row) != cols:
            raise AnswerError(f"row {index} has {len(row)} {what}s, expected {cols}")
    return cells_by_line
