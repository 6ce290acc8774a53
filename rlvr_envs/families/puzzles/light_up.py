"""Light Up (Akari): place lamps so that every white cell is lit.

Nikoli's Akari (1 lamp per light, "Bijutsukan"), on a square grid of white cells and black
walls: a lamp on a white cell lights its own cell and every white cell in its row and column
up to the nearest wall or edge. Every white cell must be lit, no lamp may light another
lamp, and a wall showing a digit has exactly that many lamps on the (up to four) white
cells orthogonally next to it; walls without a digit say nothing.

The generator scatters walls at random and lights the board greedily (lamps on unlit cells
in a random order), numbers every wall, and keeps the layout only when Minisat 2.2
(python-sat) proves that no other lamp set obeys the rules (each white cell is lit by some
cell it sees; each row or column run of white cells holds at most one lamp; each number is
an exactly-k constraint guarded by a selector). It then erases wall numbers in a random
order, keeping each erasure only while the lamps stay unique, down to the fraction of
numbered walls asked for (or fewer erasures when uniqueness needs the numbers). Layouts that
are not unique with every number shown are drawn again. The verifier checks every rule, so
any right answer is the unique one.

Answer syntax: the grid, one row per line from the top, ``*`` on every lamp and ``.`` on
every other cell; walls may be written as on the board (``#`` or their digit) or as ``.``
(``L`` also marks a lamp, ``_`` an empty cell; case, spaces and commas inside a row do not
matter; rows may be separated by ``/``).

Knobs: ``size`` (rows and columns), ``walls`` (the fraction of cells that are walls; fewer
walls give longer runs of sight and fewer numbers; a few walls are added where uniqueness
needs them) and ``numbered`` (the fraction of walls
that show their number; fewer is harder). Difficulty raises the size and lowers the other
two.

While the lamps are not unique with every number shown, a white cell where a rival
solution (the solver's model) has a lamp and the drawn one has none becomes a wall, and
cells it darkens get new lamps; so ``walls`` is a lower bound on the walls drawn.

Speed: one SAT call per wall number tried, on a fresh solver per layout, and a rebuilt
solver per repair; about 2,200 problems/s at the default 7x7 board and 480/s at 10x10 on
one core (best of three runs of 300 on an idle core; a loaded machine gives half that).
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.puzzles.marks import (
    AnswerError,
    differs,
    exactly,
    marks_text,
    neighbours4,
    parse_marks,
    prune,
)
from rlvr_envs.families.shared.sat import at_most_one, new_solver

LAMP = "*Ll"
OTHER = "._#01234"
TRIES = 200


class LightUp(Family):
    """Place lamps on a Light Up (Akari) board with a unique solution."""

    knobs: ClassVar[dict[str, Knob]] = {
        "size": Knob("int", 4, 12, default=7, easy=5, hard=10, doc="rows and columns"),
        "walls": Knob(
            "float", 0.1, 0.4, default=0.25, easy=0.3, hard=0.18, doc="fraction of wall cells"
        ),
        "numbered": Knob(
            "float",
            0.0,
            1.0,
            default=0.6,
            easy=1.0,
            hard=0.3,
            doc="fraction of walls showing their number (never fewer than uniqueness needs)",
        ),
    }
    answer_syntax = "the grid, one row per line, * for a lamp and . for every other cell"
    answer_form = "grid of * and ."
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n = int(knobs["size"])
        count = min(n * n - 1, max(1, round(knobs["walls"] * n * n)))
        for _ in range(TRIES):
            walls = [False] * (n * n)
            for i in rng.sample(range(n * n), count):
                walls[i] = True
            found = _layout(rng, n, walls, knobs["numbered"])
            if found is not None:
                lamps, shown = found
                break
        else:  # pragma: no cover - unique layouts are common at every knob value
            raise RuntimeError("no Light Up layout with unique lamps was found")
        board = ["".join(_cell(shown, walls, r * n + c) for c in range(n)) for r in range(n)]
        question = (
            f"Light Up (Akari): place lamps on the white cells (.) of this {n}x{n} grid. # is "
            "a wall and a digit is a wall with a number. A lamp lights its own cell and every "
            "white cell in its row and column up to the nearest wall or the edge of the grid. "
            "Every white cell must be lit, no lamp may be lit by another lamp, and a numbered "
            "wall has exactly that many lamps on the white cells directly above, below, left "
            "and right of it. The lamps are determined uniquely.\n\n"
            + "\n".join(board)
            + "\n\nWrite the grid with one row per line, top row first: * on every lamp and . "
            "on every other cell (walls may also be written as on the board)."
        )
        grid = [lamps[r * n : (r + 1) * n] for r in range(n)]
        return Draft(question, marks_text(grid), {"size": n, "board": board})

    def check(self, problem: Problem, answer: str) -> Judgement:
        board = problem.meta["board"]
        n = problem.meta["size"]
        try:
            grid = parse_marks(answer, n, n, LAMP, OTHER)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        for r in range(n):
            for c in range(n):
                char = board[r][c]
                if char == ".":
                    continue
                if grid[r][c]:
                    return Judgement.wrong(why=f"a lamp on the wall at row {r + 1}, col {c + 1}")
                if char != "#":
                    near = sum(grid[rr][cc] for rr, cc in neighbours4(r, c, n, n))
                    if near != int(char):
                        return Judgement.wrong(
                            why=f"the wall at row {r + 1}, col {c + 1} has {near} lamps by it"
                        )
        lit = [[False] * n for _ in range(n)]
        for r in range(n):
            for c in range(n):
                if not grid[r][c]:
                    continue
                lit[r][c] = True
                for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                    rr, cc = r + dr, c + dc
                    while 0 <= rr < n and 0 <= cc < n and board[rr][cc] == ".":
                        if grid[rr][cc]:
                            return Judgement.wrong(
                                why=f"the lamps at row {r + 1}, col {c + 1} and row {rr + 1}, "
                                f"col {cc + 1} light each other"
                            )
                        lit[rr][cc] = True
                        rr, cc = rr + dr, cc + dc
        dark = sum(board[r][c] == "." and not lit[r][c] for r in range(n) for c in range(n))
        if dark:
            return Judgement.wrong(why=f"{dark} white cells are not lit", dark=dark)
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """White cells plus walls without a number: unknowns and missing information."""
        return sum(row.count(".") + row.count("#") for row in problem.meta["board"])


def _cell(shown: dict[int, int], walls: list[bool], i: int) -> str:
    if not walls[i]:
        return "."
    return str(shown[i]) if i in shown else "#"


def _runs(n: int, walls: list[bool]) -> list[list[int]]:
    """Every maximal row or column run of white cells (as cell indices)."""
    runs: list[list[int]] = []
    for line in [[r * n + c for c in range(n)] for r in range(n)] + [
        [r * n + c for r in range(n)] for c in range(n)
    ]:
        run: list[int] = []
        for i in [*line, -1]:
            if i >= 0 and not walls[i]:
                run.append(i)
            elif run:
                runs.append(run)
                run = []
    return runs


def _light(rng: random.Random, n: int, walls: list[bool], lamps: list[int]) -> None:
    """Complete ``lamps`` (valid so far) to light every white cell: lamps on still-unlit
    white cells in a random order (a cell no lamp lights sees no lamp, so none clash)."""
    sees: dict[int, list[int]] = {i: [] for i in range(n * n) if not walls[i]}
    for run in _runs(n, walls):
        for i in run:
            sees[i].extend(run)
    lit = [False] * (n * n)
    for i in sees:
        if lamps[i]:
            for j in sees[i]:
                lit[j] = True
    order = list(sees)
    rng.shuffle(order)
    for i in order:
        if not lit[i]:
            lamps[i] = 1
            for j in sees[i]:
                lit[j] = True


def _layout(
    rng: random.Random, n: int, walls: list[bool], fraction: float
) -> tuple[list[int], dict[int, int]] | None:
    """Lamps and the numbers kept, walling off rival lamps until the lamps are unique.

    While another lamp set obeys every number, a white cell where the rival has a lamp and
    ours has none becomes a wall (ours stays valid; cells it darkens get new lamps). None
    when that runs out of cells or repairs.
    """
    lamps = [0] * (n * n)
    _light(rng, n, walls, lamps)
    for _ in range(2 * n):
        shown, rival = _numbers_shown(rng, n, walls, lamps, fraction)
        if shown is not None:
            return lamps, shown
        spots = [i for i in range(n * n) if rival[i] and not lamps[i] and not walls[i]]
        if not spots:
            return None
        walls[rng.choice(spots)] = True
        _light(rng, n, walls, lamps)
    return None


def _numbers_shown(
    rng: random.Random, n: int, walls: list[bool], lamps: list[int], fraction: float
) -> tuple[dict[int, int] | None, list[int]]:
    """(wall -> number for the walls that keep theirs, []), or (None, a rival lamp set)
    when the lamps are not unique even with every number shown."""
    cells = n * n
    wall_list = [i for i in range(cells) if walls[i]]
    white = [i for i in range(cells) if not walls[i]]
    numbers = {
        i: sum(lamps[rr * n + cc] for rr, cc in neighbours4(i // n, i % n, n, n)) for i in wall_list
    }
    solver = new_solver()
    try:
        sight: dict[int, list[int]] = {i: [] for i in white}
        for run in _runs(n, walls):
            run_vars = [i + 1 for i in run]
            solver.append_formula(at_most_one(run_vars))
            for i in run:
                sight[i].extend(run_vars)
        for i in white:
            solver.add_clause(sight[i])
        for i in wall_list:
            near = [rr * n + cc + 1 for rr, cc in neighbours4(i // n, i % n, n, n)]
            near = [v for v in near if not walls[v - 1]]
            solver.append_formula(exactly(near, numbers[i], guard=cells + i + 1))
        solver.add_clause(differs([i + 1 for i in white], [lamps[i] for i in white]))
        if solver.solve(assumptions=[cells + i + 1 for i in wall_list]):
            model = solver.get_model()
            return None, [int(model[i] > 0) for i in range(cells)]
        items = [[cells + i + 1] for i in wall_list]
        kept = prune(rng, solver, items, round(fraction * len(wall_list)))
    finally:
        solver.delete()
    return {i: numbers[i] for i, keep in zip(wall_list, kept) if keep}, []
