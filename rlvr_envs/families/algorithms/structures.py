"""What the data-structure simulation families (StackQueueSimulation, HeapSimulation,
ReversePolish, BracketRepair) share: strict readers of labelled integer lists.

An answer such as ``popped: 3, 7; final: 1, 4`` is a set of sections separated by
semicolons or new lines, each ``label: items`` (``=`` works for ``:``; a parenthetical
after the label, ``final (bottom to top): 1, 4``, is allowed); the items are
integers separated by commas or spaces, optionally inside one pair of brackets, or the word
``empty``/``none`` for an empty list. :func:`read_sections` raises :class:`AnswerError` with
what is wrong; the families turn it into ``Judgement.unparsable``.
"""

from __future__ import annotations

import re

from rlvr_envs.families.shared.answer_parsing import AnswerError
from rlvr_envs.numbers import normalise, parse_integer

__all__ = ["AnswerError", "read_int_list", "read_sections", "write_list"]

MAX_ITEMS = 500
_EMPTY = {"empty", "none", "nothing", "[]", "()", "{}", "-", "—"}
_BRACKETS = {"[": "]", "(": ")", "{": "}"}
# a label, optionally with a short parenthetical such as "final (bottom to top)"
_SECTION = re.compile(
    r"^\s*([A-Za-z][A-Za-z _-]*?)\s*(?:\([A-Za-z ,_-]{0,40}\)\s*)?[:=]\s*(.*?)\s*$", re.DOTALL
)


def write_list(values: list[int]) -> str:
    """The canonical written form: ``3, 7, 1`` (``empty`` for no items)."""
    return ", ".join(str(v) for v in values) if values else "empty"


def read_int_list(text: str, what: str = "list") -> list[int]:
    """Integers separated by commas or white space, optionally in one pair of brackets;
    ``empty``/``none`` is the empty list."""
    text = normalise(text).strip().rstrip(".")
    if text.lower() in _EMPTY:
        return []
    if text[:1] in _BRACKETS:
        if not text.endswith(_BRACKETS[text[0]]):
            raise AnswerError(f"unclosed bracket in the {what}")
        text = text[1:-1].strip()
        if not text:
            return []
    items = [t for t in re.split(r"\s*,\s*|\s+", text) if t]
    if not items:
        raise AnswerError(f"the {what} is empty; write 'empty' for no items")
    if len(items) > MAX_ITEMS:
        raise AnswerError(f"the {what} has more than {MAX_ITEMS} items")
    values = []
    for item in items:
        value = parse_integer(item)
        if value is None:
            raise AnswerError(f"{item[:20]!r} in the {what} is not an integer")
        values.append(value)
    return values


def read_sections(answer: str, labels: dict[str, tuple[str, ...]]) -> dict[str, str]:
    """The text of each labelled section of ``answer``.

    ``labels`` maps each section's key to the label spellings accepted for it (lower case);
    every key must appear exactly once and nothing else may.
    """
    text = normalise(answer).replace("*", "").replace("`", "").strip()  # markdown emphasis
    parts = [p for p in re.split(r"[;\n]", text) if p.strip()]
    found: dict[str, str] = {}
    for part in parts:
        match = _SECTION.match(part)
        if match is None:
            raise AnswerError(f"expected 'label: items' at {part.strip()[:30]!r}")
        label = " ".join(match.group(1).lower().replace("_", " ").split())
        key = next((k for k, names in labels.items() if label in names), None)
        if key is None:
            raise AnswerError(f"unknown section {label[:30]!r}")
        if key in found:
            raise AnswerError(f"section {key!r} appears twice")
        found[key] = match.group(2)
    missing = [k for k in labels if k not in found]
    if missing:
        raise AnswerError(f"missing section(s): {', '.join(missing)}")
    return found
