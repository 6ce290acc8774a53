"""Grid transform (in the style of ARC): infer a hidden rule from input -> output examples of
small colour grids and apply it to a test input.

Grids hold colours 0-9 (0 is the background). The hidden rule is one operation, or a
composition of up to ``depth`` operations applied in order, from a library the prompt lists:
the seven non-trivial rotations and reflections of the grid, gravity in four directions
(every non-zero cell slides as far as it can; cells in a line keep their order), crop to the
bounding box of the non-zero cells, tiling (twice side by side, twice stacked, 2 x 2), scaling
by 2 (each cell becomes a 2 x 2 block), a cyclic shift by one cell in four directions, and a
recolouring of the non-zero colours by a fixed map (0 stays 0). A composed rule takes its
operations from different kinds (two rotations would make one).

Unique by construction and proof: the generator adds examples until every rule of the
library that fits all of them (every geometric sequence of up to ``depth`` operations, each
optionally followed by any recolouring map: a superset of the library, since recolouring
commutes with every geometric operation here) gives the same output on the test input, and
that output is fully determined (its colours are ones the examples map). The test output
never equals a grid of the prompt and has at least two rows, so no copy of the prompt (a
grid, or a line of one) is right. The verifier compares the grid cell by cell.

Answer syntax: the test output grid as rows of digits, one row per line, top row first
(spaces or commas between digits are ignored; rows may be separated by ``/``). A grid of the
wrong size is wrong.

Knobs: ``size`` (the largest side of an input grid; sides are drawn from ``size - 2`` to
``size``), ``examples`` (how many examples are shown at least; fewer is harder, and more are
added where needed for a unique answer) and ``depth`` (operations in the hidden rule).
Difficulty raises the size and the depth and lowers the examples.

Versions: in v0 uniqueness covers the rules of at most ``depth`` operations, while the
depth-1 prompt ("one operation applied in order from this list") reads to some as allowing
compositions: on 2 of 32 problems a composition of two operations fits every example and
gives another test output (``shift_right`` twice against ``shift_left`` on width-3 examples;
``gravity_down`` then ``crop`` against ``crop``). v1 (issue 26) adds examples until every
composition of up to two operations of the library (each optionally recoloured) that fits
them agrees on the test input, at every depth; the prompt is unchanged.

Speed: checking uniqueness applies every candidate sequence (21 at depth 1, about 350 at
depth 2) to the first example. The default (depth 1) generates about 6,000 problems per
second and difficulty 1 (depth 2, size 8) about 1,500; depth 2 at the largest size with one
example, the slowest corner, about 400.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.puzzles.shapes import (
    DIHEDRAL,
    AnswerError,
    Grid,
    crop,
    gravity,
    grid_lines,
    parse_rows,
    scale,
    shift,
    tile,
)

DIGITS = {str(d): d for d in range(10)}
MAX_SIDE = 20


def _gravity(direction: str) -> Callable[[Grid], Grid]:
    return lambda g: gravity(g, direction)


def _shift(direction: str) -> Callable[[Grid], Grid]:
    return lambda g: shift(g, direction)


# name -> (kind, function, description); a composed rule never repeats a kind.
PRIMITIVES: dict[str, tuple[str, Callable[[Grid], Grid], str]] = {
    "rot90": ("turn", DIHEDRAL["rot90"], "rotate 90 degrees clockwise"),
    "rot180": ("turn", DIHEDRAL["rot180"], "rotate 180 degrees"),
    "rot270": ("turn", DIHEDRAL["rot270"], "rotate 90 degrees counterclockwise"),
    "flip_lr": ("turn", DIHEDRAL["flip_lr"], "mirror left-right"),
    "flip_ud": ("turn", DIHEDRAL["flip_ud"], "mirror top-bottom"),
    "transpose": ("turn", DIHEDRAL["transpose"], "transpose (reflect across the main diagonal)"),
    "anti_transpose": (
        "turn",
        DIHEDRAL["anti_transpose"],
        "reflect across the anti-diagonal (top-right to bottom-left)",
    ),
    **{
        f"gravity_{d}": ("gravity", _gravity(d), f"gravity {d}: every non-zero cell slides {d}")
        for d in ("up", "down", "left", "right")
    },
    "crop": ("crop", crop, "crop to the bounding box of the non-zero cells"),
    "tile_lr": ("resize", lambda g: tile(g, 1, 2), "tile: the grid twice side by side"),
    "tile_ud": ("resize", lambda g: tile(g, 2, 1), "tile: the grid twice, one above the other"),
    "tile_2x2": ("resize", lambda g: tile(g, 2, 2), "tile: the grid 2 x 2 times"),
    "scale2": ("resize", lambda g: scale(g, 2), "scale by 2: each cell becomes a 2x2 block"),
    **{
        f"shift_{d}": ("shift", _shift(d), f"shift every cell one step {d}, wrapping around")
        for d in ("up", "down", "left", "right")
    },
}
NAMES = tuple(PRIMITIVES)
RECOLOUR = "recolour"
LIBRARY_TEXT = (
    "- rotate 90 degrees clockwise, 180 degrees, or 90 degrees counterclockwise\n"
    "- mirror left-right, mirror top-bottom, transpose (reflect across the main diagonal), "
    "or reflect across the anti-diagonal\n"
    "- gravity up, down, left or right: every non-zero cell slides in that direction until it "
    "meets the edge or another non-zero cell (cells in a line keep their order)\n"
    "- crop to the bounding box of the non-zero cells\n"
    "- tile: the grid repeated twice side by side, twice one above the other, or 2 x 2 times\n"
    "- scale by 2: each cell becomes a 2x2 block of its colour\n"
    "- shift every cell one step up, down, left or right, wrapping around the edges\n"
    "- recolour: each non-zero colour is replaced by a colour given by a fixed map (the same "
    "in every example; 0 stays 0)"
)


def _fit(got: Grid, want: Grid, mapping: dict[int, int]) -> dict[int, int] | None:
    """The recolouring (extending ``mapping``) that takes ``got`` to ``want`` cell by cell,
    or None when there is none (a different shape, 0 against non-zero, one colour to two)."""
    if len(got) != len(want) or len(got[0]) != len(want[0]):
        return None
    if got == want and all(mapping.get(v, v) == v for row in got for v in row):
        new = dict(mapping)
        for row in got:
            for v in row:
                if v:
                    new[v] = v
        return new
    new = dict(mapping)
    for row_got, row_want in zip(got, want, strict=True):
        for a, b in zip(row_got, row_want, strict=True):
            if a:
                if not b or new.setdefault(a, b) != b:
                    return None
            elif b:
                return None
    return new


def _run(sequence: tuple[str, ...], grid: Grid) -> Grid:
    for name in sequence:
        grid = PRIMITIVES[name][1](grid)
    return grid


def _sequences(depth: int) -> list[tuple[str, ...]]:
    """Every geometric sequence of up to ``depth`` operations, less those equal as functions
    to a shorter one (two rotations/reflections, the same gravity or crop twice)."""
    found: list[tuple[str, ...]] = [()]
    frontier: list[tuple[str, ...]] = [()]
    for _ in range(depth):
        longer = []
        for seq in frontier:
            for name in NAMES:
                if seq:
                    last = seq[-1]
                    if PRIMITIVES[last][0] == "turn" == PRIMITIVES[name][0]:
                        continue
                    if last == name and PRIMITIVES[name][0] in ("gravity", "crop"):
                        continue
                longer.append((*seq, name))
        found += longer
        frontier = longer
    return found


_SEQUENCES = {depth: _sequences(depth) for depth in (1, 2)}


def _same(rows: int, cols: int) -> tuple[int, int]:
    return rows, cols


def _swap(rows: int, cols: int) -> tuple[int, int]:
    return cols, rows


# name -> the output's (rows, cols) from the input's, or None where it depends on the content.
SHAPES: dict[str, Callable[[int, int], tuple[int, int]] | None] = {
    **{name: _swap for name in ("rot90", "rot270", "transpose", "anti_transpose")},
    **{name: _same for name in ("rot180", "flip_lr", "flip_ud")},
    **{f"gravity_{d}": _same for d in ("up", "down", "left", "right")},
    **{f"shift_{d}": _same for d in ("up", "down", "left", "right")},
    "crop": None,
    "tile_lr": lambda r, c: (r, 2 * c),
    "tile_ud": lambda r, c: (2 * r, c),
    "tile_2x2": lambda r, c: (2 * r, 2 * c),
    "scale2": lambda r, c: (2 * r, 2 * c),
}


def _survivors(alive, grid: Grid, out: Grid):
    """The candidates (sequence, recolouring so far) that also fit ``grid`` -> ``out``, each
    with its recolouring extended. Results of a sequence's first operation are shared, and a
    second operation whose output shape cannot match is skipped before it runs."""
    target = (len(out), len(out[0]))
    first: dict[str, Grid] = {}
    kept = []
    for seq, mapping in alive:
        got = grid
        for index, name in enumerate(seq):
            if index == 0:
                got = first.get(name)
                if got is None:
                    got = first[name] = PRIMITIVES[name][1](grid)
                continue
            shape = SHAPES[name] if index == len(seq) - 1 else None
            if shape is not None and shape(len(got), len(got[0])) != target:
                got = None
                break
            got = PRIMITIVES[name][1](got)
        if got is not None and (fitted := _fit(got, out, mapping)) is not None:
            kept.append((seq, fitted))
    return kept


def _settles(seq: tuple[str, ...], mapping: dict[int, int], test_in: Grid, want: Grid) -> bool:
    """Whether the candidate gives ``want`` on ``test_in``, every colour of it mapped."""
    got = _run(seq, test_in)
    if len(got) != len(want) or len(got[0]) != len(want[0]):
        return False
    for row_got, row_want in zip(got, want, strict=True):
        for a, b in zip(row_got, row_want, strict=True):
            if (mapping.get(a) if a else 0) != b:
                return False
    return True


class GridTransform(Family):
    """Infer a grid rule from examples and apply it to a test input."""

    knobs: ClassVar[dict[str, Knob]] = {
        "size": Knob("int", 3, 10, default=5, easy=4, hard=8, doc="largest side of an input"),
        "examples": Knob("int", 1, 6, default=3, easy=4, hard=2, doc="examples shown (at least)"),
        "depth": Knob("int", 1, 2, default=1, easy=1, hard=2, doc="operations in the rule"),
    }
    answer_syntax = "the output grid as rows of digits, one row per line (e.g. 012 / 340)"
    answer_form = "grid of digits"
    # rules the generator proves wrong on the test input unless they agree: every sequence
    # of up to max(depth, unique_over) operations (v0: the rule's own depth)
    unique_over: ClassVar[int] = 1

    # -- generation -----------------------------------------------------------------------
    def _input(self, rng: random.Random, size: int, palette: list[int]) -> Grid:
        """A grid with a random patch of coloured cells on a 0 background."""
        while True:
            rows = rng.randint(max(2, size - 2), size)
            cols = rng.randint(max(2, size - 2), size)
            box_r, box_c = rng.randint(2, rows), rng.randint(2, cols)
            top, left = rng.randint(0, rows - box_r), rng.randint(0, cols - box_c)
            grid = tuple(
                tuple(
                    rng.choice(palette)
                    if top <= r < top + box_r and left <= c < left + box_c and rng.random() < 0.55
                    else 0
                    for c in range(cols)
                )
                for r in range(rows)
            )
            if sum(1 for row in grid for v in row if v) >= 2:
                return grid

    def _rule(self, rng: random.Random, depth: int) -> list[str]:
        while True:
            steps = [rng.choice((*NAMES, RECOLOUR, RECOLOUR, RECOLOUR)) for _ in range(depth)]
            kinds = [PRIMITIVES[s][0] if s in PRIMITIVES else s for s in steps]
            if len(set(kinds)) == depth:
                return steps

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        size, shown, depth = int(knobs["size"]), int(knobs["examples"]), int(knobs["depth"])
        candidates = _SEQUENCES[max(depth, self.unique_over)]
        while True:
            palette = rng.sample(range(1, 10), rng.randint(2, 4))
            steps = self._rule(rng, depth)
            recolour = {}
            if RECOLOUR in steps:
                targets = list(range(1, 10))
                while all(recolour.get(c, c) == c for c in palette):
                    recolour = {c: rng.choice(targets) for c in palette}
            geometric = tuple(s for s in steps if s != RECOLOUR)

            def rule(grid: Grid, geometric=geometric, recolour=recolour) -> Grid:
                grid = _run(geometric, grid)
                return tuple(tuple(recolour.get(v, v) for v in row) for row in grid)

            examples = self._examples(rng, candidates, rule, size, palette, shown)
            if examples is None:
                continue
            examples, test_in, test_out = examples
            shown_grids = {g for pair in examples for g in pair} | {test_in}
            if test_out not in shown_grids:
                break
        blocks = [
            f"Example {i}\nInput:\n" + "\n".join(grid_lines(a)) + "\nOutput:\n"
            + "\n".join(grid_lines(b))
            for i, (a, b) in enumerate(examples, 1)
        ]  # fmt: skip
        limit = "one operation" if depth == 1 else f"a composition of up to {depth} operations"
        question = (
            "Each example below shows an input grid and its output grid (digits are colours, "
            f"0 is the background). The same hidden rule, {limit} applied in order from this "
            f"list, turns every input into its output:\n{LIBRARY_TEXT}\n\n"
            + "\n\n".join(blocks)
            + "\n\nTest input:\n" + "\n".join(grid_lines(test_in))
            + "\n\nWhat is the output grid for the test input?"
        )  # fmt: skip
        meta = {
            "rule": steps,
            "recolour": {str(k): v for k, v in sorted(recolour.items())},
            "examples": [[grid_lines(a), grid_lines(b)] for a, b in examples],
            "test_input": grid_lines(test_in),
            "output": grid_lines(test_out),
        }
        return Draft(question, "\n".join(grid_lines(test_out)), meta)

    def _examples(self, rng, candidates, rule, size, palette, shown):
        """Examples, a test input and its output, such that every candidate sequence (with
        any recolouring) that fits the examples gives that output; None when the draw fails.

        Starts with ``shown`` examples and adds up to four more while the candidates left
        disagree on the test input (or leave one of its colours unmapped)."""

        def pair():
            for _ in range(20):
                grid = self._input(rng, size, palette)
                out = rule(grid)
                if out != grid and max(len(out), len(out[0])) <= MAX_SIDE:
                    return grid, out
            return None

        test_in = self._input(rng, size, palette)
        test_out = rule(test_in)
        if len(test_out) < 2 or max(len(test_out), len(test_out[0])) > MAX_SIDE:
            return None
        if test_out == test_in:
            return None
        examples = []
        alive = [(seq, {}) for seq in candidates]
        while len(examples) < shown + 4:
            new = pair()
            if new is None:
                return None
            examples.append(new)
            grid, out = new
            alive = _survivors(alive, grid, out)
            if len(examples) >= shown and all(
                _settles(seq, mapping, test_in, test_out) for seq, mapping in alive
            ):
                return examples, test_in, test_out
        return None

    # -- judging --------------------------------------------------------------------------
    def check(self, problem: Problem, answer: str) -> Judgement:
        want = problem.meta["output"]
        rows, cols = len(want), len(want[0])
        try:
            grid = parse_rows(answer, DIGITS, rows * cols)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if len(grid) != rows or len(grid[0]) != cols:
            return Judgement.wrong(size=f"{len(grid)}x{len(grid[0])}", expected=f"{rows}x{cols}")
        wrong = sum(grid[r][c] != int(want[r][c]) for r in range(rows) for c in range(cols))
        if wrong == 0:
            return Judgement.right()
        return Judgement.wrong(score=1 - wrong / (rows * cols), wrong_cells=wrong)

    def complexity(self, problem: Problem) -> float:
        """Operations in the rule times the cells of the test input and output, scaled up
        when fewer examples show the rule."""
        meta = problem.meta
        cells = len(meta["test_input"]) * len(meta["test_input"][0])
        cells += len(meta["output"]) * len(meta["output"][0])
        return len(meta["rule"]) * cells * (1 + 2 / len(meta["examples"]))


class GridTransformV1(GridTransform):
    """v1: the answer is unique over every composition of up to two operations, whatever
    the depth of the hidden rule."""

    name = "GridTransform"
    unique_over: ClassVar[int] = 2
