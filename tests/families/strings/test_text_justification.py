"""What ``rlvr/TextJustification-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import textwrap

from tests.families.strings.helpers import _gen, _score

ENV = "rlvr/TextJustification-v0"


def _justify(words, width):
    """textwrap's greedy lines, padded by adding one space at a time to the leftmost gap
    that has the fewest spaces."""
    lines = textwrap.wrap(" ".join(words), width, break_long_words=False)
    out = []
    for line in lines[:-1]:
        parts = line.split()
        if len(parts) == 1:
            out.append(parts[0])
            continue
        gaps = [1] * (len(parts) - 1)
        while sum(map(len, parts)) + sum(gaps) < width:
            gaps[gaps.index(min(gaps))] += 1
        out.append("".join(p + " " * g for p, g in zip(parts, [*gaps, 0])))
    return [*out, lines[-1]]


def test_answers_match_textwrap_and_left_heavy_padding():
    for seed in range(30):
        problem = _gen(ENV, seed, seed / 29)
        expected = _justify(problem.meta["words"], problem.meta["width"])
        assert problem.answer == "\n".join(expected)
        assert _score(problem, "\n".join(line + "  " for line in expected)) == 1.0
        assert _score(problem, "\n".join(" ".join(line.split()) for line in expected)) == float(
            all(len(line.split()) < 2 or " " * 2 not in line for line in expected[:-1])
        )
        assert _score(problem, " ".join(problem.meta["words"])) == 0.0
        right_heavy = [
            line if len(line.split()) < 3 else line[::-1].replace(" ", " ", 0)[::-1]
            for line in expected
        ]
        assert _score(problem, "\n".join(right_heavy)) == 1.0  # (unchanged lines)
        assert _score(problem, "\n".join(expected[:-1])) == 0.0
        stretched = [*expected[:-1], expected[-1].replace(" ", "  ")]
        assert _score(problem, "\n".join(stretched)) == float(" " not in expected[-1])
