"""What the searching and queries families (TwoSum, KthSmallest, RangeQueries) share: strict
answer parsers, the echo guard and the prompt's list formatting.

Parsers return values or raise :class:`AnswerError` with a reason; callers turn that into
``Judgement.unparsable``. Nothing here evaluates model text.
"""

from __future__ import annotations

import re

from rlvr_envs.families.shared.answer_parsing import AnswerError
from rlvr_envs.numbers import normalise, parse_integer

MAX_ITEMS = 500
_BRACKETS = {"[": "]", "(": ")", "{": "}", "<": ">"}
_SEPARATOR = re.compile(r"\s*[,;]\s*|\s+")
_PLAIN_INTEGER = re.compile(r"[-+]?[0-9]{1,30}")
_SIGNED_IN_TEXT = re.compile(r"-?[0-9]+")


def read_integer(text: str) -> int:
    """One integer literal (``rlvr_envs.numbers`` syntax, ``x = `` prefix allowed), nothing
    else."""
    text = normalise(text).strip()
    text = re.sub(r"^[A-Za-z]\s*=\s*", "", text)
    value = parse_integer(text)
    if value is None:
        raise AnswerError("expected a single integer")
    return value


def read_integers(text: str, names: str = "") -> list[int]:
    """Integers separated by commas, semicolons or whitespace, optionally inside one pair of
    brackets: ``3, 7``, ``[3, 7]``, ``(3 7)``. Each item is a plain signed integer (no
    thousands separators); where ``names`` is given each item may carry a ``name =`` prefix
    with one of those letters (``i = 3, j = 7``)."""
    text = normalise(text).strip()
    if text[:1] in _BRACKETS:
        if text[-1:] != _BRACKETS[text[0]]:
            raise AnswerError("unbalanced brackets")
        text = text[1:-1].strip()
    if names:
        text = re.sub(rf"(?<![A-Za-z0-9_])[{names}]\s*=\s*", "", text)
    if not text:
        raise AnswerError("no numbers")
    parts = _SEPARATOR.split(text)
    if len(parts) > MAX_ITEMS:
        raise AnswerError("too many numbers")
    if not all(_PLAIN_INTEGER.fullmatch(part) for part in parts):
        raise AnswerError("expected integers separated by commas")
    return [int(part) for part in parts]


def numbers_in(text: str) -> set[int]:
    """Every integer written in ``text`` (with its minus sign), for redrawing echoable
    answers; unsigned values are included too, so ``-5`` also blocks ``5``."""
    found = {int(m) for m in _SIGNED_IN_TEXT.findall(text)}
    return found | {abs(v) for v in found}


def show_list(values: list[int]) -> str:
    """The list as the prompts write it: ``[12, -5, 7]``."""
    return "[" + ", ".join(map(str, values)) + "]"


def ordinal(i: int) -> str:
    suffix = "th" if 10 <= i % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(i % 10, "th")
    return f"{i}{suffix}"
