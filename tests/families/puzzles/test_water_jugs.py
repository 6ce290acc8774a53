"""What ``rlvr/WaterJugs-v0`` must do beyond the generic family contract."""

from __future__ import annotations

from collections import deque

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.families.puzzles.helpers import DIFFICULTY, PERTURB, SEED, _gen, _score

ENV = "rlvr/WaterJugs-v0"


def _run(caps, plan):
    """Replay moves given as (verb, i) / ("pour", i, j) on jugs that start empty."""
    water = [0] * len(caps)
    for move in plan:
        if move[0] == "fill":
            water[move[1]] = caps[move[1]]
        elif move[0] == "empty":
            water[move[1]] = 0
        else:
            i, j = move[1], move[2]
            while water[i] and water[j] < caps[j]:  # one litre at a time
                water[i] -= 1
                water[j] += 1
    return water


def _text(plan):
    names = "ABC"
    return "; ".join(
        f"pour {names[m[1]]} {names[m[2]]}" if m[0] == "pour" else f"{m[0]} {names[m[1]]}"
        for m in plan
    )


def _bfs(caps, jug, target):
    """A shortest plan by breadth-first search over water levels (own implementation)."""
    n = len(caps)
    moves = [("fill", i) for i in range(n)] + [("empty", i) for i in range(n)]
    moves += [("pour", i, j) for i in range(n) for j in range(n) if i != j]
    start = (0,) * n
    seen = {start: []}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        if state[jug] == target:
            return seen[state]
        for move in moves:
            plan = [*seen[state], move]
            after = tuple(_run(caps, plan))
            if after not in seen:
                seen[after] = plan
                queue.append(after)
    return None


@pytest.mark.parametrize("jugs", [2, 3])
def test_the_optimal_length_matches_an_independent_bfs(jugs):
    for seed in range(8):
        problem = _gen(ENV, seed, jugs=jugs, max_capacity=9, shortest=True)
        meta = problem.meta
        plan = _bfs(meta["capacities"], meta["jug"], meta["target"])
        assert plan is not None and len(plan) == meta["optimal"] >= 2
        assert meta["target"] not in meta["capacities"]
        assert _score(problem, _text(plan)).reward == 1.0
        assert _score(problem, _text(plan).replace("; ", "\n").upper()).reward == 1.0


def test_longer_plans_score_one_unless_the_shortest_is_asked():
    for shortest in (False, True):
        problem = _gen(ENV, 11, jugs=2, max_capacity=9, steps=4, shortest=shortest)
        meta = problem.meta
        plan = [("fill", 0), ("empty", 0), *_bfs(meta["capacities"], meta["jug"], meta["target"])]
        verdict = _score(problem, _text(plan))
        if shortest:
            assert verdict.reward == 0.0 and verdict.score == pytest.approx(
                meta["optimal"] / len(plan)
            )
        else:
            assert verdict.reward == 1.0
            prose = _text(plan).replace("pour A B", "pour A into B")
            prose = prose.replace("pour B A", "pour jug B to A").replace("; ", ",\n")
            assert _score(problem, prose).reward == 1.0


def test_illegal_or_unfinished_plans_fail_with_a_reason():
    problem = _gen(ENV, 3, jugs=2, max_capacity=9)
    plan = problem.answer.split("; ")
    assert "into itself" in _score(problem, "fill A; pour A A").details["why"]
    assert "no jug C" in _score(problem, "fill C; pour C A").details["why"]
    assert "at the end" in _score(problem, "; ".join(plan[:-1])).details["why"]
    assert _score(problem, "; ".join([*plan, "empty A", "empty B"])).reward == 0.0
    assert _score(problem, "fill the big jug").reason == "unparsable"
    assert _score(problem, str(problem.meta["target"])).reason == "unparsable"
    assert _score(problem, "fill A; " * 300).reason == "unparsable"


@PERTURB
@given(seed=SEED, difficulty=DIFFICULTY, data=st.data())
def test_perturbed_plans_are_judged_like_an_independent_replay(seed, difficulty, data):
    problem = _gen(ENV, seed, difficulty)
    meta = problem.meta
    caps, n = meta["capacities"], len(meta["capacities"])
    names = "ABC"
    plan = []
    for word in problem.answer.split("; "):
        parts = word.split()
        plan.append((parts[0], *(names.index(x) for x in parts[1:])))
    i = data.draw(st.integers(0, len(plan) - 1))
    kind = data.draw(st.sampled_from(["replace", "delete", "insert", "swap"]))
    a, b = data.draw(st.integers(0, n - 1)), data.draw(st.integers(0, n - 2))
    b = b if b < a else b + 1
    move = data.draw(st.sampled_from([("fill", a), ("empty", a), ("pour", a, b)]))
    if kind == "replace":
        plan[i] = move
    elif kind == "delete":
        del plan[i]
    elif kind == "insert":
        plan.insert(i, move)
    elif i + 1 < len(plan):
        plan[i], plan[i + 1] = plan[i + 1], plan[i]
    good = bool(plan) and _run(caps, plan)[meta["jug"]] == meta["target"]
    if meta["shortest"]:
        good = good and len(plan) <= meta["optimal"]
    assert (_score(problem, _text(plan)).reward == 1.0) == good


def test_the_prompt_names_one_litre_in_the_singular():
    problems = [_gen(ENV, seed, 0.5) for seed in range(60)]
    ones = [p for p in problems if p.meta["target"] == 1]
    assert ones
    for problem in ones:
        assert "exactly 1 litre." in problem.prompt
