"""What the interval, scheduling and code families share: strict parsers for their answers.

Answers are either a value and a witness list (``7: 1, 4, 9``: a count, a weight or a profit,
a colon, then item numbers) or a list of intervals (``[1, 4], [6, 9]``). Every parser takes
the whole answer text, raises :class:`AnswerError` (whose message says what is wrong) when
the text is not exactly that syntax, and never evaluates anything.
"""

from __future__ import annotations

import re

from rlvr_envs.families.shared.answer_parsing import AnswerError
from rlvr_envs.numbers import normalise, parse_integer

MAX_ITEMS = 500

_VALUE_HEAD = re.compile(r"\s*(?:[A-Za-z][A-Za-z ]{0,30}=\s*)?([-+]?[0-9]+)\s*:(.*)\Z", re.S)
_ITEM = re.compile(r"#?([0-9]{1,6})")
_INTERVAL = re.compile(r"[\[(]\s*([-+]?[0-9]{1,9})\s*,\s*([-+]?[0-9]{1,9})\s*[\])]")
_BETWEEN = re.compile(r"\s*[,;]?\s*")
_BLANK = re.compile(r"\s*")
_LIST_SEPARATOR = re.compile(r"\s*[,;]\s*|\s+")
_CLOSERS = {"[": "]", "(": ")", "{": "}"}


def unwrap(text: str) -> str:
    """``text`` stripped, without one matching pair of outer brackets if it has one. An
    unmatched bracket stays (and then fails the caller's parse): ``[3, 4`` is not a list."""
    text = text.strip()
    if text[:1] in _CLOSERS and text[-1:] == _CLOSERS[text[0]]:
        return text[1:-1].strip()
    return text


def split_list(text: str) -> list[str]:
    """Entries separated by one comma (or semicolon), or by whitespace. An empty entry (two
    commas in a row, a comma at either end) is an error: in a schedule it could stand for an
    idle slot, so it is never silently dropped."""
    text = text.strip()
    if not text:
        return []
    parts = _LIST_SEPARATOR.split(text)
    if len(parts) > MAX_ITEMS:
        raise AnswerError("too many entries")
    if not all(parts):
        raise AnswerError("an empty entry (two commas in a row, or a comma at an end)")
    return parts


def parse_value_and_items(text: str, *, empty: bool = False) -> tuple[int, list[int]]:
    """``V: a, b, c`` -> (V, [a, b, c]); items separated by commas or spaces, each an item
    number (``#3`` also reads as 3). ``empty`` allows no items (``0:`` or ``0: none``)."""
    text = normalise(text)
    match = _VALUE_HEAD.match(text)
    if not match:
        raise AnswerError("expected a value, a colon, then item numbers (e.g. 3: 1, 4, 7)")
    value = parse_integer(match.group(1))
    if value is None:
        raise AnswerError("the value is not an integer")
    rest = unwrap(match.group(2).strip().removesuffix("."))
    if rest.lower() in ("", "none", "nothing", "-"):
        if not empty:
            raise AnswerError("no item numbers after the colon")
        return value, []
    return value, parse_items(rest)


def parse_items(text: str) -> list[int]:
    """Item numbers separated by commas or whitespace (``1, 4, 7`` or ``1 4 7``)."""
    items = []
    for part in split_list(text):
        match = _ITEM.fullmatch(part)
        if not match:
            raise AnswerError(f"{part!r} is not an item number")
        items.append(int(match.group(1)))
    return items


def parse_intervals(text: str) -> list[tuple[int, int]]:
    """``[1, 4], [6, 9]`` (or with parentheses, or inside one pair of outer brackets) ->
    [(1, 4), (6, 9)]; between two intervals stands at most one comma or semicolon (and
    spaces), before the first and after the last only spaces."""
    text = normalise(text).strip()
    if (text[:2], text[-2:]) in (("[[", "]]"), ("((", "))")):
        text = text[1:-1].strip()
    found = []
    position = 0
    for match in _INTERVAL.finditer(text):
        gap = _BETWEEN if found else _BLANK
        if not gap.fullmatch(text, position, match.start()):
            raise AnswerError(f"unexpected text {text[position : match.start()][:40]!r}")
        found.append((int(match.group(1)), int(match.group(2))))
        position = match.end()
        if len(found) > MAX_ITEMS:
            raise AnswerError("too many intervals")
    if not _BLANK.fullmatch(text, position, len(text)):
        raise AnswerError(f"unexpected text {text[position:][:40]!r}")
    if not found:
        raise AnswerError("expected intervals written [start, end]")
    return found


def write_intervals(intervals) -> str:
    return ", ".join(f"[{a}, {b}]" for a, b in intervals)


def merge(intervals) -> list[list[int]]:
    """Closed intervals merged where they overlap or touch, sorted by start (sort and sweep)."""
    merged: list[list[int]] = []
    for start, end in sorted(intervals):
        if merged and start <= merged[-1][1]:
            if end > merged[-1][1]:
                merged[-1][1] = end
        else:
            merged.append([start, end])
    return merged
