"""Letter labels (``A``, ``B``, ...) for the things an optimisation answer names.

Families whose prompts are full of numbers (coordinates, costs, weights) name their choices
by letter, so that no span of numbers copied from the prompt reads as an answer.
"""

from __future__ import annotations

import re
import string

from rlvr_envs.families.shared.answer_parsing import AnswerError, scan

_LETTER = re.compile(r"[A-Za-z]\b")


def letter(index: int) -> str:
    """The label of the 0-based ``index``: ``A`` for 0 (at most 26 labels)."""
    return string.ascii_uppercase[index]


def read_letters(
    text: str, count: int, what: str, *, distinct: bool = True, most: int | None = None
) -> list[int]:
    """Labels ``A`` .. the ``count``-th letter (either case) separated by spaces, commas or
    semicolons, as 0-based indices; each at most once where ``distinct``; at most ``most``
    labels (default ``4 * count + 4``)."""
    found = scan(text, _LETTER, most or 4 * count + 4, f"a {what} letter")
    indices = [ord(m.group().upper()) - ord("A") for m in found]
    if any(not 0 <= i < count for i in indices):
        raise AnswerError(f"every {what} is a letter from A to {letter(count - 1)}")
    if distinct and len(set(indices)) != len(indices):
        raise AnswerError(f"a {what} is named twice")
    return indices
