"""MinesweeperReveal: clear a Minesweeper board by reveals, one cell per turn.

Mines are hidden on a grid; the prompt shows the board after a first reveal of a cell with
no mine around it (its empty region opened), chosen so that at least three more reveals are
needed. Revealing a mine is ``lost`` (reward 0);
revealing a safe cell shows how many of its 8 neighbours are mines, and a 0 opens its
neighbours too. Revealing every safe cell is ``solved`` (reward 1). A cell revealed again
wastes the turn; the budget is the number of safe cells, so it binds only wasteful play
(``out_of_turns``, reward 0). A move that is not a cell on the board is ``illegal``
(reward 0). The reference policy knows the mines and reveals the hidden safe cells in
reading order.

Answer syntax per turn: one cell, a column letter and a row number (``c4``; row 1 at the
top). A whole episode as one answer: the reveals separated by ``;``.

Knobs: ``size`` (grid side, 5 -> 8) and ``density`` (share of cells that are mines,
0.1 -> 0.22).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.interactive.secrets import COLUMNS, SecretFamily, cell_name, read_cell


def neighbours(size: int, r: int, c: int) -> list[tuple[int, int]]:
    return [
        (r + dr, c + dc)
        for dr in (-1, 0, 1)
        for dc in (-1, 0, 1)
        if (dr or dc) and 0 <= r + dr < size and 0 <= c + dc < size
    ]


class MinesweeperReveal(SecretFamily):
    """Minesweeper played by reveals."""

    answer_syntax = "one reveal: a cell as a column letter and row number (e.g. c4)"
    answer_form = "a cell such as c4, one per turn"
    knobs: ClassVar[dict[str, Knob]] = {
        "size": Knob("int", 5, 8, doc="grid side"),
        "density": Knob("float", 0.1, 0.22, doc="share of cells that are mines"),
    }

    def _count(self, problem: Problem, r: int, c: int) -> int:
        mines = {tuple(m) for m in problem.meta["mines"]}
        return sum(n in mines for n in neighbours(problem.knobs["size"], r, c))

    def open(self, problem: Problem, opened: frozenset, cell: tuple[int, int]) -> frozenset:
        """``opened`` with ``cell`` revealed and, from each 0, its neighbours."""
        size = problem.knobs["size"]
        out, stack = set(opened), [cell]
        while stack:
            here = stack.pop()
            if here in out:
                continue
            out.add(here)
            if self._count(problem, *here) == 0:
                stack.extend(n for n in neighbours(size, *here) if n not in out)
        return frozenset(out)

    def start(self, problem: Problem) -> Any:
        return self.open(problem, frozenset(), tuple(problem.meta["first"]))

    def move(self, problem: Problem, state: Any, move: str) -> tuple[Any, str, str]:
        size = problem.knobs["size"]
        cell = read_cell(move, size, size)
        name = cell_name(*cell)
        if cell in {tuple(m) for m in problem.meta["mines"]}:
            return state, f"{name} is a mine.", "lost"
        if cell in state:
            return state, f"{name} is already revealed.", "playing"
        state = self.open(problem, state, cell)
        safe = size * size - len(problem.meta["mines"])
        status = "solved" if len(state) == safe else "playing"
        return state, f"{name}: {self._count(problem, *cell)}.", status

    def view(self, problem: Problem, state: Any) -> str:
        size = problem.knobs["size"]
        rows = ["   " + " ".join(COLUMNS[:size])]
        for r in range(size):
            marks = [
                str(self._count(problem, r, c)) if (r, c) in state else "#" for c in range(size)
            ]
            rows.append(f"{r + 1:<2} " + " ".join(marks))
        return "\n".join(rows)

    def generate(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        size = knobs["size"]
        count = max(1, round(knobs["density"] * size * size))
        while True:  # until the first reveal leaves at least three to do
            first = (rng.randrange(size), rng.randrange(size))
            clear = {first, *neighbours(size, *first)}
            cells = [(r, c) for r in range(size) for c in range(size) if (r, c) not in clear]
            mines = sorted(rng.sample(cells, count))
            meta: dict[str, Any] = {
                "mines": [list(m) for m in mines],
                "first": list(first),
                "max_turns": size * size - count,
            }
            problem = Problem("", self.name, 0, 0, dict(knobs), None, "", "", "tags", meta)
            state = self.start(problem)
            moves = []
            for r in range(size):
                for c in range(size):
                    if (r, c) not in state and (r, c) not in set(mines):
                        moves.append(cell_name(r, c))
                        state = self.open(problem, state, (r, c))
            if len(moves) >= 3:  # one or two reveals never clear a board
                break
        question = (
            f"Play Minesweeper on a {size}x{size} grid with {count} hidden mines (columns a to "
            f"{COLUMNS[size - 1]}, rows 1 to {size} from the top). Reveal one cell per turn: "
            "a mine ends the game; a safe cell shows how many of its 8 neighbours are mines, "
            "and a 0 opens its neighbours too. Revealing every safe cell scores 1, a mine, "
            "running out of turns or an invalid move scores 0. Cell "
            f"{cell_name(*first)} is revealed already (# is a hidden cell):\n\n"
            f"{self.view(problem, self.start(problem))}\n\nEach turn, write one reveal."
        )
        return Draft(question, "; ".join(moves), meta)

    def complexity(self, problem: Problem) -> float:
        return problem.knobs["size"] + 20 * problem.knobs["density"]
