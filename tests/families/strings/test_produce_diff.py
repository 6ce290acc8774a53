"""What ``rlvr/ProduceDiff-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import difflib

from hypothesis import given
from hypothesis import strategies as st

from tests.families.strings.helpers import _gen, _score

ENV = "rlvr/ProduceDiff-v0"


def _marked(source, target):
    """A diff from difflib's opcodes, marked in the family's syntax."""
    out = []
    matcher = difflib.SequenceMatcher(a=source, b=target, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            out += [f"= {x}" for x in source[i1:i2]]
        else:
            out += [f"- {x}" for x in source[i1:i2]] + [f"+ {x}" for x in target[j1:j2]]
    return out


def _fewest(source, target):
    """Fewest changes by memoised recursion over (i, j)."""
    table = {}
    for i in range(len(source), -1, -1):
        for j in range(len(target), -1, -1):
            if i == len(source) or j == len(target):
                table[i, j] = len(source) - i + len(target) - j
            elif source[i] == target[j]:
                table[i, j] = table[i + 1, j + 1]
            else:
                table[i, j] = 1 + min(table[i + 1, j], table[i, j + 1])
    return table[0, 0]


def test_other_minimum_diffs_score_one_and_longer_or_wrong_ones_fail():
    for seed in range(30):
        problem = _gen(ENV, seed, seed / 29)
        source, target = problem.meta["source"], problem.meta["target"]
        assert problem.meta["changes"] == _fewest(source, target)
        theirs = _marked(source, target)
        changes = sum(line[0] != "=" for line in theirs)
        assert _score(problem, "\n".join(theirs)) == float(changes == _fewest(source, target))
        everything = [f"- {x}" for x in source] + [f"+ {x}" for x in target]
        assert _score(problem, "\n".join(everything)) == float(
            len(everything) == problem.meta["changes"]
        )
        assert _score(problem, "\n".join(target)) == 0.0
        assert _score(problem, "\n".join(f"= {x}" for x in source)) == 0.0
        oracle = problem.answer.split("\n")
        assert _score(problem, "\n".join(oracle[:-1])) == 0.0


@given(seed=st.integers(0, 10**6), data=st.data())
def test_a_diff_scores_one_exactly_when_it_applies_and_is_minimal(seed, data):
    problem = _gen(ENV, seed, 0.3)
    source, target = problem.meta["source"], problem.meta["target"]
    lines = [f"{m} {x}" for x in source + target for m in "=-+"]
    diff = data.draw(st.lists(st.sampled_from(lines), max_size=len(source) + len(target) + 2))
    out, i, ok = [], 0, True
    for line in diff:
        mark, text = line[0], line[2:]
        if mark == "+":
            out.append(text)
        elif i < len(source) and source[i] == text:
            out += [text] if mark == "=" else []
            i += 1
        else:
            ok = False
    ok = ok and i == len(source) and out == target
    ok = ok and sum(line[0] != "=" for line in diff) == _fewest(source, target)
    assert _score(problem, "\n".join(diff) or "-") == float(ok)
