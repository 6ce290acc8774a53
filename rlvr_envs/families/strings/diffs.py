"""What the two diff families share: generated line files, edits and the minimal diff.

A file is a list of lines of two to four generated words. ``edit`` changes it by deleting,
inserting and replacing lines. :func:`minimal_diff` writes the marked line diff of
:class:`~rlvr_envs.families.strings.produce_diff.ProduceDiff` from a longest common
subsequence of lines (``= `` kept, ``- `` deleted, ``+ `` inserted).
"""

from __future__ import annotations

import random

from rlvr_envs.families.strings.text import make_word


def make_line(rng: random.Random) -> str:
    return " ".join(make_word(rng, 2, 7) for _ in range(rng.randint(2, 4)))


def make_file(rng: random.Random, lines: int) -> list[str]:
    out: list[str] = []
    while len(out) < lines:
        line = make_line(rng)
        if line not in out:
            out.append(line)
    return out


def edit(rng: random.Random, source: list[str], edits: int) -> list[str]:
    """The source after ``edits`` random deletions, insertions and replacements."""
    target = list(source)
    for _ in range(edits):
        kind = rng.choice(("delete", "insert", "replace") if len(target) > 3 else ("insert",))
        i = rng.randrange(len(target))
        if kind == "delete":
            del target[i]
        elif kind == "insert":
            target.insert(i, make_line(rng))
        else:
            target[i] = make_line(rng)
    return target


def lcs_length(a: list[str], b: list[str]) -> int:
    return _table(a, b)[0][0]


def _table(a: list[str], b: list[str]) -> list[list[int]]:
    table = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) - 1, -1, -1):
        for j in range(len(b) - 1, -1, -1):
            table[i][j] = (
                table[i + 1][j + 1] + 1 if a[i] == b[j] else max(table[i + 1][j], table[i][j + 1])
            )
    return table


def minimal_diff(a: list[str], b: list[str]) -> list[str]:
    table = _table(a, b)
    out, i, j = [], 0, 0
    while i < len(a) or j < len(b):
        if i < len(a) and j < len(b) and a[i] == b[j]:
            out.append(f"= {a[i]}")
            i, j = i + 1, j + 1
        elif j < len(b) and (i == len(a) or table[i][j + 1] >= table[i + 1][j]):
            out.append(f"+ {b[j]}")
            j += 1
        else:
            out.append(f"- {a[i]}")
            i += 1
    return out
