"""What the enumeration and bits families (PermutationRank, KthCombination, Josephus,
BitManipulation) share: strict parsers for their answers and a few counting helpers.

Parsers return a value or raise :class:`AnswerError` with a reason; callers turn that into
``Judgement.unparsable``. Nothing here evaluates model text.
"""

from __future__ import annotations

import re
from math import factorial

from rlvr_envs.families.shared.answer_parsing import AnswerError
from rlvr_envs.numbers import normalise, parse_integer

MAX_ITEMS = 200
_NUMBER_IN_TEXT = re.compile(r"\d+")
_BRACKETS = {"[": "]", "(": ")", "{": "}", "<": ">"}
_SEPARATOR = re.compile(r"\s*,\s*|\s+")
_DIGITS = re.compile(r"[0-9]+")


def strip_period(text: str) -> str:
    """``text`` without surrounding spaces and one sentence-ending full stop (``19.``)."""
    text = text.strip()
    return text[:-1].rstrip() if text.endswith(".") else text


def read_integer(text: str) -> int:
    """One integer literal (``rlvr_envs.numbers`` syntax), nothing else; a full stop after
    it is allowed (``19.``), a decimal point with digits is not."""
    value = parse_integer(strip_period(normalise(text)))
    if value is None:
        raise AnswerError("expected a single integer")
    return value


def read_sequence(text: str) -> list[int]:
    """Non-negative integers separated by spaces or commas, optionally in one pair of
    brackets: ``3 1 2``, ``3, 1, 2``, ``[3, 1, 2]``, ``(3 1 2)``; a full stop may end it."""
    text = strip_period(normalise(text))
    if text[:1] in _BRACKETS:
        if text[-1:] != _BRACKETS[text[0]]:
            raise AnswerError("unbalanced brackets")
        text = text[1:-1].strip()
    if not text:
        raise AnswerError("no numbers")
    parts = _SEPARATOR.split(text)
    if len(parts) > MAX_ITEMS:
        raise AnswerError("too many numbers")
    if not all(_DIGITS.fullmatch(part) for part in parts):
        raise AnswerError("expected whole numbers separated by spaces or commas")
    return [int(part) for part in parts]


def numbers_in(text: str) -> set[int]:
    """Every run of digits in ``text`` as an integer (for redrawing echoable answers)."""
    return {int(m) for m in _NUMBER_IN_TEXT.findall(text)}


def multiset_count(counts: dict[int, int] | list[int]) -> int:
    """Distinct arrangements of a multiset with these multiplicities."""
    values = counts.values() if isinstance(counts, dict) else counts
    total = factorial(sum(values))
    for c in values:
        total //= factorial(c)
    return total
