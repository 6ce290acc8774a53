"""PaperFolding: fold a sheet of squared paper, punch holes through it, unfold it.

A sheet of ``W`` by ``H`` squares is folded in half several times (left half over the right,
right over left, top down over the bottom or bottom up over the top), holes are punched
through every layer at some squares of the folded packet, and the sheet is unfolded. The
answer is the unfolded sheet with its holes. The check compares the grid with the holes
found by following each square of the sheet through the folds (a square is holed when it
ends under a punched square of the packet).

Answer syntax: the unfolded sheet, one line per row of squares, ``o`` for a hole and ``.``
for paper (``o..o`` on one line, ``....`` on the next).

Knobs: ``folds`` (1 -> 4) and ``holes`` (squares punched in the packet, 1 -> 3). Difficulty
raises both.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.spatial.reading import AnswerError, read_grid

_FOLDS = {
    "left": "Fold the left half over onto the right half.",
    "right": "Fold the right half over onto the left half.",
    "top": "Fold the top half down onto the bottom half.",
    "bottom": "Fold the bottom half up onto the top half.",
}


def fold_position(x: int, y: int, w: int, h: int, fold: str) -> tuple[int, int, int, int]:
    """Where square (x, y) of a w-by-h packet lies after ``fold``, and the new size."""
    if fold in ("left", "right"):
        half = w // 2
        if fold == "left":
            x = half - 1 - x if x < half else x - half
        elif x >= half:
            x = w - 1 - x
        return x, y, half, h
    half = h // 2
    if fold == "top":
        y = half - 1 - y if y < half else y - half
    elif y >= half:
        y = h - 1 - y
    return x, y, w, half


def unfolded_holes(
    width: int, height: int, folds: list[str], punched: list[list[int]]
) -> list[str]:
    """The sheet's rows after unfolding, ``o`` where a square ends under a punched one."""
    holes = {tuple(p) for p in punched}
    rows = []
    for y0 in range(height):
        row = []
        for x0 in range(width):
            x, y, w, h = x0, y0, width, height
            for fold in folds:
                x, y, w, h = fold_position(x, y, w, h, fold)
            row.append("o" if (x, y) in holes else ".")
        rows.append("".join(row))
    return rows


class PaperFolding(Family):
    """The holes of a folded, punched and unfolded sheet of squared paper."""

    knobs: ClassVar[dict[str, Knob]] = {
        "folds": Knob("int", 1, 5, default=2, easy=1, hard=4, doc="folds in half"),
        "holes": Knob("int", 1, 4, default=2, easy=1, hard=3, doc="squares punched"),
    }
    answer_syntax = "the unfolded sheet, one line per row, o for a hole and . for paper"
    answer_form = "grid of o and ."
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, k = int(knobs["folds"]), int(knobs["holes"])
        folds = [rng.choice(sorted(_FOLDS)) for _ in range(n)]
        across = sum(f in ("left", "right") for f in folds)
        w0, h0 = rng.randint(2, 3), rng.randint(2, 3)
        width, height = w0 * 2**across, h0 * 2 ** (n - across)
        cells = [[x, y] for y in range(h0) for x in range(w0)]
        punched = sorted(rng.sample(cells, min(k, len(cells))), key=lambda p: (p[1], p[0]))
        rows = unfolded_holes(width, height, folds, punched)
        packet = [["."] * w0 for _ in range(h0)]
        for x, y in punched:
            packet[y][x] = "x"
        steps = "\n".join(f"{i}. {_FOLDS[f]}" for i, f in enumerate(folds, 1))
        packet_text = "\n".join("".join(r) for r in packet)
        question = (
            f"A sheet of squared paper {width} squares wide and {height} squares tall lies flat "
            f"on a table. It is folded in half {n} time{'s' if n > 1 else ''}, in this order "
            f"(each fold lies flat on the table again):\n{steps}\n\n"
            f"The folded packet is {w0} squares wide and {h0} tall. Holes are punched through "
            f"all its layers at the squares marked x:\n{packet_text}\n\n"
            "The paper is then unfolded completely. Draw the sheet: one line per row of "
            "squares, from top to bottom, with o for a hole and . for paper."
        )
        meta = {"width": width, "height": height, "folds": folds, "punched": punched}
        return Draft(question, "\n".join(rows), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        try:
            rows = read_grid(answer.replace("O", "o"), meta["height"], meta["width"], "o.")
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        return Judgement.right() if rows == problem.answer.split("\n") else Judgement.wrong()

    def complexity(self, problem: Problem) -> float:
        """Holes in the unfolded sheet plus its folds."""
        return problem.answer.count("o") + 2 * len(problem.meta["folds"])
