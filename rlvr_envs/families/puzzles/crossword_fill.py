"""Crossword fill: fill a small grid with words from a word bank so that every crossing agrees.

The grid has open cells (``.``) and blocked cells (``#``). A *slot* is a maximal run of two
or more open cells in a row (across) or a column (down); the prompt lists every slot with
its start and length. The word bank holds the words of one valid fill plus ``decoys`` more
words of the slots' lengths, all from the list of :mod:`rlvr_envs.families.puzzles.words`.

Generation is by construction: a first word is laid across, and each further word is laid
across a letter of a word already placed, in the other direction, under the usual crossword
adjacency rules (the cells before and after a word stay empty, and a new letter touches no
letter sideways), within a ``size`` x ``size`` box; cells no word covers are blocked. The
slots of the finished grid are exactly the words laid (checked at generation).

Several fills may be right (two slots of one length that cross nothing, a decoy that fits),
and every valid fill scores 1. The check works by the rules, not against the stored fill:
the answer has the grid's shape, a ``#`` exactly at each blocked cell and a letter in every
open cell; every slot reads a bank word; no bank word is used twice.

Answer syntax (stated in the prompt): the filled grid, one line per row, a letter in each
open cell and ``#`` in each blocked cell (case is ignored; spaces and ``|`` inside a row
are ignored; rows may also be separated by ``/``).

Knobs: ``words`` (slots in the grid: 3 at difficulty 0, 10 at 1; fewer when they do not fit
the box), ``decoys`` (extra bank words: 1 at difficulty 0, 6 at 1) and ``size`` (the side of
the box the grid fits in, and the longest word: 6 at difficulty 0, 11 at 1).
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.puzzles.words import DESCRIPTION, of_length
from rlvr_envs.families.shared.answer_parsing import AnswerError, parse_grid

MIN_WORD = 3
_SYMBOLS = {c: c.upper() for c in "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"}
_SYMBOLS["#"] = "#"


@cache
def _with_letter(length: int, index: int, letter: str) -> tuple[str, ...]:
    """The words of ``length`` letters with ``letter`` at ``index``, sorted."""
    return tuple(w for w in of_length(length) if w[index] == letter)


def slots(grid: list[str]) -> list[tuple[int, int, str, int]]:
    """Every maximal run of two or more open cells: (row, column, 'across'|'down', length),
    across runs first, each in reading order of its start."""
    rows, cols = len(grid), len(grid[0])
    found = []
    for r in range(rows):
        c = 0
        while c < cols:
            if grid[r][c] == "#":
                c += 1
                continue
            start = c
            while c < cols and grid[r][c] != "#":
                c += 1
            if c - start >= 2:
                found.append((r, start, "across", c - start))
    for c in range(cols):
        r = 0
        while r < rows:
            if grid[r][c] == "#":
                r += 1
                continue
            start = r
            while r < rows and grid[r][c] != "#":
                r += 1
            if r - start >= 2:
                found.append((start, c, "down", r - start))
    return found


def read(grid: list[str], slot: tuple[int, int, str, int]) -> str:
    r, c, way, length = slot
    if way == "across":
        return grid[r][c : c + length]
    return "".join(grid[r + k][c] for k in range(length))


class _Builder:
    """Lays words one across another inside a size x size box."""

    def __init__(self, rng: random.Random, size: int) -> None:
        self.rng, self.size = rng, size
        self.cells: dict[tuple[int, int], str] = {}
        self.ways: dict[tuple[int, int], str] = {}  # "a", "d" or "ad": words covering a cell
        self.placed: list[tuple[str, int, int, str]] = []
        self.box = [0, 0, -1, -1]  # min row, min col, max row, max col

    def fits(self, word: str, r: int, c: int, way: str) -> bool:
        dr, dc = (0, 1) if way == "across" else (1, 0)
        n = len(word)
        end_r, end_c = r + dr * (n - 1), c + dc * (n - 1)
        lo_r, lo_c = min(self.box[0], r), min(self.box[1], c)
        hi_r, hi_c = max(self.box[2], end_r), max(self.box[3], end_c)
        if hi_r - lo_r >= self.size or hi_c - lo_c >= self.size:
            return False
        cells = self.cells
        if (r - dr, c - dc) in cells or (end_r + dr, end_c + dc) in cells:
            return False
        for k in range(n):
            cell = (r + dr * k, c + dc * k)
            here = cells.get(cell)
            if here is not None:
                if here != word[k] or way[0] in self.ways[cell]:
                    return False
            elif (cell[0] + dc, cell[1] + dr) in cells or (cell[0] - dc, cell[1] - dr) in cells:
                return False
        return True

    def lay(self, word: str, r: int, c: int, way: str) -> None:
        dr, dc = (0, 1) if way == "across" else (1, 0)
        for k, letter in enumerate(word):
            cell = (r + dr * k, c + dc * k)
            self.cells[cell] = letter
            self.ways[cell] = self.ways.get(cell, "") + way[0]
        self.placed.append((word, r, c, way))
        end = (r + dr * (len(word) - 1), c + dc * (len(word) - 1))
        self.box = [min(self.box[0], r), min(self.box[1], c),
                    max(self.box[2], end[0]), max(self.box[3], end[1])]  # fmt: skip

    def grow(self, longest: int) -> bool:
        """Lay one more word across a letter of a word already laid; False if none fits."""
        rng, used = self.rng, {w for w, *_ in self.placed}
        for _ in range(12):
            word, r, c, way = rng.choice(self.placed)
            k = rng.randrange(len(word))
            cell = (r, c + k) if way == "across" else (r + k, c)
            if len(self.ways[cell]) > 1:
                continue
            new_way = "down" if way == "across" else "across"
            length = rng.randint(MIN_WORD, longest)
            j = rng.randrange(length)
            options = _with_letter(length, j, word[k])
            if not options:
                continue
            start = (cell[0] - j, cell[1]) if new_way == "down" else (cell[0], cell[1] - j)
            for _ in range(4):
                candidate = rng.choice(options)
                if candidate not in used and self.fits(candidate, *start, new_way):
                    self.lay(candidate, *start, new_way)
                    return True
        return False

    def grid(self) -> list[str]:
        r0, c0, r1, c1 = self.box
        return [
            "".join(self.cells.get((r, c), "#") for c in range(c0, c1 + 1))
            for r in range(r0, r1 + 1)
        ]


class CrosswordFill(Family):
    """Fill a small crossword grid from a word bank with decoys (any valid fill)."""

    knobs: ClassVar[dict[str, Knob]] = {
        "words": Knob("int", 2, 14, default=5, easy=3, hard=10, doc="slots in the grid"),
        "decoys": Knob("int", 0, 10, default=3, easy=1, hard=6, doc="extra words in the bank"),
        "size": Knob("int", 5, 13, default=8, easy=6, hard=11,
                     doc="side of the box the grid fits in; the longest word"),
    }  # fmt: skip
    answer_syntax = (
        "the filled grid, one line per row, with a letter in every open cell and # in every "
        "blocked cell"
    )
    answer_form = "letter grid"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        target, size = int(knobs["words"]), int(knobs["size"])
        longest = min(size, 8)
        best = None
        for _ in range(20):
            builder = _Builder(rng, size)
            first = rng.choice(of_length(rng.randint(MIN_WORD, longest)))
            builder.lay(first, 0, 0, rng.choice(("across", "down")))
            stuck = 0
            while len(builder.placed) < target and stuck < 6:
                stuck = 0 if builder.grow(longest) else stuck + 1
            grid = builder.grid()
            found = slots(grid)
            fill = [read(grid, s) for s in found]
            if sorted(fill) != sorted(w for w, *_ in builder.placed):
                continue  # the slots must be exactly the words laid (the rules ensure it)
            if best is None or len(fill) > len(best[2]):
                best = (grid, found, fill)
            if len(fill) >= target:
                break
        grid, found, fill = best
        lengths = sorted({len(w) for w in fill})
        bank = set(fill)
        for _ in range(int(knobs["decoys"])):
            for _ in range(20):  # a decoy of a slot's length that is not in the bank yet
                word = rng.choice(of_length(rng.choice(lengths)))
                if word not in bank:
                    bank.add(word)
                    break
        bank_list = sorted(bank)
        blank = ["".join("#" if ch == "#" else "." for ch in row) for row in grid]
        listing = "\n".join(
            f"- {way} at row {r + 1}, column {c + 1}: {n} letters" for r, c, way, n in found
        )
        question = (
            f"Fill this crossword grid ({len(grid)} rows, {len(grid[0])} columns; . is an open "
            f"cell, # a blocked cell):\n\n" + "\n".join(blank) + "\n\n"
            "A slot is a run of two or more open cells across a row or down a column. The "
            f"slots are:\n{listing}\n\nWord bank ({len(bank_list)} words, {DESCRIPTION}):\n"
            + ", ".join(w.upper() for w in bank_list)
            + "\n\nPut a letter in every open cell so that every slot reads a word of the "
            "bank (across from left to right, down from top to bottom) and the letters agree "
            "where slots cross. Each bank word may be used at most once; some are not needed. "
            "Keep every blocked cell as #. Any fill that follows these rules is accepted."
        )
        answer = "\n".join(row.upper() for row in grid)
        meta = {"grid": blank, "bank": bank_list, "slots": [list(s) for s in found]}
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        blank = problem.meta["grid"]
        rows, cols = len(blank), len(blank[0])
        try:
            cells = parse_grid(answer, rows, cols, _SYMBOLS, "cell")
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        filled = ["".join(row) for row in cells]
        for r in range(rows):
            for c in range(cols):
                if (blank[r][c] == "#") != (filled[r][c] == "#"):
                    kind = "blocked" if blank[r][c] == "#" else "open"
                    return Judgement.wrong(why=f"row {r + 1}, column {c + 1} is {kind}")
        bank = {w.upper() for w in problem.meta["bank"]}
        used = Counter()
        for slot in problem.meta["slots"]:
            word = read(filled, tuple(slot))
            if word not in bank:
                r, c, way, _ = slot
                return Judgement.wrong(why=f"{way} at row {r + 1}, column {c + 1} reads {word}")
            used[word] += 1
        twice = sorted(w for w, n in used.items() if n > 1)
        if twice:
            return Judgement.wrong(why=f"{twice[0]} is used more than once")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Open cells, plus two per slot and per bank word (choices to rule out)."""
        meta = problem.meta
        open_cells = sum(row.count(".") for row in meta["grid"])
        return open_cells + 2 * len(meta["slots"]) + 2 * len(meta["bank"])
