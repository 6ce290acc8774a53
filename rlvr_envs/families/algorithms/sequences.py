"""What the sequence and dynamic-programming families share: reading ``label value; witness``
answers strictly.

An answer of these families is a head, ``label N`` (the label optional, ``:``, ``=`` or ``is``
allowed after it), then a semicolon or a new line, then the witness. Index lists are 1-based
positions separated by commas and/or spaces, optionally inside one pair of brackets and
after a label such as ``indices``. Nothing here evaluates model text; every function raises
:class:`AnswerError` (a ValueError) on text it cannot read.
"""

from __future__ import annotations

import itertools
import re

from rlvr_envs.families.shared.answer_parsing import AnswerError
from rlvr_envs.numbers import normalise, parse_integer

MAX_ITEMS = 1_000


# Labels are words separated by blanks; no two blank runs can trade characters, so these
# patterns run in linear time on hostile text (an earlier lazy "[a-z ]*?" did not).
_WORDS = r"[a-z]+(?:[ \t]+[a-z]+)*"
_HEAD = re.compile(rf"(?:({_WORDS})[ \t]*(?:[:=][ \t]*)?)?([-+]?[0-9]+)", re.IGNORECASE)
_LABEL = re.compile(
    rf"[ \t]*({_WORDS})[ \t]*(?::|=)[ \t]*"  # indices: / indices =
    rf"|[ \t]*({_WORDS})[ \t]+(?:is|are)[ \t]+"  # indices are
    r"|[ \t]*([a-z]+)[ \t]+(?=\S)",  # indices
    re.IGNORECASE,
)
_SEPARATOR = re.compile(r"[;\n]")
_BRACKETS = {"[": "]", "(": ")", "{": "}"}


def _label(words: str) -> str:
    """``Length  is`` -> ``length``: lower case, single spaces, a trailing ``is`` or ``are``
    dropped."""
    words = " ".join(words.lower().split())
    for verb in (" is", " are"):
        if words.endswith(verb):
            return words[: -len(verb)]
    return words


def read_head(answer: str, labels: tuple[str, ...]) -> tuple[int, str]:
    """``label N; rest`` -> (N, rest); the label, when written, must be one of ``labels``."""
    text = normalise(answer).strip()
    split = _SEPARATOR.search(text)
    if not split:
        raise AnswerError(f"expected '{labels[0]} N; ...' (a number, a semicolon, the witness)")
    head, rest = text[: split.start()].strip(), text[split.end() :].strip()
    if rest.endswith("."):  # a sentence's full stop is not part of the witness
        rest = rest[:-1].rstrip()
    match = _HEAD.fullmatch(head)
    if not match:
        raise AnswerError(f"expected '{labels[0]} N' before the semicolon, got {head[:40]!r}")
    label, number = match.groups()
    if label is not None and _label(label) not in labels:
        raise AnswerError(f"unknown label {label.strip()!r}; expected {labels[0]!r}")
    value = parse_integer(number)
    if value is None:
        raise AnswerError(f"{number[:40]!r} is not an integer")
    if not rest:
        raise AnswerError("the witness after the semicolon is missing")
    return value, rest


def strip_label(text: str, labels: tuple[str, ...]) -> str:
    """``text`` without a leading ``label:``, ``label =``, ``label is`` or ``label `` from
    ``labels``."""
    match = _LABEL.match(text)
    if match:
        colon, is_, bare = match.groups()
        word = _label(colon or is_ or bare)
        if word in labels:
            return text[match.end() :]
        if bare is None:
            raise AnswerError(f"unknown label {word[:40]!r}; expected {labels[0]!r}")
    return text


_QUOTES = {'"': '"', "'": "'", "`": "`", "\u201c": "\u201d", "\u2018": "\u2019"}


def unbracket(text: str) -> str:
    """``text`` without one enclosing pair of brackets or of quotes (``"ACAB"``, ``[1, 2]``)."""
    text = text.strip()
    if len(text) >= 2 and text[0] in _QUOTES and text.endswith(_QUOTES[text[0]]):
        text = text[1:-1].strip()
    if text and text[0] in _BRACKETS:
        if not text.endswith(_BRACKETS[text[0]]):
            raise AnswerError("an opening bracket is not closed")
        text = text[1:-1].strip()
    return text


def read_items(text: str) -> list[str]:
    """Items separated by commas and/or whitespace (at least one, none empty)."""
    text = unbracket(text)
    if text.endswith(","):  # one trailing comma is a slip, not an item
        text = text[:-1].rstrip()
    if not text:
        raise AnswerError("the witness is empty")
    items = re.split(r"\s*,\s*|\s+", text)
    if "" in items:
        raise AnswerError("an empty item between commas")
    if len(items) > MAX_ITEMS:
        raise AnswerError("the witness is far too long")
    return items


def read_indices(text: str, labels: tuple[str, ...] = ("indices", "positions")) -> list[int]:
    """1-based positions: ``indices 2, 5, 6``, ``[2 5 6]``, ``positions: 2,5,6``."""
    values = []
    for item in read_items(strip_label(text, labels)):
        value = parse_integer(item) if re.fullmatch(r"[0-9]+", item) else None
        if value is None:
            raise AnswerError(f"{item!r} is not a position (a whole number)")
        values.append(value)
    return values


def check_positions(indices: list[int], n: int) -> str | None:
    """Why ``indices`` are not strictly increasing 1-based positions of a length-n sequence."""
    for index in indices:
        if not 1 <= index <= n:
            return f"position {index} is outside 1..{n}"
    for a, b in itertools.pairwise(indices):
        if b <= a:
            return f"positions must be strictly increasing ({a} then {b})"
    return None
