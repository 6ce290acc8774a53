"""TextJustification: fully justify words to a width, greedily, exactly.

Words are packed greedily: each line takes as many words as fit in ``width`` characters
with one space between them. Every line but the last is then padded to exactly ``width``
by widening its gaps, as evenly as possible, the leftmost gaps getting the extra spaces; a
line with one word is the word alone. The last line keeps single spaces. No line has
trailing spaces. The check compares line by line (trailing whitespace ignored), so the
answer is unique.

Answer syntax: the lines, one per line.

Knobs: ``words`` (6 -> 40; where that many words fit on one line, words are added until
they make two) and ``width`` (characters per line, 30 -> 14: narrower lines
mean more lines and wider gaps). Difficulty raises both.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.strings.text import AnswerError, make_word, read_lines


def justify(words: list[str], width: int) -> list[str]:
    lines: list[list[str]] = [[]]
    for word in words:
        current = lines[-1]
        if current and sum(map(len, current)) + len(current) + len(word) > width:
            lines.append([word])
        else:
            current.append(word)
    out = []
    for line in lines[:-1]:
        if len(line) == 1:
            out.append(line[0])
            continue
        gaps, spaces = len(line) - 1, width - sum(map(len, line))
        widths = [spaces // gaps + (i < spaces % gaps) for i in range(gaps)]
        out.append("".join(w + " " * g for w, g in zip(line, [*widths, 0])))
    out.append(" ".join(lines[-1]))
    return out


class TextJustification(Family):
    """Greedy full justification of words to a line width."""

    knobs: ClassVar[dict[str, Knob]] = {
        "words": Knob("int", 4, 60, default=12, easy=6, hard=40, doc="words of text"),
        "width": Knob("int", 12, 40, default=24, easy=30, hard=14, doc="characters per line"),
    }
    answer_syntax = "the justified lines, one per line, spaces exactly as the rules give them"
    answer_form = "lines of text"
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, width = int(knobs["words"]), int(knobs["width"])
        longest = min(9, width - 2)
        for attempt in range(1000):
            if attempt and attempt % 10 == 0:
                n += 1  # a few short words fit on one line: add words until they do not
            words = [make_word(rng, 2, longest) for _ in range(n)]
            lines = justify(words, width)
            if len(lines) >= 2:
                break
        question = (
            f"Words, in order (separated by commas here):\n{', '.join(words)}\n\n"
            f"Justify these words to a width of {width} characters. Fill the lines greedily: "
            "each line takes as many of the next words "
            f"as fit within {width} characters with one space between words. Then pad every "
            f"line except the last to exactly {width} characters by adding spaces between its "
            "words, as evenly as possible; where the spaces do not divide evenly, the gaps on "
            "the left get one more than those on the right. A line with a single word is that "
            "word alone. The last line keeps single spaces. No line ends with spaces."
        )
        return Draft(question, "\n".join(lines), {"words": words, "width": width})

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            lines = read_lines(answer)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        expected = problem.answer.split("\n")
        if [line.split() for line in lines] != [line.split() for line in expected]:
            return Judgement.wrong(why="not the greedy lines")
        return Judgement.right() if lines == expected else Judgement.wrong(why="spacing")

    def complexity(self, problem: Problem) -> float:
        """Gaps to fill: words plus lines."""
        return len(problem.meta["words"]) + problem.answer.count("\n") * 3
