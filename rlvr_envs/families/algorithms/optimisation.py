"""What the optimisation (O) families share: strict parsing of index and value lists.

Knapsack, CoinChange, SubsetSum and MatrixChainOrder answer with a value and a witness
(item numbers, coins, indices, a parenthesisation); the lists are parsed here, never with
``eval``: plain ASCII digits separated by commas, spaces or the word ``and``, optionally in
one pair of brackets.
"""

from __future__ import annotations

import re

from rlvr_envs.families.shared.answer_parsing import AnswerError
from rlvr_envs.numbers import normalise, parse_integer

MAX_ITEMS = 2_000
_SEP = re.compile(r"\s*(?:,|\band\b|\s)\s*")
_BRACKETS = {"[": "]", "{": "}", "(": ")"}


def strip_brackets(text: str) -> str:
    """``text`` without one pair of enclosing brackets (``[1, 2]`` -> ``1, 2``)."""
    text = text.strip()
    if len(text) >= 2 and _BRACKETS.get(text[0]) == text[-1]:
        return text[1:-1].strip()
    return text


def int_list(text: str, what: str = "numbers") -> list[int]:
    """Non-negative integers separated by commas, spaces or ``and``; empty text -> []."""
    text = strip_brackets(normalise(text)).rstrip(".").strip()
    if not text:
        return []
    parts = [p for p in _SEP.split(text) if p]
    if len(parts) > MAX_ITEMS:
        raise AnswerError(f"more than {MAX_ITEMS} {what}")
    values = []
    for part in parts:
        if not part.isascii() or not part.isdigit() or len(part) > 12:
            raise AnswerError(f"{part!r} is not one of the {what}")
        values.append(int(part))
    return values


_LABEL = re.compile(
    r"(?:(?:the|maximum|max|minimum|min|total|optimal|least|best|number\s+of)\s+)*"
    r"(?:value|cost|scalar\s+multiplications|multiplications)\s*(?:[:=]|\bis\b)?\s*",
    re.IGNORECASE,
)
_POSITIONS = re.compile(
    r"(?:positions?|indices|indexes|items?(?:\s+numbers)?)\s*(?:[:=]\s*)?", re.IGNORECASE
)


def head_value(text: str, unit: re.Pattern[str] | None = None) -> tuple[int, str]:
    """Split ``VALUE: REST`` (or ``VALUE; REST``) into the integer value and the rest.

    The value may carry a label (``value = 27: ...``, ``Value: 27; ...``, ``cost 4500; ...``)
    and, where the family passes a ``unit`` pattern, that unit after it
    (``4500 scalar multiplications: ...``).
    """
    text = normalise(text).strip()
    label = _LABEL.match(text)
    if label:
        text = text[label.end() :]
    match = re.search(r"[:;]", text)
    if match is None:
        raise AnswerError("expected the value, a colon and the witness")
    head, rest = text[: match.start()].strip(), text[match.end() :]
    if unit is not None:
        found = unit.search(head)
        if found and found.end() == len(head):
            head = head[: found.start()]
    value = parse_integer(head)
    if value is None:
        raise AnswerError(f"{head!r} is not a whole number")
    return value, rest.strip()


def drop_label(text: str) -> str:
    """``text`` without a leading ``positions:``, ``indices``, ``items`` label."""
    text = text.strip()
    label = _POSITIONS.match(text)
    return text[label.end() :] if label else text
