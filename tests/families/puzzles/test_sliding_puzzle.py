"""What ``rlvr/SlidingPuzzle-v0`` must do beyond the generic family contract."""

from __future__ import annotations

from collections import deque

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.families.puzzles.helpers import DIFFICULTY, PERTURB, SEED, _gen, _score

ENV = "rlvr/SlidingPuzzle-v0"
STEP = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}


def _play(board, rows, cols, plan):
    """The board after the plan (the blank moves), or None on a move off the board."""
    grid = [list(board[r * cols : (r + 1) * cols]) for r in range(rows)]
    r, c = next((i, j) for i in range(rows) for j in range(cols) if grid[i][j] == 0)
    for letter in plan:
        dr, dc = STEP[letter]
        if not (0 <= r + dr < rows and 0 <= c + dc < cols):
            return None
        grid[r][c], grid[r + dr][c + dc] = grid[r + dr][c + dc], 0
        r, c = r + dr, c + dc
    return [x for row in grid for x in row]


def _solved(board, rows, cols):
    return board == [*range(1, rows * cols), 0]


def _bfs_plan(board, rows, cols):
    """A shortest plan by plain breadth-first search over boards (own implementation)."""
    start = tuple(board)
    seen = {start: ""}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        if _solved(list(state), rows, cols):
            return seen[state]
        for letter in "RLDU":
            after = _play(list(state), rows, cols, letter)
            if after is not None and tuple(after) not in seen:
                seen[tuple(after)] = seen[state] + letter
                queue.append(tuple(after))
    raise AssertionError("unsolvable")


@pytest.mark.parametrize("size", ["2x3", "3x3"])
def test_shortest_length_matches_an_independent_bfs(size):
    for seed in range(6):
        problem = _gen(ENV, seed, size=size, scramble=10, shortest=True)
        meta = problem.meta
        plan = _bfs_plan(meta["board"], meta["rows"], meta["cols"])
        assert len(plan) == meta["optimal"] == len(problem.answer.split())
        assert _score(problem, " ".join(plan)).reward == 1.0
        assert _score(problem, plan.lower()).reward == 1.0


def test_any_valid_plan_scores_when_the_shortest_is_not_asked():
    problem = _gen(ENV, 3, size="3x3", scramble=8, shortest=False)
    meta = problem.meta
    plan = _bfs_plan(meta["board"], meta["rows"], meta["cols"])
    assert _score(problem, plan).reward == 1.0
    # a detour: the blank goes out and back first
    first = next(x for x in "UDLR" if _play(meta["board"], 3, 3, x) is not None)
    detour = first + {"U": "D", "D": "U", "L": "R", "R": "L"}[first] + plan
    assert _solved(_play(meta["board"], 3, 3, detour), 3, 3)
    assert _score(problem, ", ".join(detour)).reward == 1.0
    words = {"U": "up", "D": "down", "L": "left", "R": "right"}
    assert _score(problem, " ".join(words[x] for x in plan)).reward == 1.0


def test_longer_plans_earn_partial_credit_when_the_shortest_is_asked():
    problem = _gen(ENV, 4, size="3x3", scramble=10, shortest=True)
    meta = problem.meta
    plan = problem.answer.replace(" ", "")
    first = next(x for x in "UDLR" if _play(meta["board"], 3, 3, x) is not None)
    detour = first + {"U": "D", "D": "U", "L": "R", "R": "L"}[first] + plan
    verdict = _score(problem, detour)
    assert verdict.reward == 0.0 and verdict.score == pytest.approx(len(plan) / len(detour))


def test_illegal_and_incomplete_plans_fail_with_a_reason():
    problem = _gen(ENV, 5, size="3x3", scramble=12)
    meta = problem.meta
    blank = meta["board"].index(0)
    r = blank // 3
    off = "U" * (r + 1)  # walks off the top edge
    verdict = _score(problem, off)
    assert verdict.reason == "wrong" and "off the board" in verdict.details["why"]
    plan = problem.answer.split()
    assert "does not reach" in _score(problem, " ".join(plan[:-1])).details["why"]
    assert _score(problem, " ".join(plan + plan[-1:])).reward == 0.0
    assert _score(problem, "U X D").reason == "unparsable"
    assert _score(problem, "move 3 up").reason == "unparsable"
    assert _score(problem, "U" * 400).reason == "unparsable"
    assert _score(problem, "").reason in ("unparsable", "no_answer")


@PERTURB
@given(seed=SEED, difficulty=DIFFICULTY, data=st.data())
def test_perturbed_plans_are_judged_like_an_independent_simulation(seed, difficulty, data):
    problem = _gen(ENV, seed, difficulty)
    meta = problem.meta
    plan = list(problem.answer.replace(" ", ""))
    i = data.draw(st.integers(0, len(plan) - 1))
    kind = data.draw(st.sampled_from(["replace", "delete", "insert", "swap"]))
    letter = data.draw(st.sampled_from("UDLR"))
    if kind == "replace":
        plan[i] = letter
    elif kind == "delete":
        del plan[i]
    elif kind == "insert":
        plan.insert(i, letter)
    elif i + 1 < len(plan):
        plan[i], plan[i + 1] = plan[i + 1], plan[i]
    end = _play(meta["board"], meta["rows"], meta["cols"], plan)
    good = end is not None and _solved(end, meta["rows"], meta["cols"])
    if good and meta["shortest"]:
        good = len(plan) <= meta["optimal"]
    assert (_score(problem, " ".join(plan)).reward == 1.0) == good
