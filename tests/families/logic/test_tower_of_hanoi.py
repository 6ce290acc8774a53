"""What ``rlvr/TowerOfHanoi-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools
from collections import deque

from hypothesis import given
from hypothesis import strategies as st

from tests.families.logic.helpers import DIFFICULTY, PERTURB, SEED, _gen, _score


# -- Tower of Hanoi --------------------------------------------------------------------------
def _hanoi_bfs(pegs: list[int], target: int) -> list[tuple[int, int]]:
    """A shortest move list to "all on the target" by breadth-first search over
    configurations, trying moves in reverse order (another path than the generator's)."""
    start, goal = tuple(pegs), tuple([target] * len(pegs))
    parent = {start: None}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        if state == goal:
            break
        tops = {}
        for disk in range(len(state) - 1, -1, -1):
            tops[state[disk]] = disk  # smallest disk on each peg wins
        for a, b in reversed(list(itertools.permutations(range(3), 2))):
            if a in tops and (b not in tops or tops[b] > tops[a]):
                nxt = list(state)
                nxt[tops[a]] = b
                nxt = tuple(nxt)
                if nxt not in parent:
                    parent[nxt] = (state, (a, b))
                    queue.append(nxt)
    moves, state = [], goal
    while parent[state] is not None:
        state, move = parent[state]
        moves.append(move)
    return moves[::-1]


def _hanoi_valid(pegs: list[int], target: int, moves: list[tuple[int, int]]) -> bool:
    stacks = [[d for d in range(len(pegs), 0, -1) if pegs[d - 1] == p] for p in range(3)]
    for a, b in moves:
        if a == b or not stacks[a] or (stacks[b] and stacks[b][-1] < stacks[a][-1]):
            return False
        stacks[b].append(stacks[a].pop())
    return len(stacks[target]) == len(pegs)


def _moves_text(moves: list[tuple[int, int]]) -> str:
    return ", ".join(f"{'ABC'[a]}->{'ABC'[b]}" for a, b in moves)


def test_hanoi_breadth_first_solutions_score_one_and_minimum_is_right():
    targets = set()
    for seed, start, disks in itertools.product(range(6), ("tower", "scattered"), (1, 3, 5)):
        problem = _gen("rlvr/TowerOfHanoi-v0", seed, disks=disks, start=start)
        targets.add(problem.meta["target"])
        assert f"onto peg {'ABC'[problem.meta['target']]} " in problem.prompt
        moves = _hanoi_bfs(problem.meta["pegs"], problem.meta["target"])
        assert len(moves) == problem.meta["optimal"]
        assert _score(problem, _moves_text(moves)).reward == 1.0
        spelled = " ".join(f"{'abc'[a]} to {'abc'[b]}" for a, b in moves)
        assert _score(problem, spelled).reward == 1.0
    assert targets == {0, 1, 2}


@PERTURB
@given(seed=SEED, difficulty=DIFFICULTY, data=st.data())
def test_hanoi_verdict_equals_independent_replay(seed, difficulty, data):
    problem = _gen("rlvr/TowerOfHanoi-v0", seed, difficulty)
    moves = [("ABC".index(m[0]), "ABC".index(m[-1])) for m in problem.answer.split(", ")]
    kind = data.draw(st.sampled_from(["swap", "drop", "change", "detour"]))
    i = data.draw(st.integers(0, len(moves) - 1))
    if kind == "swap" and len(moves) > 1:
        j = data.draw(st.integers(0, len(moves) - 1))
        moves[i], moves[j] = moves[j], moves[i]
    elif kind == "drop":
        del moves[i]
    elif kind == "change":
        moves[i] = (moves[i][0], 3 - moves[i][0] - moves[i][1])
    else:  # a legal detour: move a disk away and back
        a, b = moves[i]
        moves[i : i + 1] = [(a, 3 - a - b), (3 - a - b, b)]
    verdict = _score(problem, _moves_text(moves))
    valid = _hanoi_valid(problem.meta["pegs"], problem.meta["target"], moves)
    right = valid and len(moves) == problem.meta["optimal"]
    assert verdict.correct == right
    if valid and not right:
        assert verdict.reason == "partial" and 0 < verdict.score < 1
