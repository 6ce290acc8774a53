"""What ``rlvr/KnightsTour-v0`` must do beyond the generic family contract.

Tours here come from a backtracking search written in this file over (file, rank) pairs,
trying moves in a fixed or shuffled order, independent of the family's Warnsdorff search
and of its checker.
"""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.families.puzzles.helpers import PERTURB, SEED, _gen, _score

ENV = "rlvr/KnightsTour-v0"
JUMPS = [(a, b) for a in (-2, -1, 1, 2) for b in (-2, -1, 1, 2) if abs(a) != abs(b)]


def _board(meta):
    cols = meta["cols"]
    blocked = {(s % cols, s // cols) for s in meta["blocked"]}
    free = {(f, r) for f in range(cols) for r in range(meta["rows"])} - blocked
    start = (meta["start"] % cols, meta["start"] // cols)
    return free, start


def _moves(free, sq):
    return [(sq[0] + a, sq[1] + b) for a, b in JUMPS if (sq[0] + a, sq[1] + b) in free]


def _search(free, path, seen, rng, spent):
    """Extend ``path`` to a tour by backtracking; ``spent`` counts nodes (a one-item list)."""
    spent[0] += 1
    if len(path) == len(free):
        return True
    if spent[0] > spent[1]:
        return False
    options = [m for m in _moves(free, path[-1]) if m not in seen]
    rng.shuffle(options)
    options.sort(key=lambda m: sum(1 for x in _moves(free, m) if x not in seen))
    for m in options:
        path.append(m)
        seen.add(m)
        if _search(free, path, seen, rng, spent):
            return True
        seen.discard(path.pop())
    return False


def _tours(meta, count, rng, budget=200_000):
    """Up to ``count`` different tours: backtracking with fewest-onward-moves first, ties
    broken by ``rng``, restarted until ``count`` are found or the budget is spent."""
    free, start = _board(meta)
    found = []
    spent = [0, budget]
    while len(found) < count and spent[0] < budget:
        path = [start]
        if _search(free, path, {start}, rng, spent) and path not in found:
            found.append(path)
    return found


def _text(path, sep=" "):
    return sep.join(f"{'abcdefgh'[f]}{r + 1}" for f, r in path)


def _valid(meta, path):
    free, start = _board(meta)
    if not path or path[0] != start or len(path) != len(free) or len(set(path)) != len(path):
        return False
    if any(sq not in free for sq in path):
        return False
    return all((b[0] - a[0], b[1] - a[1]) in JUMPS for a, b in itertools.pairwise(path))


@pytest.mark.parametrize("size", [4, 5, 6, 8])
@pytest.mark.parametrize("blocked", [0, 3])
def test_tours_found_independently_score_one(size, blocked):
    rng = random.Random(size * 10 + blocked)
    for seed in range(2):
        problem = _gen(ENV, seed, size=size, blocked=blocked)
        assert len(problem.meta["blocked"]) == blocked
        assert min(problem.meta["rows"], problem.meta["cols"]) == size
        tours = _tours(problem.meta, 3, rng)
        assert tours
        for path in tours:
            assert _score(problem, _text(path)).reward == 1.0, path


def test_invalid_tours_fail_with_reasons():
    problem = _gen(ENV, 7, size=5, blocked=2)
    squares = problem.answer.split()
    assert "must start" in _score(problem, " ".join(squares[1:])).details["why"]
    assert "not visited" in _score(problem, " ".join(squares[:-1])).details["why"]
    assert "twice" in _score(problem, " ".join([*squares, squares[-2]])).details["why"]
    swapped = [*squares]
    swapped[3], swapped[4] = swapped[4], swapped[3]
    assert "knight's move" in _score(problem, " ".join(swapped)).details["why"]
    assert "not on the board" in _score(problem, f"{squares[0]} z9").details["why"]
    assert "not on the board" in _score(problem, f"{squares[0]} a99").details["why"]
    cols = problem.meta["cols"]
    wall = problem.meta["blocked"][0]
    name = f"{'abcdefgh'[wall % cols]}{wall // cols + 1}"
    assert _score(problem, f"{squares[0]} {name}").reason == "wrong"
    assert _score(problem, "the knight goes everywhere").reason == "unparsable"
    assert _score(problem, "a1 b3 c5 d7 " * 400).reason == "unparsable"


def test_a_knights_move_onto_a_blocked_square_fails():
    checked = 0
    for seed in range(30):
        problem = _gen(ENV, seed, size=6, blocked=4)
        _, start = _board(problem.meta)
        cols = problem.meta["cols"]
        for wall in [(s % cols, s // cols) for s in problem.meta["blocked"]]:
            if (wall[0] - start[0], wall[1] - start[1]) in JUMPS:
                assert "blocked" in _score(problem, _text([start, wall])).details["why"]
                checked += 1
    assert checked


def test_syntax_variants_are_accepted():
    problem = _gen(ENV, 9)
    squares = problem.answer.split()
    assert _score(problem, " -> ".join(squares).upper()).reward == 1.0
    assert _score(problem, ", ".join(squares)).reward == 1.0
    assert _score(problem, "\n".join(squares)).reward == 1.0
    assert _score(problem, "-".join(squares)).reward == 1.0


@PERTURB
@given(seed=SEED, data=st.data())
def test_perturbed_tours_score_as_the_independent_check_says(seed, data):
    problem = _gen(
        ENV, seed, size=data.draw(st.integers(4, 6)), blocked=data.draw(st.integers(0, 4))
    )
    cols, rows = problem.meta["cols"], problem.meta["rows"]
    path = [("abcdefgh".index(s[0]), int(s[1:]) - 1) for s in problem.answer.split()]
    square = st.tuples(st.integers(0, cols - 1), st.integers(0, rows - 1))
    kind = data.draw(st.sampled_from(["drop", "swap", "replace", "insert", "reverse"]))
    i = data.draw(st.integers(0, len(path) - 1))
    if kind == "drop":
        del path[i]
    elif kind == "swap":
        j = data.draw(st.integers(0, len(path) - 1))
        path[i], path[j] = path[j], path[i]
    elif kind == "replace":
        path[i] = data.draw(square)
    elif kind == "insert":
        path.insert(i, data.draw(square))
    else:
        path[i:] = path[i:][::-1]
    verdict = _score(problem, _text(path) or "none")
    assert (verdict.reward == 1.0) == _valid(problem.meta, path), path


def test_the_prompt_says_the_start_is_the_first_square_written():
    # The checker wants the start square itself first; the prompt must say so (a reading
    # of "the squares in order from c6" that leaves c6 out would otherwise fail).
    for seed in range(5):
        problem = _gen(ENV, seed, 0.5)
        start = problem.answer.split()[0]
        free, _ = _board(problem.meta)
        assert f"all {len(free)} squares in order, beginning with {start} itself" in (
            problem.prompt
        )
        assert _score(problem, " ".join(problem.answer.split()[1:])).reward == 0.0
