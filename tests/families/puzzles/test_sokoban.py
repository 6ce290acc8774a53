"""What ``rlvr/Sokoban-v0`` must do beyond the generic family contract."""

from __future__ import annotations

from collections import deque

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.families.puzzles.helpers import DIFFICULTY, PERTURB, SEED, _gen, _score

ENV = "rlvr/Sokoban-v0"
STEP = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}


def _room(problem):
    """The room read back from the prompt's picture (not from meta): walls, goals, boxes,
    keeper as (row, column) pairs."""
    picture = problem.prompt.split("):\n", 1)[1].split("\n\n", 1)[0].splitlines()
    walls, goals, boxes, keeper = set(), set(), set(), None
    for r, line in enumerate(picture):
        for c, ch in enumerate(line):
            if ch == "#":
                walls.add((r, c))
            if ch in ".*+":
                goals.add((r, c))
            if ch in "$*":
                boxes.add((r, c))
            if ch in "@+":
                keeper = (r, c)
    return walls, goals, frozenset(boxes), keeper


def _play(room, plan):
    """(boxes, keeper) after the plan, or None at an illegal move."""
    walls, _, boxes, (r, c) = room
    boxes = set(boxes)
    for letter in plan:
        dr, dc = STEP[letter]
        nxt = (r + dr, c + dc)
        if nxt in walls:
            return None
        if nxt in boxes:
            beyond = (r + 2 * dr, c + 2 * dc)
            if beyond in walls or beyond in boxes:
                return None
            boxes.remove(nxt)
            boxes.add(beyond)
        r, c = nxt
    return boxes, (r, c)


def _solve(room, limit=200_000):
    """A shortest plan by breadth-first search over (keeper, boxes) (own implementation)."""
    walls, goals, boxes, keeper = room
    start = (keeper, boxes)
    seen = {start: ""}
    queue = deque([start])
    while queue and len(seen) < limit:
        state = queue.popleft()
        (r, c), bs = state
        if bs <= goals:
            return seen[state]
        for letter, (dr, dc) in STEP.items():
            nxt = (r + dr, c + dc)
            if nxt in walls:
                continue
            if nxt in bs:
                beyond = (r + 2 * dr, c + 2 * dc)
                if beyond in walls or beyond in bs:
                    continue
                bs2 = (bs - {nxt}) | {beyond}
            else:
                bs2 = bs
            key = (nxt, frozenset(bs2))
            if key not in seen:
                seen[key] = seen[state] + letter
                queue.append(key)
    return None


@pytest.mark.parametrize("boxes", [1, 2])
def test_every_room_is_solvable_and_an_independent_solution_scores(boxes):
    for seed in range(6):
        problem = _gen(ENV, seed, size=4, boxes=boxes, pulls=4)
        room = _room(problem)
        assert len(room[2]) == boxes == len(room[1]) and room[2] != room[1]
        plan = _solve(room)
        assert plan is not None and len(plan) <= len(problem.answer.split())
        assert _score(problem, " ".join(plan)).reward == 1.0
        assert _score(problem, plan.lower()).reward == 1.0


def test_illegal_and_unfinished_plans_fail_with_a_reason():
    problem = _gen(ENV, 2, size=5, boxes=2, pulls=5)
    room = _room(problem)
    # walk straight in one direction until a wall or a blocked push
    for letter in "UDLR":
        plan = letter * 10
        if _play(room, plan) is None:
            break
    verdict = _score(problem, plan)
    assert verdict.reason == "wrong"
    assert "wall" in verdict.details["why"] or "blocked" in verdict.details["why"]
    answer = problem.answer.split()
    assert "not on a goal" in _score(problem, " ".join(answer[:-1])).details["why"]
    assert _score(problem, "U D X").reason == "unparsable"
    assert _score(problem, "R" * 500).reason == "unparsable"
    assert _score(problem, "push the box up").reason == "unparsable"


def test_a_push_into_a_box_or_a_wall_is_illegal():
    for seed in range(40):
        problem = _gen(ENV, seed, size=5, boxes=2, pulls=4)
        room = _room(problem)
        walls = room[0]
        plan = _solve(room)
        # find a prefix after which some push is blocked
        for i in range(len(plan) + 1):
            bs, (r, c) = _play(room, plan[:i])
            for letter, (dr, dc) in STEP.items():
                if (r + dr, c + dc) in bs and (
                    (r + 2 * dr, c + 2 * dc) in walls or (r + 2 * dr, c + 2 * dc) in bs
                ):
                    verdict = _score(problem, plan[:i] + letter + plan[i:])
                    assert verdict.reason == "wrong" and "blocked" in verdict.details["why"]
                    return
    pytest.fail("no blocked push found")


@PERTURB
@given(seed=SEED, difficulty=DIFFICULTY, data=st.data())
def test_perturbed_plans_are_judged_like_an_independent_replay(seed, difficulty, data):
    problem = _gen(ENV, seed, difficulty)
    room = _room(problem)
    plan = list(problem.answer.replace(" ", ""))
    assert _play(room, plan)[0] <= room[1]
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
    end = _play(room, plan)
    good = bool(plan) and end is not None and end[0] <= room[1]
    assert (_score(problem, " ".join(plan)).reward == 1.0) == good


@pytest.mark.parametrize("difficulty", [0.0, 0.5, 1.0])
def test_the_reference_plan_stops_at_the_first_solved_position(difficulty):
    # The backward pulls can bring the boxes back onto the goals part-way; the reference
    # plan (and the complexity measured on it) must not run on past that point.
    for seed in range(60):
        problem = _gen(ENV, seed, difficulty)
        room = _room(problem)
        plan = problem.answer.split()
        for cut in range(len(plan)):
            after = _play(room, plan[:cut])
            assert after is not None
            assert not after[0] <= room[1], (seed, cut, len(plan))
        assert _play(room, plan)[0] <= room[1]
