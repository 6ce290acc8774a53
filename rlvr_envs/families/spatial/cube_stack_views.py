"""CubeStackViews: the fewest and the most unit cubes that agree with three views of a stack.

Unit cubes stand in stacks on the squares of a grid (no cube floats). Three views are shown:
the top view (which squares hold at least one cube), the front view (the tallest stack in
each column) and the side view (the tallest stack in each row). Several stackings agree with
the views, so the question asks for the range: the most cubes is the sum over occupied
squares of min(column height, row height); the fewest starts from one cube per occupied
square, gives every column and every row one stack of its full height, and lets one stack
serve a column and a row of the same height (a maximum bipartite matching per height).

Answer syntax: the fewest and the most, in that order (``7, 12``).

Knobs: ``size`` (rows and columns, 2 -> 5) and ``height`` (tallest stack, 2 -> 6).
Difficulty raises both.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.spatial.reading import AnswerError, read_integers


def _matching(edges: dict[int, list[int]]) -> int:
    """The size of a maximum matching of a bipartite graph (augmenting paths)."""
    owner: dict[int, int] = {}

    def augment(left: int, seen: set[int]) -> bool:
        for right in edges[left]:
            if right not in seen:
                seen.add(right)
                if right not in owner or augment(owner[right], seen):
                    owner[right] = left
                    return True
        return False

    return sum(augment(left, set()) for left in edges)


def cube_range(top: list[str], front: list[int], side: list[int]) -> tuple[int, int]:
    """The fewest and the most cubes agreeing with the views (``top`` rows of ``#``/``.``)."""
    cells = [(r, c) for r, row in enumerate(top) for c, ch in enumerate(row) if ch == "#"]
    most = sum(min(front[c], side[r]) for r, c in cells)
    fewest = len(cells) + sum(h - 1 for h in front if h) + sum(h - 1 for h in side if h)
    for h in set(front) - {0, 1}:
        edges: dict[int, list[int]] = {}
        for r, c in cells:
            if front[c] == h and side[r] == h:
                edges.setdefault(c, []).append(r)
        fewest -= (h - 1) * _matching(edges)
    return fewest, most


class CubeStackViews(Family):
    """The fewest and most cubes consistent with a top, a front and a side view."""

    knobs: ClassVar[dict[str, Knob]] = {
        "size": Knob("int", 2, 6, default=3, easy=2, hard=5, doc="rows and columns"),
        "height": Knob("int", 2, 8, default=3, easy=2, hard=6, doc="tallest stack"),
    }
    answer_syntax = "the fewest and the most number of cubes, in that order (e.g. 7, 12)"
    answer_form = "two integers"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, tallest = int(knobs["size"]), int(knobs["height"])
        while True:
            heights = [
                [rng.randint(1, tallest) if rng.random() < 0.7 else 0 for _ in range(n)]
                for _ in range(n)
            ]
            if all(any(row) for row in heights) and all(any(col) for col in zip(*heights)):
                break
        top = ["".join("#" if h else "." for h in row) for row in heights]
        front = [max(col) for col in zip(*heights)]
        side = [max(row) for row in heights]
        fewest, most = cube_range(top, front, side)
        grid = "\n".join(top)
        question = (
            f"Unit cubes are stacked on a {n} by {n} grid of squares; every cube stands on the "
            "table or on another cube. Rows are numbered from the back (row 1) to the front, "
            "columns from left (column 1) to right.\n\n"
            f"Top view (# marks a square with at least one cube):\n{grid}\n\n"
            "Front view, the height of the tallest stack in each column, from left to right: "
            f"{' '.join(map(str, front))}\n"
            "Side view, the height of the tallest stack in each row, from back to front: "
            f"{' '.join(map(str, side))}\n\n"
            "What are the fewest and the most cubes that agree with all three views?"
        )
        meta = {"top": top, "front": front, "side": side, "fewest": fewest, "most": most}
        return Draft(question, f"{fewest}, {most}", meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            values = read_integers(answer, 2)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        meta = problem.meta
        right = [meta["fewest"], meta["most"]]
        if values == right:
            return Judgement.right()
        return Judgement.wrong(score=0.5 * sum(a == b for a, b in zip(values, right)))

    def complexity(self, problem: Problem) -> float:
        """Occupied squares times the tallest stack."""
        meta = problem.meta
        return sum(r.count("#") for r in meta["top"]) * max(meta["front"])
