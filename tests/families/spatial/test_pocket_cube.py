"""What ``rlvr/PocketCube-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import pytest

from rlvr_envs.families.spatial import pocket_cube as cube
from tests.families.spatial.helpers import _gen, _score

ENV = "rlvr/PocketCube-v0"


def test_the_move_geometry_gives_the_known_distance_counts():
    """Positions at 0..5 face turns from solved in the half-turn metric are 1, 9, 54, 321,
    1847, 9992 (the published distribution of the 2x2x2 cube), and R U R' U' has order 6."""
    depths = [d for d, _ in cube.table().values()]
    assert [depths.count(d) for d in range(6)] == [1, 9, 54, 321, 1847, 9992]
    state, solved = cube.solved_state(), cube.solved_state()
    for k in range(1, 7):
        for move in ("R", "U", "R'", "U'"):
            state = cube.apply(state, move)
        assert (state == solved) == (k == 6)


def _plain_distance(state, limit=4):
    """Breadth-first search over all 18 face turns (independent of the meet in the middle)."""
    frontier, seen = [state], {state}
    for depth in range(limit + 1):
        if any(cube.is_solved(s) for s in frontier):
            return depth
        frontier = [
            c for s in frontier for m in cube.moves() if (c := cube.apply(s, m)) not in seen
        ]
        seen.update(frontier)
    return None


@pytest.mark.parametrize("seed", range(6))
def test_the_budget_is_the_true_distance_plus_slack_and_solutions_are_simulated(seed):
    problem = _gen(ENV, seed, depth=3, slack=seed % 3)
    meta = problem.meta
    fewest = _plain_distance(tuple(meta["state"]))
    assert fewest == meta["fewest"] and meta["budget"] == fewest + seed % 3
    moves = problem.answer.split()
    assert _score(problem, problem.answer) == 1.0
    assert _score(problem, ", ".join(moves)) == 1.0
    assert _score(problem, " ".join(moves[:-1])) == 0.0
    padded = " ".join([*moves, "U2", "U2"])
    assert _score(problem, padded) == float(len(moves) + 2 <= meta["budget"])
    # the last turn by another amount leaves one face turned: not solved
    face, amount = moves[-1][0], moves[-1][1:]
    other = {"": "2", "2": "'", "'": ""}[amount]
    assert _score(problem, " ".join([*moves[:-1], face + other])) == 0.0
    assert _score(problem, "X2 U") == 0.0
