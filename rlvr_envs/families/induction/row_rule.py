"""RowRule: a one-dimensional ARC-style rule, from input -> output rows, on a new row.

Rows are strips of cells holding colours 0-9 (0 is the background); an object is a maximal
run of cells of one non-zero colour. The prompt states a library of row operations (shift
every cell 1-3 places left or right, mirror, slide the objects to one end, fill the gap
between two cells of one colour, extend each object to the next object, keep only the ends
of long objects, keep the longest object, remove single cells, recolour everything to one
colour) and says the hidden rule applies at most ``depth`` of them in order. Unique by
proof: examples are added until every composition of at most ``depth`` library operations
that fits them gives the same row on the test input (an exhaustive enumeration). The
answer is never a row the prompt shows; the check compares rows cell by cell.

Answer syntax: the output row as digits, one per cell (``0033000``); spaces or commas
between the digits are ignored. A row of the wrong length is wrong.

Knobs: ``width`` (cells per row, 8 -> 20), ``depth`` (operations in the rule, 1 -> 2) and
``examples`` (examples shown at least, 4 -> 2; more are added where needed). Difficulty
raises the width and the depth and lowers the examples.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.induction.compositions import Invariant, Operation, pin_examples, run
from rlvr_envs.families.induction.readers import AnswerError, read_digit_row

Row = tuple[int, ...]


def _shift(k: int) -> Callable[[Row], Row]:
    if k > 0:
        return lambda r: (0,) * k + r[:-k]
    return lambda r: r[-k:] + (0,) * -k


def _gravity(right: bool) -> Callable[[Row], Row]:
    def slide(r: Row) -> Row:
        cells = [c for c in r if c]
        pad = (0,) * (len(r) - len(cells))
        return pad + tuple(cells) if right else tuple(cells) + pad

    return slide


def _objects(r: Row) -> list[tuple[int, int, int]]:
    """(start, end exclusive, colour) of each maximal run of one non-zero colour."""
    out, i = [], 0
    while i < len(r):
        if r[i]:
            j = i
            while j < len(r) and r[j] == r[i]:
                j += 1
            out.append((i, j, r[i]))
            i = j
        else:
            i += 1
    return out


def _fill_gaps(r: Row) -> Row:
    out = list(r)
    last = None  # index of the last non-zero cell
    for i, c in enumerate(r):
        if c:
            if last is not None and r[last] == c:
                out[last + 1 : i] = [c] * (i - last - 1)
            last = i
    return tuple(out)


def _extend(right: bool) -> Callable[[Row], Row]:
    def spread(r: Row) -> Row:
        cells = list(r if right else r[::-1])
        colour = 0
        for i, c in enumerate(cells):
            if c:
                colour = c
            else:
                cells[i] = colour
        return tuple(cells if right else cells[::-1])

    return spread


def _hollow(r: Row) -> Row:
    out = list(r)
    for start, end, _ in _objects(r):
        if end - start >= 3:
            out[start + 1 : end - 1] = [0] * (end - start - 2)
    return tuple(out)


def _keep_longest(r: Row) -> Row:
    objects = _objects(r)
    if not objects:
        return r
    start, end, colour = max(objects, key=lambda o: (o[1] - o[0], -o[0]))
    return (0,) * start + (colour,) * (end - start) + (0,) * (len(r) - end)


def _remove_singles(r: Row) -> Row:
    out = list(r)
    for start, end, _ in _objects(r):
        if end - start == 1:
            out[start] = 0
    return tuple(out)


def _recolour(colour: int) -> Callable[[Row], Row]:
    return lambda r: tuple(colour if c else 0 for c in r)


LIBRARY: list[tuple[str, str, Callable[[Row], Row]]] = [
    *((f"shift_right_{k}", f"move every cell {k} place{'s' * (k > 1)} right (cells "
       "pushed past the end are lost, 0s come in)", _shift(k)) for k in (1, 2, 3)),
    *((f"shift_left_{k}", f"move every cell {k} place{'s' * (k > 1)} left (cells pushed "
       "past the start are lost, 0s come in)", _shift(-k)) for k in (1, 2, 3)),
    ("mirror", "reverse the row", lambda r: r[::-1]),
    ("slide_right", "move every non-zero cell as far right as it goes, keeping their order",
     _gravity(True)),
    ("slide_left", "move every non-zero cell as far left as it goes, keeping their order",
     _gravity(False)),
    ("fill_gaps", "fill each run of 0s that has cells of the same colour on both sides with "
     "that colour", _fill_gaps),
    ("extend_right", "fill each 0 with the colour of the nearest non-zero cell to its left "
     "(0s with none stay)", _extend(True)),
    ("extend_left", "fill each 0 with the colour of the nearest non-zero cell to its right "
     "(0s with none stay)", _extend(False)),
    ("hollow", "in every object of 3 or more cells, set all but its two end cells to 0",
     _hollow),
    ("keep_longest", "keep only the longest object (the leftmost of equally long ones); "
     "every other cell becomes 0", _keep_longest),
    ("remove_singles", "set every object of exactly one cell to 0", _remove_singles),
    *((f"recolour_{c}", f"give every non-zero cell colour {c}", _recolour(c))
      for c in range(1, 10)),
]  # fmt: skip
OPS: list[Operation] = [(name, fn) for name, _, fn in LIBRARY]
_KEEP_COLOURS = ("mirror", "slide_right", "slide_left", "fill_gaps", "extend_right", "extend_left",
                 "hollow")  # fmt: skip
_COLOURS = frozenset(i for i, (n, _, _) in enumerate(LIBRARY) if n in _KEEP_COLOURS)
INVARIANTS: list[Invariant] = [
    (lambda r: tuple(sorted({c for c in r if c})), _COLOURS),  # the colours present
]


def show(row: Row) -> str:
    return "".join(map(str, row))


def draw_row(rng: random.Random, width: int) -> Row:
    """Two to four objects of one to four cells in random colours, with gaps."""
    while True:
        cells = [0] * width
        for _ in range(rng.randint(2, 2 + width // 8)):
            size, colour = rng.randint(1, 4), rng.randint(1, 9)
            start = rng.randrange(width - size + 1)
            cells[start : start + size] = [colour] * size
        row = tuple(cells)
        if len(_objects(row)) >= 2 and row.count(0) >= width // 3:
            return row


class RowRule(Family):
    """A composition of one-dimensional grid operations, pinned by examples."""

    knobs: ClassVar[dict[str, Knob]] = {
        "width": Knob("int", 6, 30, default=12, easy=8, hard=20, doc="cells per row"),
        "depth": Knob("int", 1, 2, default=1, doc="operations composed"),
        "examples": Knob("int", 1, 6, default=3, easy=4, hard=2, doc="examples shown at least"),
    }
    answer_syntax = "the output row as digits, one per cell (e.g. 0033000)"
    answer_form = "row of digits"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        width, depth = int(knobs["width"]), int(knobs["depth"])
        while True:
            target = tuple(rng.randrange(len(OPS)) for _ in range(depth))
            query = draw_row(rng, width)
            out = run(OPS, target, query)
            if out == query or not any(out):
                continue
            pool = [draw_row(rng, width) for _ in range(10)]
            pinned = pin_examples(OPS, depth, target, pool, [query], int(knobs["examples"]),
                                  INVARIANTS)  # fmt: skip
            if pinned is None:
                continue
            examples, programs = pinned
            if any(len(p) < depth for p in programs):
                continue
            shown = {query, *(x for pair in examples for x in pair)}
            if out not in shown and all(x != y for x, y in examples):
                break
        lines = "\n".join(f"  {show(x)} -> {show(y)}" for x, y in examples)
        library = "\n".join(
            f"  {name}: {doc}" for name, doc, _ in LIBRARY if not name.startswith("recolour")
        )
        library += "\n  recolour_1 to recolour_9: recolour_c gives every non-zero cell colour c"
        at_most = "one operation" if depth == 1 else f"a sequence of at most {depth} operations"
        question = (
            "Rows of cells hold colours 0-9, written as digits; 0 is the background, and an "
            "object is a maximal run of cells of one non-zero colour. A hidden rule turns "
            f"each input row into an output row. It is {at_most} from this library, applied "
            f"in order:\n{library}\n\nExamples (input -> output):\n{lines}\n\n"
            f"Apply the rule to this row:\n  {show(query)}"
        )
        meta = {
            "rule": [LIBRARY[i][0] for i in target],
            "examples": [[show(x), show(y)] for x, y in examples],
            "query": show(query),
            "fitting": len(programs),
        }
        return Draft(question, show(out), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            row = read_digit_row(answer)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        expected = [int(c) for c in problem.answer]
        if len(row) != len(expected):
            return Judgement.wrong(why="the row has the wrong length")
        return Judgement.right() if row == expected else Judgement.wrong()

    def complexity(self, problem: Problem) -> float:
        """Operations times cells, over the examples shown."""
        meta = problem.meta
        return len(meta["rule"]) * len(meta["query"]) * 4 / len(meta["examples"])
