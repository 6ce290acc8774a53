"""ProduceDiff: write a minimal line diff from one file to another, checked by applying it.

Two files of generated lines, the second an edit of the first. The answer is a diff in a
stated line format covering the whole of both files: ``= line`` keeps the next source line,
``- line`` deletes it, ``+ line`` inserts a line. The check applies it (every ``=`` and
``-`` line must equal the next unread source line, and the whole source must be read), the
result must be the second file, and the number of ``-`` and ``+`` lines must be the fewest
possible: len(source) + len(target) - 2 * (longest common subsequence of lines). Any such
diff scores 1 (there are often several); a valid but longer one scores 0 (``score``: the
fewest changes over its changes).

Answer syntax: the diff, one marked line per line (``= ``, ``- `` or ``+ `` then the line).

Knobs: ``lines`` (lines of the source, 5 -> 25) and ``edits`` (1 -> 6). Difficulty raises
both.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.strings.diffs import edit, lcs_length, make_file, minimal_diff
from rlvr_envs.families.strings.text import AnswerError, read_lines


def apply_marked(source: list[str], diff: list[str]) -> list[str] | None:
    """The file the diff gives, or None where it does not fit the source."""
    out, i = [], 0
    for line in diff:
        mark, text = line[:2], " ".join(line[2:].split())
        if mark == "+ ":
            out.append(text)
            continue
        if i >= len(source) or source[i] != text:
            return None
        if mark == "= ":
            out.append(text)
        i += 1
    return out if i == len(source) else None


class ProduceDiff(Family):
    """A minimal diff between two files, judged by applying it."""

    knobs: ClassVar[dict[str, Knob]] = {
        "lines": Knob("int", 4, 40, default=8, easy=5, hard=25, doc="lines of the source"),
        "edits": Knob("int", 1, 8, default=2, easy=1, hard=6, doc="line edits between files"),
    }
    answer_syntax = (
        "the diff, one line per line: '= ' and the line to keep it, '- ' and the line to "
        "delete it, '+ ' and the line to insert it"
    )
    answer_form = "a marked line diff"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, m = int(knobs["lines"]), int(knobs["edits"])
        source = make_file(rng, n)
        target = source
        while target == source:
            target = edit(rng, source, m)
        changes = len(source) + len(target) - 2 * lcs_length(source, target)
        question = (
            "Old file:\n```\n"
            + "\n".join(source)
            + "\n```\n\nNew file:\n```\n"
            + "\n".join(target)
            + "\n```\n\n"
            "Write a diff that turns the old file into the new one, going through the old "
            "file from top to bottom: '= ' followed by the line keeps the next old line, "
            "'- ' followed by the line deletes it, and '+ ' followed by a line inserts that "
            "line. Every old line must be kept or deleted, in order. Use as few '-' and '+' "
            "lines as possible."
        )
        meta = {"source": source, "target": target, "changes": changes}
        return Draft(question, "\n".join(minimal_diff(source, target)), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            lines = read_lines(answer)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if not all(line[:2] in ("= ", "- ", "+ ") for line in lines):
            return Judgement.unparsable("every line must start with '= ', '- ' or '+ '")
        if apply_marked(problem.meta["source"], lines) != problem.meta["target"]:
            return Judgement.wrong(why="applied to the old file, it does not give the new one")
        changes = sum(line[0] != "=" for line in lines)
        best = problem.meta["changes"]
        if changes != best:
            return Judgement.wrong(score=best / changes, why="not the fewest changes")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Lines of both files plus changes."""
        meta = problem.meta
        return len(meta["source"]) + len(meta["target"]) + 3 * meta["changes"]
