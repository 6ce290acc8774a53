"""What ``rlvr/Maze-v0`` must do beyond the generic family contract."""

from __future__ import annotations

from collections import deque

from hypothesis import given
from hypothesis import strategies as st

from tests.families.logic.helpers import DIFFICULTY, PERTURB, SEED, _gen, _score

# -- mazes ---------------------------------------------------------------------------------------
_STEP = {"D": (1, 0), "R": (0, 1), "U": (-1, 0), "L": (0, -1)}


def _maze_walk(grid: list[str], start: list[int], moves: str) -> list[int] | None:
    r, c = start
    for move in moves:
        r, c = r + _STEP[move][0], c + _STEP[move][1]
        if not (0 <= r < len(grid) and 0 <= c < len(grid)) or grid[r][c] == "#":
            return None
    return [r, c]


def _maze_paths(grid: list[str], start: list[int], goal: list[int]) -> list[str]:
    """Every shortest path, by breadth-first layers from the start in D, R, U, L order."""
    dist = {tuple(start): 0}
    queue = deque([tuple(start)])
    while queue:
        r, c = queue.popleft()
        for dr, dc in _STEP.values():
            nxt = (r + dr, c + dc)
            if (
                0 <= nxt[0] < len(grid)
                and 0 <= nxt[1] < len(grid)
                and grid[nxt[0]][nxt[1]] != "#"
                and nxt not in dist
            ):
                dist[nxt] = dist[(r, c)] + 1
                queue.append(nxt)
    paths = [("", tuple(start))]
    for _ in range(dist[tuple(goal)]):
        paths = [
            (p + m, (r + dr, c + dc))
            for p, (r, c) in paths
            for m, (dr, dc) in _STEP.items()
            if dist.get((r + dr, c + dc)) == dist[(r, c)] + 1
        ][:200]
    return [p for p, cell in paths if list(cell) == goal]


def test_maze_other_shortest_paths_score_one():
    several = 0
    for seed in range(15):
        problem = _gen("rlvr/Maze-v0", seed)
        meta = problem.meta
        paths = _maze_paths(meta["grid"], meta["start"], meta["goal"])
        assert paths and all(len(p) == meta["shortest"] for p in paths)
        several += len(paths) > 1
        for path in paths[:10]:
            assert _score(problem, ", ".join(path)).reward == 1.0
        words = {"U": "up", "D": "down", "L": "left", "R": "right"}
        assert _score(problem, " ".join(words[m] for m in paths[-1])).reward == 1.0
    assert several > 5


@PERTURB
@given(seed=SEED, difficulty=DIFFICULTY, data=st.data())
def test_maze_verdict_equals_independent_walk(seed, difficulty, data):
    problem = _gen("rlvr/Maze-v0", seed, difficulty)
    meta = problem.meta
    moves = list(problem.answer)
    i = data.draw(st.integers(0, len(moves) - 1))
    kind = data.draw(st.sampled_from(["change", "drop", "detour"]))
    if kind == "change":
        moves[i] = data.draw(st.sampled_from("UDLR"))
    elif kind == "drop":
        del moves[i]
    else:
        moves[i:i] = data.draw(st.sampled_from([["U", "D"], ["L", "R"], ["D", "U"]]))
    path = "".join(moves)
    end = _maze_walk(meta["grid"], meta["start"], path)
    verdict = _score(problem, path)
    assert verdict.correct == (end == meta["goal"] and len(path) == meta["shortest"])
    if end == meta["goal"] and len(path) > meta["shortest"]:
        assert verdict.reason == "partial"
