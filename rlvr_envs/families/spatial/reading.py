"""Strict answer parsers the spatial families share: integers, words and grid lines."""

from __future__ import annotations

import re

from rlvr_envs.families.shared.answer_parsing import AnswerError
from rlvr_envs.numbers import normalise, parse_integer

_SEPARATOR = re.compile(r"\s*[,;]\s*|\s+")


def read_integers(answer: str, count: int | None = None) -> list[int]:
    """Integers separated by commas, semicolons or spaces (exactly ``count`` when given)."""
    parts = [p for p in _SEPARATOR.split(normalise(answer).strip()) if p]
    values = [parse_integer(p) for p in parts]
    if not parts or any(v is None for v in values):
        raise AnswerError("expected integers separated by commas or spaces")
    if count is not None and len(values) != count:
        raise AnswerError(f"expected exactly {count} integers, got {len(values)}")
    return [int(v) for v in values]


def read_words(answer: str, allowed: set[str], count: int | None = None) -> list[str]:
    """Words separated by commas, semicolons or spaces, each one of ``allowed`` (any case)."""
    parts = [p.lower() for p in _SEPARATOR.split(normalise(answer).strip()) if p]
    if not parts:
        raise AnswerError("the answer is empty")
    bad = next((p for p in parts if p not in allowed), None)
    if bad is not None:
        raise AnswerError(f"{bad[:40]!r} is not one of the stated words")
    if count is not None and len(parts) != count:
        raise AnswerError(f"expected exactly {count} words, got {len(parts)}")
    return parts


def read_grid(answer: str, rows: int, cols: int, alphabet: str) -> list[str]:
    """``rows`` lines of ``cols`` characters from ``alphabet`` (spaces between cells allowed)."""
    lines = [line.replace(" ", "") for line in answer.strip().splitlines() if line.strip()]
    if len(lines) != rows:
        raise AnswerError(f"expected {rows} lines, got {len(lines)}")
    for line in lines:
        if len(line) != cols or any(c not in alphabet for c in line):
            raise AnswerError(f"expected lines of {cols} characters from {alphabet!r}")
    return lines
