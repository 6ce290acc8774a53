"""PocketCube: solve a scrambled 2x2x2 cube in at most a stated number of moves.

The cube is modelled by its 24 stickers, each a (cubie position, outward normal) pair in
space; a face turn rotates the four cubies of a layer a quarter turn, so every move is a
permutation of the stickers computed from the geometry, not typed in. A scramble of
``depth`` turns of the U, R and F faces (which keep the down-back-left cubie fixed) is shown
as a flat net of sticker colours. The fewest moves that solve it are found by meeting in the
middle: a table of every position within five moves of solved (built once) and a search
from the scramble. The prompt allows that many moves plus ``slack``. Any sequence of at most
that many moves that leaves every face one colour scores 1 (checked by simulation); turns
of all six faces are accepted.

Answer syntax: face turns separated by spaces, each a face letter U, D, L, R, F or B,
optionally followed by ' (anticlockwise) or 2 (half turn): ``R U' F2``. A half turn counts
as one move.

Knobs: ``depth`` (scramble turns, 1 -> 8) and ``slack`` (moves allowed beyond the fewest,
3 -> 0). Difficulty raises the depth and lowers the slack.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from functools import cache
from itertools import product
from operator import itemgetter
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem

Sticker = tuple[tuple[int, int, int], tuple[int, int, int]]
# Face letter -> (outward normal, the face's viewing "up" and "right" in the net).
_FACES: dict[str, tuple[tuple[int, int, int], tuple[int, int, int], tuple[int, int, int]]] = {
    "U": ((0, 0, 1), (0, 1, 0), (1, 0, 0)),
    "L": ((-1, 0, 0), (0, 0, 1), (0, -1, 0)),
    "F": ((0, -1, 0), (0, 0, 1), (1, 0, 0)),
    "R": ((1, 0, 0), (0, 0, 1), (0, 1, 0)),
    "B": ((0, 1, 0), (0, 0, 1), (-1, 0, 0)),
    "D": ((0, 0, -1), (0, -1, 0), (1, 0, 0)),
}
_COLOURS = {"U": "W", "D": "Y", "F": "G", "B": "B", "R": "R", "L": "O"}
_MOVE = re.compile(r"([UDLRFB])(2|'|’|′)?")
TABLE_DEPTH = 5


def _dot(a: tuple[int, int, int], b: tuple[int, int, int]) -> int:
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def _quarter(v: tuple[int, int, int], axis: tuple[int, int, int]) -> tuple[int, int, int]:
    """``v`` turned a quarter clockwise as seen from the tip of ``axis`` (a unit vector):
    v -> v x axis for the part of v across the axis."""
    x, y, z = v
    a, b, c = axis
    cross = (y * c - z * b, z * a - x * c, x * b - y * a)
    along = _dot(v, axis)
    return tuple(along * axis[i] + cross[i] for i in range(3))  # type: ignore[return-value]


@cache
def stickers() -> tuple[Sticker, ...]:
    """The 24 stickers in a fixed order."""
    return tuple(
        sorted(
            (pos, normal)
            for pos in product((-1, 1), repeat=3)
            for normal, _, _ in _FACES.values()
            if _dot(pos, normal) == 1
        )
    )


@cache
def moves() -> dict[str, tuple[int, ...]]:
    """Every face turn as a permutation: sticker i moves to place ``perm[i]``."""
    index = {s: i for i, s in enumerate(stickers())}
    out: dict[str, tuple[int, ...]] = {}
    for face, (axis, _, _) in _FACES.items():
        perm = []
        for pos, normal in stickers():
            if _dot(pos, axis) == 1:
                pos, normal = _quarter(pos, axis), _quarter(normal, axis)
            perm.append(index[(pos, normal)])
        quarter = tuple(perm)
        half = tuple(quarter[quarter[i]] for i in range(24))
        out[face] = quarter
        out[face + "2"] = half
        out[face + "'"] = tuple(quarter[half[i]] for i in range(24))
    return out


@cache
def _gathers() -> dict[str, Callable[[tuple[str, ...]], tuple[str, ...]]]:
    """Each move as a function that gathers the new state from the old (sticker ``perm[i]``
    of the new state is sticker ``i`` of the old)."""
    out = {}
    for move, perm in moves().items():
        source = [0] * 24
        for i, j in enumerate(perm):
            source[j] = i
        out[move] = itemgetter(*source)
    return out


def apply(state: tuple[str, ...], move: str) -> tuple[str, ...]:
    """The sticker colours after ``move``."""
    return _gathers()[move](state)


def solved_state() -> tuple[str, ...]:
    letter = {normal: _COLOURS[f] for f, (normal, _, _) in _FACES.items()}
    return tuple(letter[normal] for _, normal in stickers())


def is_solved(state: tuple[str, ...]) -> bool:
    """Every face one colour (in whatever orientation the cube is held)."""
    faces: dict[tuple[int, int, int], set[str]] = {}
    for (_, normal), colour in zip(stickers(), state):
        faces.setdefault(normal, set()).add(colour)
    return all(len(c) == 1 for c in faces.values())


_GROUP = [f + s for f in "URF" for s in ("", "2", "'")]
_INVERSE = {m: m[0] + {"": "'", "2": "2", "'": ""}[m[1:]] for m in _GROUP}


@cache
def table() -> dict[tuple[str, ...], tuple[int, str]]:
    """Every position within TABLE_DEPTH U/R/F turns of solved: (distance, next move)."""
    start = solved_state()
    seen: dict[tuple[str, ...], tuple[int, str]] = {start: (0, "")}
    frontier = [start]
    for depth in range(1, TABLE_DEPTH + 1):
        nxt = []
        for state in frontier:
            for move in _GROUP:
                child = apply(state, move)
                if child not in seen:
                    seen[child] = (depth, _INVERSE[move])
                    nxt.append(child)
        frontier = nxt
    return seen


def solve(state: tuple[str, ...]) -> list[str]:
    """A shortest U/R/F solution of a position whose down-back-left cubie is in place."""
    known = table()
    parents: dict[tuple[str, ...], tuple[tuple[str, ...] | None, str]] = {state: (None, "")}
    frontier = [state]
    while True:
        hits = [s for s in frontier if s in known]
        if hits:
            meet = min(hits, key=lambda s: known[s][0])
            break
        nxt = []
        for s in frontier:
            for move in _GROUP:
                child = apply(s, move)
                if child not in parents:
                    parents[child] = (s, move)
                    nxt.append(child)
        frontier = nxt
    path: list[str] = []
    s: tuple[str, ...] | None = meet
    while parents[s][0] is not None:
        path.append(parents[s][1])
        s = parents[s][0]
    path.reverse()
    s = meet
    while known[s][0]:
        move = known[s][1]
        path.append(move)
        s = apply(s, move)
    return path


def net(state: tuple[str, ...]) -> str:
    """The sticker colours as a flat net (U above L F R B, D below)."""
    grids: dict[str, list[list[str]]] = {}
    for face, (normal, up, right) in _FACES.items():
        grid = [["?", "?"], ["?", "?"]]
        for (pos, n), colour in zip(stickers(), state):
            if n == normal:
                grid[0 if _dot(pos, up) > 0 else 1][0 if _dot(pos, right) < 0 else 1] = colour
        grids[face] = grid
    pad = " " * 6
    lines = [pad + " ".join(grids["U"][r]) for r in range(2)]
    lines += ["   ".join(" ".join(grids[f][r]) for f in "LFRB") for r in range(2)]
    lines += [pad + " ".join(grids["D"][r]) for r in range(2)]
    return "\n".join(lines)


class PocketCube(Family):
    """A solution of a scrambled 2x2x2 cube within a move budget, checked by simulation."""

    knobs: ClassVar[dict[str, Knob]] = {
        "depth": Knob("int", 1, 8, default=4, easy=1, hard=8, doc="scramble turns"),
        "slack": Knob("int", 0, 6, default=2, easy=3, hard=0, doc="moves beyond the fewest"),
    }
    answer_syntax = "face turns separated by spaces (e.g. R U' F2)"
    answer_form = "move sequence"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        depth, slack = int(knobs["depth"]), int(knobs["slack"])
        start = solved_state()
        while True:
            state, last = start, ""
            for _ in range(depth):
                move = rng.choice([m for m in _GROUP if m[0] != last])
                last = move[0]
                state = apply(state, move)
            if not is_solved(state):
                break
        solution = solve(state)
        budget = len(solution) + slack
        question = (
            "A 2x2x2 cube is shown unfolded: the up face (U) on top, then the left (L), front "
            "(F), right (R) and back (B) faces side by side, then the down face (D). Each face "
            "is seen from outside the cube; U has its back edge at the top and D its front edge "
            "at the top. Letters are sticker colours.\n\n"
            f"{net(state)}\n\n"
            "Moves: U, D, L, R, F and B turn that face a quarter turn clockwise as seen from "
            "outside the cube, X' turns it anticlockwise and X2 a half turn (one move). "
            f"Solve the cube (every face one colour) in at most {budget} moves."
        )
        meta = {"state": "".join(state), "fewest": len(solution), "budget": budget}
        return Draft(question, " ".join(solution), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        tokens = answer.replace(",", " ").split()
        matches = [_MOVE.fullmatch(t) for t in tokens]
        if not tokens or not all(matches):
            return Judgement.unparsable("expected face turns like R U' F2 separated by spaces")
        if len(tokens) > problem.meta["budget"]:
            return Judgement.wrong(why="more moves than allowed")
        state = tuple(problem.meta["state"])
        for match in matches:
            face, suffix = match.groups()
            state = apply(state, face + ("'" if suffix in ("'", "’", "′") else suffix or ""))
        return Judgement.right() if is_solved(state) else Judgement.wrong(why="not solved")

    def complexity(self, problem: Problem) -> float:
        """Twice the fewest moves that solve the position, plus how far the slack is below 3."""
        meta = problem.meta
        return 2 * meta["fewest"] + max(0, 3 - (meta["budget"] - meta["fewest"]))
