"""Strict readers of the data families' answers, and the writers of the reference answers.

Each reader takes an answer after the front end (docs/answers.md) and raises
:class:`AnswerError` on anything outside the stated syntax; none evaluates text, and each is
linear in the answer's length. Numbers follow :mod:`rlvr_envs.numbers` (``−5`` is ``-5``).

* an **exact number** is an integer, a fraction ``p/q`` in lowest terms (``q > 1``) or a
  finite decimal with exactly that value (``7/2`` or ``3.5``; never a rounded ``0.33``);
* a **clock time** is ``HH:MM`` on the 24-hour clock (``9:05`` and ``09:05`` alike);
* a **date-time** is ``YYYY-MM-DD HH:MM``; a **date** is ``YYYY-MM-DD``.
"""

from __future__ import annotations

import datetime as dt
import re
from fractions import Fraction

from rlvr_envs.families.shared.answer_parsing import AnswerError
from rlvr_envs.numbers import normalise, parse_decimal, parse_integer

MAX_ITEMS = 2_000
_FRACTION = re.compile(r"([-+]?)(\d{1,12})\s*/\s*(\d{1,12})")
_CLOCK = re.compile(r"(\d{1,2}):(\d{2})")
_DATE = re.compile(r"(\d{4})-(\d{2})-(\d{2})")
_DATETIME = re.compile(r"(\d{4})-(\d{2})-(\d{2})[ T](\d{1,2}):(\d{2})")


def split_items(answer: str, separator: str = ",") -> list[str]:
    """The answer's items between ``separator``, stripped; an empty item is an error."""
    items = [item.strip() for item in normalise(answer).split(separator, MAX_ITEMS)]
    if len(items) > MAX_ITEMS:
        raise AnswerError("too many items")
    if not all(items):
        raise AnswerError(f"an empty item between {separator!r} separators")
    return items


def read_int(text: str) -> int:
    value = parse_integer(text)
    if value is None:
        raise AnswerError(f"{text[:40]!r} is not an integer")
    return value


def read_exact(text: str) -> Fraction:
    """An integer, ``p/q`` in lowest terms or a finite decimal, as an exact value."""
    text = normalise(text).strip()
    match = _FRACTION.fullmatch(text)
    if match:
        p, q = int(match[2]), int(match[3])
        if q < 2 or Fraction(p, q).denominator != q:
            raise AnswerError(f"{text[:40]!r} is not a fraction in lowest terms")
        return Fraction(-p if match[1] == "-" else p, q)
    value = parse_decimal(text)
    if value is None:
        raise AnswerError(f"{text[:40]!r} is not a number")
    return value


def exact_text(value: Fraction) -> str:
    """``7/2``, ``-3`` or ``0``: an exact value as the reference answers write it."""
    value = Fraction(value)
    return (
        str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    )


def read_clock(text: str) -> int:
    """``HH:MM`` -> minutes after midnight."""
    match = _CLOCK.fullmatch(normalise(text).strip())
    if not match or int(match[1]) > 23 or int(match[2]) > 59:
        raise AnswerError(f"{text[:40]!r} is not a time HH:MM")
    return int(match[1]) * 60 + int(match[2])


def clock_text(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def read_date(text: str) -> dt.date:
    match = _DATE.fullmatch(normalise(text).strip())
    try:
        return dt.date(int(match[1]), int(match[2]), int(match[3]))  # type: ignore[index]
    except (TypeError, ValueError):
        raise AnswerError(f"{text[:40]!r} is not a date YYYY-MM-DD") from None


def read_datetime(text: str) -> dt.datetime:
    match = _DATETIME.fullmatch(normalise(text).strip())
    try:
        return dt.datetime(*(int(match[i]) for i in range(1, 6)))  # type: ignore[index]
    except (TypeError, ValueError):
        raise AnswerError(f"{text[:40]!r} is not a date and time YYYY-MM-DD HH:MM") from None
