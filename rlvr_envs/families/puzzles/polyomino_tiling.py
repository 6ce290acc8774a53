"""Polyomino tiling: cover a region exactly with a given set of lettered polyominoes.

The region is drawn as ``#`` cells (to be covered) and ``.`` cells (not part of it) on a
rows x cols grid; each piece is a polyomino drawn with its letter. Every piece must be used
exactly once, the pieces may not overlap, and together they cover every ``#`` cell and
nothing else. Whether a piece may be turned is stated in the prompt (the ``orientation``
knob): ``fixed`` (placed exactly as drawn, only moved), ``rotate`` (also rotated by
multiples of 90 degrees) or ``free`` (also mirrored).

Solvable by construction: a rectangle is cut into random connected pieces (grown cell by
cell from the first uncovered cell in reading order), a few pieces on the border are dropped
to make the region irregular, and each remaining piece is shown in a random allowed
orientation. Several tilings may be right (identical pieces swap letters, and a region often
has more than one tiling): the verifier checks the answer against the rules, and any valid
tiling scores 1.

Answer syntax: the grid with each ``#`` cell replaced by the letter of the piece covering it
and every ``.`` cell kept as ``.``, one row per line, top row first (letters in either case;
spaces inside a row are ignored; rows may be separated by ``/``).

Knobs: ``size`` (rows of the grid; it has ``size`` or ``size + 1`` columns), ``piece_size``
(the largest piece, in cells; pieces have ``piece_size - 1`` or ``piece_size`` cells, a
piece cut short by its neighbours fewer, and a piece grows by one where 26 letters would not
name them all) and ``orientation`` (fixed, rotate, free).
Difficulty raises all three.
"""

from __future__ import annotations

import math
import random
import string
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.puzzles.shapes import AnswerError, parse_rows

LETTERS = string.ascii_uppercase
ORIENTATIONS = ("fixed", "rotate", "free")
Cells = frozenset[tuple[int, int]]


def normalise(cells) -> Cells:
    """Move a set of cells so that its top row and left column are 0."""
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return frozenset((r - top, c - left) for r, c in cells)


def orientations(cells, orientation: str) -> list[Cells]:
    """The distinct placements-up-to-translation allowed for a piece, the drawn one first."""
    shapes = [normalise(cells)]
    if orientation != "fixed":
        turned = list(cells)
        for _ in range(3):
            turned = [(c, -r) for r, c in turned]
            shapes.append(normalise(turned))
        if orientation == "free":
            shapes += [normalise([(r, -c) for r, c in shape]) for shape in shapes[:4]]
    unique: list[Cells] = []
    for shape in shapes:
        if shape not in unique:
            unique.append(shape)
    return unique


def shape_lines(cells: Cells, letter: str) -> list[str]:
    rows = 1 + max(r for r, _ in cells)
    cols = 1 + max(c for _, c in cells)
    return ["".join(letter if (r, c) in cells else "." for c in range(cols)) for r in range(rows)]


def cut(rng: random.Random, rows: int, cols: int, largest: int) -> list[list[tuple[int, int]]]:
    """A partition of the rows x cols rectangle into connected pieces of 2..largest+1 cells."""
    owner = [[-1] * cols for _ in range(rows)]
    pieces: list[list[tuple[int, int]]] = []
    for r0 in range(rows):
        for c0 in range(cols):
            if owner[r0][c0] >= 0:
                continue
            target = rng.randint(max(2, largest - 1), largest)
            piece = [(r0, c0)]
            owner[r0][c0] = len(pieces)
            while len(piece) < target:
                frontier = [
                    (r + dr, c + dc)
                    for r, c in piece
                    for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                    if 0 <= r + dr < rows and 0 <= c + dc < cols and owner[r + dr][c + dc] < 0
                ]
                if not frontier:
                    break
                r, c = rng.choice(frontier)
                owner[r][c] = len(pieces)
                piece.append((r, c))
            if len(piece) == 1:  # a lone cell joins a neighbouring piece
                r, c = piece[0]
                for rr, cc in ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c)):
                    if 0 <= rr < rows and 0 <= cc < cols and owner[rr][cc] >= 0:
                        owner[r][c] = owner[rr][cc]
                        pieces[owner[rr][cc]].append((r, c))
                        break
                continue
            pieces.append(piece)
    return pieces


class PolyominoTiling(Family):
    """Tile a region exactly with lettered polyominoes."""

    knobs: ClassVar[dict[str, Knob]] = {
        "size": Knob("int", 3, 8, default=4, easy=3, hard=7, doc="rows of the grid"),
        "piece_size": Knob(
            "int", 3, 6, default=4, easy=3, hard=5, doc="cells of the largest piece"
        ),
        "orientation": Knob(
            "categorical",
            choices=ORIENTATIONS,
            default="rotate",
            doc="pieces placed as drawn, also rotated, or also mirrored",
        ),
    }
    answer_syntax = (
        "the grid with each # replaced by the letter of the piece covering it and each . kept, "
        "one row per line"
    )
    answer_form = "grid of piece letters and ."
    unique_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        rows, largest = int(knobs["size"]), int(knobs["piece_size"])
        orientation = knobs["orientation"]
        cols = rows + rng.randint(0, 1)
        attempts = 0
        while True:
            attempts += 1
            if attempts % 8 == 0:  # too many pieces for the letters: cut bigger ones
                largest += 1
            pieces = cut(rng, rows, cols, largest)
            border = [i for i, p in enumerate(pieces)
                      if any(r in (0, rows - 1) or c in (0, cols - 1) for r, c in p)]  # fmt: skip
            drop = set(rng.sample(border, min(len(border), rng.randint(0, len(pieces) // 6))))
            kept = [p for i, p in enumerate(pieces) if i not in drop]
            if 2 <= len(kept) <= len(LETTERS):
                break
        rng.shuffle(kept)
        solution = [["."] * cols for _ in range(rows)]
        drawn = []
        for letter, piece in zip(LETTERS, kept, strict=False):
            for r, c in piece:
                solution[r][c] = letter
            shape = rng.choice(orientations(piece, orientation))
            drawn.append(shape)
        region = ["".join("." if v == "." else "#" for v in row) for row in solution]
        turn = {
            "fixed": "exactly as drawn (moved only: no rotating, no mirroring)",
            "rotate": "rotated by any multiple of 90 degrees, but not mirrored",
            "free": "rotated by any multiple of 90 degrees and mirrored (flipped over)",
        }[orientation]
        shown = "\n\n".join(
            f"Piece {LETTERS[i]}:\n" + "\n".join(shape_lines(shape, LETTERS[i]))
            for i, shape in enumerate(drawn)
        )
        question = (
            f"Cover the # cells of this {rows}x{cols} region exactly with the {len(drawn)} "
            f"pieces below (. cells are not part of the region):\n\n"
            + "\n".join(region)
            + f"\n\n{shown}\n\nUse every piece exactly once, with no overlaps; each piece may "
            f"be placed {turn}. Write the region with each # replaced by the letter of the "
            "piece covering that cell and each . kept as ."
        )
        meta = {
            "region": region,
            "pieces": [[list(cell) for cell in sorted(shape)] for shape in drawn],
            "orientation": orientation,
        }
        return Draft(question, "\n".join("".join(row) for row in solution), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        region = meta["region"]
        rows, cols = len(region), len(region[0])
        count = len(meta["pieces"])
        symbols = {".": -1}
        for i in range(count):
            symbols[LETTERS[i]] = symbols[LETTERS[i].lower()] = i
        try:
            grid = parse_rows(answer, symbols, rows * cols)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if len(grid) != rows or len(grid[0]) != cols:
            return Judgement.wrong(size=f"{len(grid)}x{len(grid[0])}", expected=f"{rows}x{cols}")
        placed: list[list[tuple[int, int]]] = [[] for _ in range(count)]
        for r in range(rows):
            for c in range(cols):
                value = grid[r][c]
                if (value < 0) != (region[r][c] == "."):
                    where = "outside the region" if value >= 0 else "uncovered"
                    return Judgement.wrong(error=f"cell row {r + 1} col {c + 1} is {where}")
                if value >= 0:
                    placed[value].append((r, c))
        good = 0
        bad = []
        for i, cells in enumerate(placed):
            shape = [tuple(cell) for cell in meta["pieces"][i]]
            if cells and normalise(cells) in orientations(shape, meta["orientation"]):
                good += 1
            else:
                bad.append(LETTERS[i])
        if not bad:
            return Judgement.right()
        return Judgement.wrong(score=good / count, bad_pieces="".join(bad))

    def complexity(self, problem: Problem) -> float:
        """Region cells times the mean piece size times log2 of the orientations per piece
        (plus one)."""
        meta = problem.meta
        cells = sum(row.count("#") for row in meta["region"])
        mean_piece = cells / len(meta["pieces"])
        turns = {"fixed": 1, "rotate": 4, "free": 8}[meta["orientation"]]
        return cells * mean_piece * (1 + math.log2(turns))
