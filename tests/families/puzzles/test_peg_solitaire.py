"""What ``rlvr/PegSolitaire-v0`` must do beyond the generic family contract.

Solutions here come from a depth-first solver written in this file (pegs as a frozenset of
holes, jumps listed from the board's geometry), independent of the family's backward
generation and of its checker.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.families.puzzles.helpers import PERTURB, SEED, _gen, _score

ENV = "rlvr/PegSolitaire-v0"


def _steps(board):
    steps = [(0, 1), (0, -1), (1, 0), (-1, 0)]
    return [*steps, (1, 1), (-1, -1)] if board == "triangle" else steps


def _jumps(meta, pegs):
    holes = {tuple(h) for h in meta["holes"]}
    for r, c in sorted(pegs):
        for dr, dc in _steps(meta["board"]):
            over, land = (r + dr, c + dc), (r + 2 * dr, c + 2 * dc)
            if over in pegs and land in holes and land not in pegs:
                yield (r, c), over, land


def _solutions(meta, limit=6):
    """Up to ``limit`` jump sequences that leave one peg, by depth-first search."""
    found, dead = [], set()

    def go(pegs, path):
        if len(found) >= limit or pegs in dead:
            return
        if len(pegs) == 1:
            found.append(list(path))
            return
        before = len(found)
        for src, over, land in _jumps(meta, pegs):
            path.append((src, land))
            go(pegs - {src, over} | {land}, path)
            path.pop()
        if len(found) == before:
            dead.add(pegs)

    go(frozenset(tuple(p) for p in meta["pegs"]), [])
    return found


def _text(jumps, sep="; "):
    return sep.join(f"r{a[0]}c{a[1]}-r{b[0]}c{b[1]}" for a, b in jumps)


def _valid(meta, jumps):
    pegs = frozenset(tuple(p) for p in meta["pegs"])
    for src, land in jumps:
        options = {(s, ld): over for s, over, ld in _jumps(meta, pegs)}
        if (src, land) not in options:
            return False
        pegs = pegs - {src, options[(src, land)]} | {land}
    return len(pegs) == 1


@pytest.mark.parametrize("board", ["row", "grid", "triangle", "cross"])
@pytest.mark.parametrize("pegs", [3, 6, 9])
def test_solutions_found_independently_score_one(board, pegs):
    for seed in range(3):
        problem = _gen(ENV, seed, board=board, pegs=pegs)
        assert len(problem.meta["pegs"]) == pegs
        solutions = _solutions(problem.meta)
        assert solutions  # the generator's claim of solvability, checked by search
        for jumps in solutions:
            assert _score(problem, _text(jumps)).reward == 1.0, jumps


def test_illegal_jumps_fail_with_reasons():
    problem = _gen(ENV, 3, board="grid", pegs=6)
    meta = problem.meta
    pegs = {tuple(p) for p in meta["pegs"]}
    holes = {tuple(h) for h in meta["holes"]}
    empty = sorted(holes - pegs)
    src, _land = problem.answer.split("; ")[0].split("-")
    assert "two holes along a line" in _score(problem, f"{src}-{src}").details["why"]
    e = empty[0]
    # From an empty hole, two to the right or left (on the board or off it).
    verdict = _score(problem, f"r{e[0]}c{e[1]}-r{e[0]}c{e[1] + 2}")
    assert verdict.reason == "wrong"
    assert "leaves the board" in _score(problem, "r3c1-r5c1").details["why"]
    steps = problem.answer.split("; ")
    assert "pegs are left" in _score(problem, "; ".join(steps[:-1])).details["why"]
    assert _score(problem, "; ".join([*steps, steps[-1]])).reason == "wrong"
    assert _score(problem, "jump the corner peg").reason == "unparsable"
    assert _score(problem, "r1c1 r1c3").reason == "unparsable"
    assert _score(problem, "r1c1-r1c9999999").reason == "unparsable"


def test_diagonals_only_on_the_triangle():
    grid = _gen(ENV, 0, board="grid", pegs=3)
    assert "two holes along a line" in _score(grid, "r1c1-r3c3").details["why"]
    tri = _gen(ENV, 0, board="triangle", pegs=3)
    # The other diagonal is not a line of the triangular lattice.
    assert "two holes along a line" in _score(tri, "r3c1-r1c3").details["why"]


def test_syntax_variants_are_accepted():
    problem = _gen(ENV, 4, board="triangle", pegs=7)
    jumps = _solutions(problem.meta, limit=1)[0]
    assert _score(problem, _text(jumps, "\n")).reward == 1.0
    assert _score(problem, _text(jumps, ", ").upper()).reward == 1.0
    assert _score(problem, _text(jumps, " ").replace("-", " -> ")).reward == 1.0
    assert _score(problem, _text(jumps).replace("-", " to ")).reward == 1.0


@PERTURB
@given(seed=SEED, data=st.data())
def test_perturbed_sequences_score_as_the_independent_simulation_says(seed, data):
    board = data.draw(st.sampled_from(["row", "grid", "triangle", "cross"]))
    problem = _gen(ENV, seed, board=board, pegs=data.draw(st.integers(3, 10)))
    jumps = []
    for step in problem.answer.split("; "):
        a, b = step.split("-")
        jumps.append(tuple(tuple(int(x) for x in s[1:].split("c")) for s in (a, b)))
    holes = [tuple(h) for h in problem.meta["holes"]]
    jump = st.tuples(st.sampled_from(holes), st.sampled_from(holes))
    kind = data.draw(st.sampled_from(["drop", "swap", "replace", "insert"]))
    i = data.draw(st.integers(0, len(jumps) - 1))
    if kind == "drop":
        del jumps[i]
    elif kind == "swap":
        j = data.draw(st.integers(0, len(jumps) - 1))
        jumps[i], jumps[j] = jumps[j], jumps[i]
    elif kind == "replace":
        jumps[i] = data.draw(jump)
    else:
        jumps.insert(i, data.draw(jump))
    verdict = _score(problem, _text(jumps) or "none")
    assert (verdict.reward == 1.0) == _valid(problem.meta, jumps), jumps
