"""What the record-processing families share (SpreadsheetEvaluation, LedgerSimulation,
CompositeSort, TopKFrequency): names to draw from and strict readers of the two answer
shapes they use.

* ``key = value`` pairs (``C3 = 17, D1 = -4``; ``Alice: 120; Bob: 45``): :func:`read_pairs`.
  Each pair is a key, ``=`` or ``:``, and an integer literal (:mod:`rlvr_envs.numbers`
  syntax); pairs are separated by commas, semicolons, new lines or spaces; the whole answer may
  sit in one pair of brackets or braces and keys may be quoted (``{"apple": 5}``). Anything
  else (a hedge ``17 or 18``, trailing words, a key twice) is an :class:`AnswerError`.
* lists of names (``Ann, Bob, Cid``): :func:`read_names`, separated by commas, semicolons,
  new lines or spaces, optionally in brackets and quoted; a numbered list (``1. Ann``, one
  name a line) is read as its names.

Both readers take list markers before items: numbers (``1.`` or ``1)``), which must then
number every item 1, 2, 3, ... in the order written (so ``2. Bob 1. Ann`` is not read as
``Bob, Ann``), or bullets (``-``, ``*``) at the start of a line.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from rlvr_envs.families.shared.answer_parsing import AnswerError
from rlvr_envs.numbers import UNSIGNED_INTEGER, normalise, parse_integer

PEOPLE = [
    "Abel",
    "Ada",
    "Alma",
    "Amir",
    "Ana",
    "Anton",
    "Aria",
    "Axel",
    "Bea",
    "Ben",
    "Boris",
    "Cara",
    "Cid",
    "Clara",
    "Cole",
    "Dana",
    "Dev",
    "Dina",
    "Eli",
    "Ella",
    "Emil",
    "Enzo",
    "Eva",
    "Ezra",
    "Fay",
    "Felix",
    "Finn",
    "Gia",
    "Gus",
    "Hana",
    "Hugo",
    "Ida",
    "Igor",
    "Ines",
    "Ira",
    "Ivan",
    "Jade",
    "Jon",
    "Juno",
    "Kai",
    "Kira",
    "Lena",
    "Leo",
    "Lina",
    "Luca",
    "Mae",
    "Mara",
    "Milo",
    "Mina",
    "Nia",
    "Nico",
    "Nora",
    "Omar",
    "Otto",
    "Pia",
    "Quin",
    "Raj",
    "Remy",
    "Rosa",
    "Rui",
    "Sami",
    "Sara",
    "Tess",
    "Theo",
    "Uma",
    "Vera",
    "Wade",
    "Yara",
    "Yuri",
    "Zane",
    "Zoe",
]
"""Distinct one-word names (capitalised, letters only)."""

MAX_ITEMS = 200

_OPEN_CLOSE = {"[": "]", "{": "}", "(": ")"}
_SEPARATOR = re.compile(r"\s*(?:[,;\n]\s*(?:and\s+)?|\s+and\s+|\s+|$)")


_MARKER = re.compile(r"(?:(?P<number>[0-9]{1,3})[.)]\s*|(?P<bullet>[-*\u2022])\s+)")


class _Markers:
    """List markers before items: numbers 1, 2, 3, ... on every item or on none; bullets
    only at the start of a line."""

    def __init__(self) -> None:
        self.numbered: list[bool] = []

    def skip(self, text: str, position: int, line_start: bool) -> int:
        match = _MARKER.match(text, position)
        if match is None or (match["bullet"] and not line_start):
            self.numbered.append(False)
            return position
        if match["number"] is not None:
            if int(match["number"]) != len(self.numbered) + 1:
                raise AnswerError(f"item {len(self.numbered) + 1} is numbered {match['number']}")
            self.numbered.append(True)
        else:
            self.numbered.append(False)
        return match.end()

    def finish(self) -> None:
        if any(self.numbered) and not all(self.numbered):
            raise AnswerError("some items are numbered and some are not")


def _strip_brackets(text: str) -> str:
    text = normalise(text).strip()
    if len(text) > 1 and text[0] == text[-1] == "`" and "`" not in text[1:-1]:
        text = text[1:-1].strip()
    if text.endswith("."):
        text = text[:-1].rstrip()
    if text and text[0] in _OPEN_CLOSE and text.endswith(_OPEN_CLOSE[text[0]]):
        text = text[1:-1].strip()
    return text


def _scan(
    answer: str, item: re.Pattern[str], expected: str, many: str, none: str
) -> Iterator[re.Match[str]]:
    """The matches of ``item`` in a list (brackets, list markers and separators allowed);
    ``expected``, ``many`` and ``none`` word the errors."""
    text = _strip_brackets(answer)
    markers = _Markers()
    position, line_start, count = 0, True, 0
    while position < len(text):
        position = markers.skip(text, position, line_start)
        match = item.match(text, position)
        if match is None:
            raise AnswerError(f"expected {expected} at {text[position : position + 20]!r}")
        count += 1
        if count > MAX_ITEMS:
            raise AnswerError(f"too many {many}")
        yield match
        gap = _SEPARATOR.match(text, match.end())
        if gap is None or (gap.end() == match.end() and gap.end() < len(text)):
            raise AnswerError(f"expected a separator at {text[match.end() : match.end() + 20]!r}")
        line_start = "\n" in gap.group()
        position = gap.end()
    markers.finish()
    if not count:
        raise AnswerError(f"no {none}")


def read_pairs(answer: str, key: str) -> list[tuple[str, int]]:
    """``[(key, value), ...]`` from ``k1 = v1, k2: v2`` where ``key`` is a regex source
    (no groups) for one key; keys are returned as written (callers normalise case)."""
    pair = re.compile(
        rf"(?P<q>[\"'`]?)(?P<key>{key})(?P=q)\s*[:=]\s*(?P<value>[-+]?{UNSIGNED_INTEGER})"
        r"(?![\w.])"
    )
    found: list[tuple[str, int]] = []
    for match in _scan(answer, pair, "'key = integer'", "pairs", "'key = integer' pairs"):
        value = parse_integer(match["value"])
        if value is None:
            raise AnswerError(f"{match['value']!r} is not an integer")
        found.append((match["key"], value))
    return found


_NAME = re.compile(r"(?P<q>[\"'`]?)(?P<name>[A-Za-z][A-Za-z'-]*)(?P=q)")


def read_names(answer: str) -> list[str]:
    """The names of a list ``Ann, Bob, Cid`` (or ``[Ann Bob Cid]``), as written."""
    return [m["name"] for m in _scan(answer, _NAME, "a name", "names", "names")]


def unique_keys(pairs: list[tuple[str, int]], fold=str.lower) -> dict[str, int]:
    """The pairs as a dict keyed by ``fold(key)``; a key given twice is an AnswerError."""
    out: dict[str, int] = {}
    for key, value in pairs:
        folded = fold(key)
        if folded in out:
            raise AnswerError(f"{key} is given twice")
        out[folded] = value
    return out
