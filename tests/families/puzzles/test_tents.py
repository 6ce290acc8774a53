"""What ``rlvr/Tents-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from tests.families.puzzles.helpers import DIFFICULTY, PERTURB, SEED, _gen, _score

ENV = "rlvr/Tents-v0"


def _orth(r, c, n):
    return [
        (r + dr, c + dc)
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
        if 0 <= r + dr < n and 0 <= c + dc < n
    ]


def _valid(meta, tents):
    """The rules, checked here without the family's code (pairing by brute force)."""
    board, n = meta["board"], meta["size"]
    trees = [(r, c) for r in range(n) for c in range(n) if board[r][c] == "T"]
    if any(board[r][c] == "T" for r, c in tents) or len(tents) != len(trees):
        return False
    for (r1, c1), (r2, c2) in itertools.combinations(tents, 2):
        if abs(r1 - r2) <= 1 and abs(c1 - c2) <= 1:
            return False
    for r, clue in enumerate(meta["rows"]):
        if clue != "?" and sum(t[0] == r for t in tents) != int(clue):
            return False
    for c, clue in enumerate(meta["cols"]):
        if clue != "?" and sum(t[1] == c for t in tents) != int(clue):
            return False
    return _assign(n, trees, set(tents))


def _assign(n, trees, free):
    """Whether the trees can each take a distinct adjacent tent, by plain backtracking."""
    if not trees:
        return True
    first, rest = trees[0], trees[1:]
    for tent in _orth(*first, n):
        if tent in free:
            free.discard(tent)
            if _assign(n, rest, free):
                return True
            free.add(tent)
    return False


def _solutions(meta):
    board, n = meta["board"], meta["size"]
    trees = [(r, c) for r in range(n) for c in range(n) if board[r][c] == "T"]
    candidates = sorted(
        {cell for tree in trees for cell in _orth(*tree, n) if board[cell[0]][cell[1]] == "."}
    )
    return [
        frozenset(combo)
        for combo in itertools.combinations(candidates, len(trees))
        if _valid(meta, set(combo))
    ]


def _tents(answer):
    rows = answer.split("\n")
    return {(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "*"}


def _grid(n, tents, board=None, mark="*", blank="."):
    return "\n".join(
        "".join(mark if (r, c) in tents else (board[r][c] if board else blank) for c in range(n))
        for r in range(n)
    )


def test_the_tents_are_unique_by_brute_force():
    for seed in range(15):
        problem = _gen(ENV, seed, size=5, trees=0.16, counts=0.4)
        assert _solutions(problem.meta) == [frozenset(_tents(problem.answer))], seed


def test_syntax_variants_parse():
    problem = _gen(ENV, 8)
    n, board = problem.meta["size"], problem.meta["board"]
    tents = _tents(problem.answer)
    assert _score(problem, _grid(n, tents, board)).reward == 1.0
    assert _score(problem, _grid(n, tents, [row.lower() for row in board], "A")).reward == 1.0
    assert _score(problem, _grid(n, tents, None, "a", "_")).reward == 1.0
    spaced = "\n".join(" ".join(row) for row in problem.answer.split("\n"))
    assert _score(problem, spaced).reward == 1.0
    assert _score(problem, " / ".join(problem.answer.split("\n"))).reward == 1.0


def test_invalid_answers_fail():
    problem = _gen(ENV, 4, size=6, counts=1.0)
    n, board = 6, problem.meta["board"]
    tents = _tents(problem.answer)
    tree = next((r, c) for r in range(n) for c in range(n) if board[r][c] == "T")
    assert _score(problem, _grid(n, tents | {tree})).reward == 0.0
    assert _score(problem, _grid(n, tents - {min(tents)})).reward == 0.0
    r, c = min(tents)
    touching = [(r + 1, c + 1), (r + 1, c - 1), (r + 1, c)]
    for cell in touching:
        if 0 <= cell[0] < n and 0 <= cell[1] < n and board[cell[0]][cell[1]] == ".":
            assert _score(problem, _grid(n, tents | {cell})).reward == 0.0
    assert _score(problem, "\n".join(board)).reward == 0.0
    assert _score(problem, problem.answer + "\n......").reason == "unparsable"
    assert _score(problem, problem.answer.replace("*", "2")).reason == "unparsable"


def test_a_tent_set_that_cannot_pair_up_fails():
    """Right counts and no touching, but two tents share the only tree they border."""
    problem = _gen(ENV, 0, size=5)
    meta = dict(problem.meta)
    meta["rows"] = ["?"] * 5
    meta["cols"] = ["?"] * 5
    meta["board"] = ["T....", ".....", "..T..", ".....", "....."]
    problem.meta = meta
    assert _score(problem, "*....\n.....\n..T..\n.....\n.....").reason == "wrong"
    assert _score(problem, ".*...\n.....\n.*T..\n.....\n.....").reward == 1.0
    assert _score(problem, "T*...\n.....\n.....\n..*..\n.....").reward == 1.0
    verdict = _score(problem, "T....\n..*..\n..T..\n..*..\n.....")
    assert verdict.reason == "wrong" and "pair" in verdict.details["why"]


@PERTURB
@given(seed=SEED, difficulty=DIFFICULTY, data=st.data())
def test_perturbed_answers_score_as_the_rules_say(seed, difficulty, data):
    problem = _gen(ENV, seed, difficulty)
    n = problem.meta["size"]
    tents = set(_tents(problem.answer))
    flips = data.draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=3))
    for cell in flips:
        tents ^= {cell}
    verdict = _score(problem, _grid(n, tents))
    assert verdict.correct == _valid(problem.meta, tents)
    assert verdict.correct == (tents == _tents(problem.answer))
