"""ProgressiveMatrix: the missing cell of a 3 x 3 grid of figures, in the style of Raven's
progressive matrices, written as text.

Each cell holds a number of shapes of one colour (and one size where ``attributes`` is 4).
Every attribute follows a rule along each row, from a stated space: the same in the whole
row; a progression (the count grows or falls by the same step along every row); the third
is the sum of the first two (count only); or each row shows the same three values in some
order. The bottom-right cell is hidden. Unique by proof: for every attribute, every rule of
the space that fits the eight shown cells is tried, and the grid is drawn again unless they
all give the same value; the hidden cell is never one of the shown cells.

Answer syntax: the hidden cell as the prompt writes cells: count, then size where sizes
are used, colour and shape (``3 red squares``, ``1 large blue star``); a shape may be
singular or plural.

Knobs: ``attributes`` (2: count and shape; 3: and colour; 4: and size) and ``rules``
(``simple``: same or progression; ``all``: also sums and the three-values rule).
Difficulty raises both.
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem

SHAPES = ["circle", "square", "triangle", "star", "hexagon", "diamond"]
COLOURS = ["red", "blue", "green", "yellow", "black", "white"]
SIZES = ["small", "medium", "large"]
VALUES = {"shape": SHAPES, "colour": COLOURS, "size": SIZES}
Grid = list[list[int]]  # one attribute: 3 rows of 3 values (the last one hidden)


def predictions(grid: Grid, numeric: bool, rules: str) -> set[int]:
    """The hidden value under every rule of the space that fits the eight shown values."""
    out: set[int] = set()
    rows = grid
    if all(r[0] == r[1] == r[2] for r in rows[:2]) and rows[2][0] == rows[2][1]:
        out.add(rows[2][0])
    if numeric:
        step = rows[0][1] - rows[0][0]
        steps = [r[1] - r[0] for r in rows] + [rows[0][2] - rows[0][1], rows[1][2] - rows[1][1]]
        if step and all(s == step for s in steps):
            out.add(rows[2][1] + step)
        if rules == "all" and all(r[0] + r[1] == r[2] for r in rows[:2]):
            out.add(rows[2][0] + rows[2][1])
    if rules == "all":
        three = set(rows[0])
        seen = {rows[2][0], rows[2][1]}
        if len(three) == 3 and set(rows[1]) == three and len(seen) == 2 and seen <= three:
            out |= three - seen
    return out


def _draw(rng: random.Random, kind: str, numeric: bool, choices: int) -> Grid | None:
    if kind == "same":
        return [[v] * 3 for v in rng.sample(range(1, 10) if numeric else range(choices), 3)]
    if kind == "progression":
        step = rng.choice((1, 2, -1))
        starts = [rng.randint(1, 9) for _ in range(3)]
        grid = [[s, s + step, s + 2 * step] for s in starts]
        return grid if all(1 <= v <= 9 for r in grid for v in r) else None
    if kind == "sum":
        grid = []
        for _ in range(3):
            a, b = rng.randint(1, 5), rng.randint(1, 4)
            grid.append([a, b, a + b])
        return grid
    values = rng.sample(range(1, 10) if numeric else range(choices), 3)
    grid = []
    for _ in range(3):
        row = list(values)
        rng.shuffle(row)
        grid.append(row)
    return grid


def cell(values: dict[str, int], attributes: list[str]) -> str:
    count = values["count"]
    words = [str(count)]
    if "size" in attributes:
        words.append(SIZES[values["size"]])
    if "colour" in attributes:
        words.append(COLOURS[values["colour"]])
    shape = SHAPES[values["shape"]]
    words.append(shape if count == 1 else shape + "s")
    return " ".join(words)


class ProgressiveMatrix(Family):
    """The hidden cell of a 3 x 3 figure grid whose row rules come from a stated space."""

    knobs: ClassVar[dict[str, Knob]] = {
        "attributes": Knob("int", 2, 4, default=3, doc="count, shape, colour, size"),
        "rules": Knob("categorical", choices=("simple", "all"), doc="rule kinds"),
    }
    answer_syntax = "the hidden cell as the grid writes cells (e.g. 3 red squares)"
    answer_form = "cell description"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        attributes = ["count", "shape", "colour", "size"][: int(knobs["attributes"])]
        rules = knobs["rules"]
        kinds = {True: ["same", "progression"], False: ["same"]}
        if rules == "all":
            kinds = {True: ["same", "progression", "sum", "three"], False: ["same", "three"]}
        while True:
            grids: dict[str, Grid] = {}
            for name in attributes:
                numeric = name == "count"
                choices = len(VALUES.get(name, []))
                grid = _draw(rng, rng.choice(kinds[numeric]), numeric, choices)
                if grid is None or predictions(grid, numeric, rules) != {grid[2][2]}:
                    break
                grids[name] = grid
            else:
                if any(grids[n] != [[grids[n][0][0]] * 3] * 3 for n in attributes):
                    cells = [
                        [{n: grids[n][r][c] for n in attributes} for c in range(3)]
                        for r in range(3)
                    ]
                    hidden = cells[2][2]
                    shown = [cells[r][c] for r in range(3) for c in range(3) if (r, c) != (2, 2)]
                    if hidden not in shown and all(v["count"] >= 1 for v in [*shown, hidden]):
                        break
        lines = []
        for r in range(3):
            texts = [cell(cells[r][c], attributes) for c in range(3)]
            if r == 2:
                texts[2] = "?"
            lines.append(f"  Row {r + 1}: " + " | ".join(texts))
        space = (
            "stays the same along the row, or changes by the same step from cell to cell in "
            "every row (counts only)"
        )
        if rules == "all":
            space += (
                ", or is the sum of the first two (counts only), or each row shows the same "
                "three different values in some order"
            )
        question = (
            "Each cell of this 3 x 3 grid shows some identical shapes. Along every row, each "
            f"feature of the cells ({', '.join(attributes)}) follows a rule: it {space}; each "
            "feature follows its own rule, the same for all three rows.\n"
            + "\n".join(lines)
            + "\n\nWhat is in the cell marked ?"
        )
        meta = {"attributes": attributes, "hidden": hidden, "rules": rules}
        return Draft(question, cell(hidden, attributes), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        words = re.sub(r"[\s,]+", " ", answer.strip().lower()).split(" ")
        if len(words) > 6 or not words[0].isdigit():
            return Judgement.unparsable("expected a count, then the features, then the shape")
        attributes = problem.meta["attributes"]
        if len(words) != len(attributes):
            return Judgement.wrong(why="not one word per feature")
        got = {"count": int(words[0])}
        shape = words[-1]
        shape = shape[:-1] if shape.endswith("s") and shape[:-1] in SHAPES else shape
        if shape not in SHAPES:
            return Judgement.unparsable(f"{shape[:20]!r} is not a shape of the grid")
        got["shape"] = SHAPES.index(shape)
        middle = words[1:-1]
        names = [n for n in ("size", "colour") if n in attributes]
        for name, word in zip(names, middle):
            if word not in VALUES[name]:
                return Judgement.wrong(why=f"{word[:20]!r} is not a {name}")
            got[name] = VALUES[name].index(word)
        hidden = problem.meta["hidden"]
        right = sum(got.get(n) == hidden[n] for n in attributes)
        if right < len(attributes):
            return Judgement.wrong(score=right / len(attributes))
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Features to work out, more where sums and three-value rules are in play."""
        meta = problem.meta
        return len(meta["attributes"]) * (1.5 if meta["rules"] == "all" else 1)
