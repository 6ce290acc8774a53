"""What ``rlvr/LightsOut-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from tests.families.logic.helpers import DIFFICULTY, PERTURB, SEED, _gen, _score


# -- Lights Out --------------------------------------------------------------------------------
def _press(n: int, state: int, cells) -> int:
    for r, c in cells:
        for dr, dc in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)):
            if 0 <= r + dr < n and 0 <= c + dc < n:
                state ^= 1 << ((r + dr) * n + c + dc)
    return state


def _chase(n: int, state: int) -> list[list[tuple[int, int]]]:
    """Every solution by light chasing: try each first-row press set, then each row's
    presses are forced by the lights left on in the row above."""
    found = []
    for first in itertools.product((0, 1), repeat=n):
        presses = [(0, c) for c in range(n) if first[c]]
        current = _press(n, state, presses)
        for r in range(1, n):
            row = [(r, c) for c in range(n) if current >> ((r - 1) * n + c) & 1]
            presses += row
            current = _press(n, current, row)
        if current == 0:
            found.append(presses)
    return found


def test_lights_out_every_solution_scores_one():
    counts = set()
    for seed, size in itertools.product(range(4), (3, 4, 5)):
        problem = _gen("rlvr/LightsOut-v0", seed, size=size)
        solutions = _chase(size, problem.meta["state"])
        counts.add(len(solutions))
        assert min(len(s) for s in solutions) == problem.meta["fewest"]
        for presses in solutions:
            text = ", ".join(f"({r + 1}, {c + 1})" for r, c in reversed(presses))
            assert _score(problem, text).reward == 1.0
    assert max(counts) > 1  # 4x4 and 5x5 boards have several solutions


@PERTURB
@given(
    seed=SEED,
    difficulty=DIFFICULTY,
    extra=st.lists(st.tuples(st.integers(0, 7), st.integers(0, 7)), min_size=1, max_size=4),
)
def test_lights_out_verdict_equals_independent_replay(seed, difficulty, extra):
    problem = _gen("rlvr/LightsOut-v0", seed, difficulty)
    n = problem.meta["size"]
    presses = [tuple(int(x) - 1 for x in p.strip("()").split(",")) for p in problem.answer.split()]
    presses += [(r % n, c % n) for r, c in extra]
    verdict = _score(problem, " ".join(f"({r + 1},{c + 1})" for r, c in presses))
    assert verdict.correct == (_press(n, problem.meta["state"], presses) == 0)
