"""ApplyDiff: the file a unified diff turns a source file into.

A source file of numbered lines and a unified diff of it (``@@ -a,b +c,d @@`` hunk headers;
lines starting with a space are context, ``-`` deleted, ``+`` inserted; one line of context,
as ``difflib.unified_diff`` writes it). The answer is the whole resulting file. It always
differs from the source, so nothing in the prompt can be copied as it.

Answer syntax: the resulting file, one line per line, without line numbers.

Knobs: ``lines`` (lines of the source, 5 -> 30) and ``edits`` (lines deleted, inserted or
replaced, 1 -> 6). Difficulty raises both.
"""

from __future__ import annotations

import difflib
import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.strings.diffs import edit, make_file
from rlvr_envs.families.strings.text import AnswerError, read_lines


class ApplyDiff(Family):
    """The result of applying a unified diff to a file."""

    knobs: ClassVar[dict[str, Knob]] = {
        "lines": Knob("int", 4, 40, default=8, easy=5, hard=30, doc="lines of the source"),
        "edits": Knob("int", 1, 8, default=2, easy=1, hard=6, doc="line edits in the diff"),
    }
    answer_syntax = "the whole resulting file, one line per line, without line numbers"
    answer_form = "lines of text"
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, m = int(knobs["lines"]), int(knobs["edits"])
        source = make_file(rng, n)
        target = source
        while target == source or len(target) < 2:
            target = edit(rng, source, m)
        diff = list(difflib.unified_diff(source, target, "a/notes.txt", "b/notes.txt", n=1,
                                         lineterm=""))  # fmt: skip
        numbered = "\n".join(f"{i:>3}  {line}" for i, line in enumerate(source, 1))
        question = (
            f"Source file (line numbers added for reference; they are not part of the file):\n"
            f"{numbered}\n\nUnified diff:\n```diff\n" + "\n".join(diff) + "\n```\n\n"
            "Apply the diff to the source file. Give the whole resulting file."
        )
        return Draft(question, "\n".join(target), {"source": source, "diff": diff})

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            lines = [" ".join(line.split()) for line in read_lines(answer)]
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        return Judgement.right() if lines == problem.answer.split("\n") else Judgement.wrong()

    def complexity(self, problem: Problem) -> float:
        """Source lines plus diff lines."""
        return len(problem.meta["source"]) + len(problem.meta["diff"])
