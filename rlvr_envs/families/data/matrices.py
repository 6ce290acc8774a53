"""What the matrix families share: a strict reader of a matrix written row by row, and the
matrix's text for prompts and answers.

A matrix is written one row per line (or rows separated by ``;``), values separated by
commas: ``3, 5\\n7, 1`` or ``3, 5; 7, 1``; the bracketed ``[[3, 5], [7, 1]]`` is read too.
Values are exact numbers (:func:`rlvr_envs.families.data.readers.read_exact`).
"""

from __future__ import annotations

import re
from fractions import Fraction

from rlvr_envs.families.data.readers import AnswerError, exact_text, read_exact, split_items

_ROW_BREAK = re.compile(r"\]\s*,\s*\[")


def matrix_text(rows: list[list[Fraction]] | list[list[int]]) -> str:
    return "\n".join(", ".join(exact_text(Fraction(v)) for v in row) for row in rows)


def read_matrix(answer: str) -> list[list[Fraction]]:
    text = answer.strip()
    if text.startswith("[[") and text.endswith("]]"):
        lines = _ROW_BREAK.split(text[2:-2])
    else:
        lines = [line for line in re.split(r"\n|;", text) if line.strip()]
    if not lines or len(lines) > 200:
        raise AnswerError("expected rows of numbers")
    rows = [[read_exact(v) for v in split_items(line)] for line in lines]
    if len({len(r) for r in rows}) != 1:
        raise AnswerError("the rows have different lengths")
    return rows
