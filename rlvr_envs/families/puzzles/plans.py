"""What the planning families (SlidingPuzzle, Sokoban, RushHour, WaterJugs) share: a strict,
linear-time reader of move sequences and the four grid directions.

A plan is a list of moves written with separators between them (whitespace, commas,
semicolons, new lines, arrows ``->``). :func:`read_moves` matches one move pattern at
successive positions, caps the number of moves and raises :class:`AnswerError` (from the logic
families' syntax module) with what is wrong, which the families turn into
``Judgement.unparsable``.
"""

from __future__ import annotations

import re

from rlvr_envs.families.shared.answer_parsing import AnswerError

__all__ = ["DIRECTIONS", "OPPOSITE", "AnswerError", "letters", "read_moves"]

# letter -> (row step, column step)
DIRECTIONS: dict[str, tuple[int, int]] = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
OPPOSITE = {"U": "D", "D": "U", "L": "R", "R": "L"}

_SEPARATORS = re.compile(r"(?:[\s,;.]|->|→)*")
_LETTER = re.compile(r"up|down|left|right|[udlr]", re.IGNORECASE)


def read_moves(text: str, move: re.Pattern[str], max_moves: int, what: str) -> list[re.Match]:
    """Every match of ``move`` in ``text``, with only separators between them.

    Linear time; more than ``max_moves`` moves, or anything that is neither a move nor a
    separator, raises :class:`AnswerError`.
    """
    found: list[re.Match] = []
    pos = _SEPARATORS.match(text).end()
    while pos < len(text):
        match = move.match(text, pos)
        if match is None or match.end() == pos:
            raise AnswerError(f"expected {what} at {text[pos : pos + 20]!r}")
        found.append(match)
        if len(found) > max_moves:
            raise AnswerError(f"more than {max_moves} moves")
        pos = _SEPARATORS.match(text, match.end()).end()
    if not found:
        raise AnswerError(f"no {what} found")
    return found


def letters(text: str, max_moves: int) -> list[str]:
    """A plan of direction letters ``U D L R`` (any case; also the words up/down/left/right),
    separated or run together (``UDLR``), as upper-case letters."""
    moves = read_moves(text, _LETTER, max_moves, "a move U, D, L or R")
    return [m.group(0)[0].upper() for m in moves]
