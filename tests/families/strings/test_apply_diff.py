"""What ``rlvr/ApplyDiff-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import re

from tests.families.strings.helpers import _gen, _score

ENV = "rlvr/ApplyDiff-v0"
_HUNK = re.compile(r"@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")


def _patch(source, diff):
    """Apply a unified diff hunk by hunk, checking every context and deleted line."""
    out, i = [], 0
    for line in diff[2:]:
        hunk = _HUNK.match(line)
        if hunk:
            start = int(hunk.group(1)) - (hunk.group(2) != "0")
            out += source[i:start]
            i = start
        elif line[0] == "+":
            out.append(line[1:])
        else:
            assert source[i] == line[1:]
            if line[0] == " ":
                out.append(line[1:])
            i += 1
    return out + source[i:]


def test_answers_match_an_independent_patcher():
    for seed in range(30):
        problem = _gen(ENV, seed, seed / 29)
        result = _patch(problem.meta["source"], problem.meta["diff"])
        assert problem.answer == "\n".join(result)
        assert _score(problem, "\n".join(line + " " for line in result)) == 1.0
        assert _score(problem, "\n".join(problem.meta["source"])) == 0.0
        assert _score(problem, "\n".join(result[:-1])) == 0.0
        assert _score(problem, "\n".join(f"{i}  {x}" for i, x in enumerate(result, 1))) == 0.0
