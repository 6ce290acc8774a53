"""BattleshipShots: sink hidden ships with shots answered hit, miss or sunk.

Ships of the stated lengths lie hidden, straight and not overlapping, on a square grid.
Each shot names a cell and is answered ``miss``, ``hit`` or ``hit and sunk`` (with the
ship's length); a cell shot again is answered again and wastes the turn. Sinking every ship
is ``solved`` (reward 1). The budget is the ships' cells plus a share ``spare`` of the other
cells; spending it is ``out_of_turns`` (reward 0); a shot off the grid or not a cell is
``illegal`` (reward 0). Per-turn reward (optional, :attr:`Turn.turn_reward`): 1 / (ship
cells) for each new hit, so the turn rewards of a solved episode add up to 1. The reference
policy knows the ships and shoots their cells.

Answer syntax per turn: one cell, a column letter and a row number (``c4``; row 1 at the
top). A whole episode as one answer: the shots separated by ``;``.

Knobs: ``size`` (grid side, 5 -> 8), ``ships`` (1 -> 4 ships, of lengths 2, 3, 3, 4) and
``spare`` (share of the empty cells the budget adds, 0.6 -> 0.25).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from rlvr_envs.core import Draft, Knob, Problem
from rlvr_envs.families.interactive.secrets import COLUMNS, SecretFamily, cell_name, read_cell

LENGTHS = (2, 3, 3, 4)


class BattleshipShots(SecretFamily):
    """Battleship shots with hit/miss/sunk feedback."""

    answer_syntax = "one shot: a cell as a column letter and row number (e.g. c4)"
    answer_form = "a cell such as c4, one per turn"
    knobs: ClassVar[dict[str, Knob]] = {
        "size": Knob("int", 5, 8, doc="grid side"),
        "ships": Knob("int", 1, 4, doc="number of ships"),
        "spare": Knob("float", 0.25, 0.6, easy=0.6, hard=0.25, doc="spare shots' share"),
    }

    def generate(self, rng: random.Random, knobs: dict[str, Any]) -> Draft:
        size = knobs["size"]
        taken: set[tuple[int, int]] = set()
        ships = []
        for length in LENGTHS[: knobs["ships"]]:
            while True:
                down = rng.random() < 0.5
                r = rng.randrange(size - (length - 1) * down)
                c = rng.randrange(size - (length - 1) * (not down))
                cells = [(r + i * down, c + i * (not down)) for i in range(length)]
                if not taken & set(cells):
                    break
            taken |= set(cells)
            ships.append([list(cell) for cell in cells])
        ship_cells = sum(len(s) for s in ships)
        budget = ship_cells + round(knobs["spare"] * (size * size - ship_cells))
        lengths = ", ".join(str(len(s)) for s in ships)
        question = (
            f"Ships of lengths {lengths} are hidden on a {size}x{size} grid (columns a to "
            f"{COLUMNS[size - 1]}, rows 1 to {size} from the top), each straight across or "
            "down, none overlapping. Shoot one cell per turn; I answer miss, hit, or hit and "
            "sunk. A cell shot twice wastes the turn. You have "
            f"{budget} shots; sinking every ship scores 1, running out or an invalid shot "
            "scores 0.\n\nEach turn, write one shot."
        )
        answer = "; ".join(cell_name(r, c) for ship in ships for r, c in ship)
        return Draft(question, answer, {"ships": ships, "max_turns": budget})

    def _hits(self, problem: Problem, shots: set[tuple[int, int]]) -> int:
        return sum(tuple(c) in shots for ship in problem.meta["ships"] for c in ship)

    def reply(self, problem: Problem, history: Any, move: str) -> tuple[str, str]:
        size = problem.knobs["size"]
        shot = read_cell(move, size, size)
        name = cell_name(*shot)
        before = {read_cell(m, size, size) for m, _ in history}
        if shot in before:
            return f"{name}: already shot.", "playing"
        shots = before | {shot}
        for ship in problem.meta["ships"]:
            cells = [tuple(c) for c in ship]
            if shot in cells:
                if not all(c in shots for c in cells):
                    return f"{name}: hit.", "playing"
                total = sum(len(s) for s in problem.meta["ships"])
                done = self._hits(problem, shots) == total
                return f"{name}: hit and sunk (length {len(cells)}).", (
                    "solved" if done else "playing"
                )
        return f"{name}: miss.", "playing"

    def turn_reward(self, problem: Problem, before: Any, after: Any) -> float:
        size = problem.knobs["size"]
        total = sum(len(s) for s in problem.meta["ships"])
        old = {read_cell(m, size, size) for m, _ in before}
        new = {read_cell(m, size, size) for m, _ in after}
        return (self._hits(problem, new) - self._hits(problem, old)) / total

    def complexity(self, problem: Problem) -> float:
        k = problem.knobs
        return k["size"] + 2 * k["ships"] + 4 * (0.6 - k["spare"])
