"""What ``rlvr/RotationCheck-v0`` must do beyond the generic family contract."""

from __future__ import annotations

from collections import deque

from hypothesis import given
from hypothesis import strategies as st

from tests.families.strings.helpers import _gen, _score

ENV = "rlvr/RotationCheck-v0"


def _amounts(candidate, target):
    """Every left rotation that works, by rotating a deque step by step."""
    d, out = deque(candidate), []
    for k in range(len(candidate)):
        if "".join(d) == target and k:
            out.append(k)
        d.rotate(-1)
    return out


def test_exactly_one_candidate_and_amount_work():
    for seed in range(25):
        problem = _gen(ENV, seed, seed / 24)
        target, candidates = problem.meta["target"], problem.meta["candidates"]
        working = [(i, k) for i, c in enumerate(candidates) for k in _amounts(c, target)]
        assert len(working) == 1
        (i, k), letter = working[0], "ABCDEFGH"[working[0][0]]
        assert problem.answer == f"{letter} {k}"
        for right in (f"{letter} {k}", f"{letter.lower()} {k}", f"{letter}, {k}"):
            assert _score(problem, right) == 1.0
        n = len(target)
        mirror = f"{letter} {n - k}" if 2 * k != n else f"{letter} {k + 1}"
        other = f"{'ABCDEFGH'[(i + 1) % len(candidates)]} {k}"
        for wrong in (mirror, f"{letter} {k + n}", f"{letter} 0", f"{k}", other):
            assert _score(problem, wrong) == 0.0, wrong


@given(seed=st.integers(0, 10**6), index=st.integers(0, 5), k=st.integers(0, 40))
def test_an_answer_scores_exactly_when_it_rotates_into_the_target(seed, index, k):
    problem = _gen(ENV, seed, 0.6)
    candidates, target = problem.meta["candidates"], problem.meta["target"]
    valid = index < len(candidates) and k in _amounts(candidates[index], target)
    assert _score(problem, f"{'ABCDEF'[index]} {k}") == float(valid)
