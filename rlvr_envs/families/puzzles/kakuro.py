"""Kakuro: fill the white cells with digits 1-9 so that every run adds up to its clue.

Rules (Kakuro, "Cross Sums" of Dell Magazines): a white run is a maximal horizontal
(across) or vertical (down) line of white cells; the clue in the black cell just left of an
across run, or just above a down run, is the sum of its digits; the digits of a run are
all different. A few puzzles also show some white cells already filled (givens).

Every puzzle has exactly one solution. The generator draws the shape (the top row and the
left column are black; other cells turn black at random, then every white run of one cell
is blackened until none is left, and the white cells must be connected), fills the white
cells with digits by randomised backtracking (no digit twice in a run, and no rectangle of
cells ``a b`` over ``b a`` whose rows and columns lie in one run each, which could be
swapped without changing a sum) and takes the run sums as clues. Minisat 2.2 (python-sat)
then looks for a rival filling: one digit per cell, no digit twice in a run, and for each
run a choice of one set of distinct digits with its sum of which the run is a permutation.
One solver per shape holds the rules that do not depend on the sums; each filling adds
its sums under a fresh activation literal, retired when the next filling comes. When a
rival exists the cells are refilled (a few times); on the last filling the
solution's digit is shown in a cell where the rival differs, until no rival is left, and
then each shown digit that the others make unnecessary is hidden again (Minisat proves
that no rival appears). ``meta["givens"]`` counts the digits shown: none in about half
of the easiest puzzles, about a fifth of the white cells at difficulty 1.

Answer syntax: the whole grid as printed, one row per line, ``#`` for every black or clue
cell and the digit for every white cell (``x`` or ``*`` also mark a black cell; spaces and
``|`` are ignored). The verifier checks every run and every given digit, so any correct
filling scores 1 (the filling is unique all the same).

Knobs: ``size`` (the side of the grid, clue row and column included, 4 to 9) and ``black``
(the chance that an inner cell starts black before runs of one cell are removed; fewer
black cells make longer runs, which admit more digit sets). Difficulty maps ``size``
4 -> 7 and ``black`` 0.4 -> 0.2.

Speed: a shape's solver is built once and every filling tried adds a few hundred clauses
and a few SAT calls, so a puzzle takes about 1.3 ms at the default knobs (about 750 per
second on one core) and about 6 ms at difficulty 1 (about 170 per second): below the
1,000 and 200 per second the project aims for, the price of proving uniqueness for a sum
puzzle, whose random fillings are rarely unique (about one in fifty on a 6 x 6 grid), so
most shapes are filled six times.
"""

from __future__ import annotations

import itertools
import random
from functools import cache
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.puzzles.shading import connected
from rlvr_envs.families.shared.answer_parsing import AnswerError, parse_grid
from rlvr_envs.families.shared.sat import at_most_one, exactly_one, new_solver

BLACK_MARKS = "#xX*■"
SYMBOLS = {**{str(d): d for d in range(1, 10)}, **{ch: 0 for ch in BLACK_MARKS}}
REFILLS = 6  # fillings of one shape tried before givens are shown


class Kakuro(Family):
    """Solve a Kakuro with a unique solution."""

    knobs: ClassVar[dict[str, Knob]] = {
        "size": Knob(
            "int", 4, 9, default=5, easy=4, hard=7, doc="grid side, clue row and column included"
        ),
        "black": Knob(
            "float",
            0.1,
            0.5,
            default=0.3,
            easy=0.4,
            hard=0.2,
            doc="chance an inner cell starts black (fewer: longer runs)",
        ),
    }
    answer_syntax = (
        "the whole grid, one row per line, # for each black or clue cell and the digit "
        "for each white cell"
    )
    answer_form = "grid of digits and #"

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n = int(knobs["size"])
        white, digits, givens = make_puzzle(rng, n, float(knobs["black"]))
        runs = find_runs(white, n)
        down = {start: sum(digits[c] for c in cells) for start, cells in runs["down"]}
        across = {start: sum(digits[c] for c in cells) for start, cells in runs["across"]}
        tokens = []
        for r in range(n):
            row = []
            for c in range(n):
                if (r, c) in white:
                    row.append(str(digits[r, c]) if (r, c) in givens else ".")
                elif (r, c) in down or (r, c) in across:
                    d = down.get((r, c))
                    a = across.get((r, c))
                    row.append(f"{d if d else ''}\\{a if a else ''}")
                else:
                    row.append("#")
            tokens.append(row)
        width = max(len(t) for row in tokens for t in row)
        grid_text = "\n".join(" ".join(t.rjust(width) for t in row) for row in tokens)
        shown = " Some white cells already show their digit." if givens else ""
        question = (
            f"Solve this {n}x{n} Kakuro. Each white cell (.) takes a digit from 1 to 9. A clue "
            "cell D\\A gives the sum D of the run of white cells directly below it (down) and "
            "the sum A of the run directly to its right (across); a missing number means no "
            "run in that direction. The digits of a run must all be different, and # is a "
            f"black cell.{shown}\n\n{grid_text}\n\n"
            f"Write the whole {n}x{n} grid, one row per line, with # for every black or clue "
            "cell and the digit for every white cell."
        )
        answer = "\n".join(
            "".join(str(digits[r, c]) if (r, c) in white else "#" for c in range(n))
            for r in range(n)
        )
        meta = {
            "size": n,
            "rows": [
                "".join(
                    (str(digits[r, c]) if (r, c) in givens else ".") if (r, c) in white else "#"
                    for c in range(n)
                )
                for r in range(n)
            ],
            "down": [[r, c, s] for (r, c), s in sorted(down.items())],
            "across": [[r, c, s] for (r, c), s in sorted(across.items())],
            "givens": len(givens),
        }
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        n, rows = meta["size"], meta["rows"]
        try:
            grid = parse_grid(answer, n, n, SYMBOLS, "cell")
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        for r in range(n):
            for c in range(n):
                char = rows[r][c]
                if char == "#" and grid[r][c]:
                    return Judgement.unparsable(f"row {r + 1}, column {c + 1} is a black cell")
                if char != "#" and not grid[r][c]:
                    return Judgement.wrong(why=f"row {r + 1}, column {c + 1} is white, not black")
                if char not in "#." and grid[r][c] != int(char):
                    return Judgement.wrong(why=f"the given at row {r + 1}, column {c + 1} changed")
        for direction, dr, dc in (("down", 1, 0), ("across", 0, 1)):
            for r, c, total in meta[direction]:
                values = []
                rr, cc = r + dr, c + dc
                while rr < n and cc < n and rows[rr][cc] != "#":
                    values.append(grid[rr][cc])
                    rr, cc = rr + dr, cc + dc
                if len(set(values)) != len(values):
                    return Judgement.wrong(
                        why=f"the {direction} run after row {r + 1}, column {c + 1} repeats a digit"
                    )
                if sum(values) != total:
                    return Judgement.wrong(
                        why=f"the {direction} run after row {r + 1}, column {c + 1} adds up to "
                        f"{sum(values)}, not {total}"
                    )
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Empty white cells plus the number of runs."""
        meta = problem.meta
        empty = sum(row.count(".") for row in meta["rows"])
        return float(empty + len(meta["down"]) + len(meta["across"]))


Cell = tuple[int, int]


def find_runs(white: set[Cell], n: int) -> dict[str, list[tuple[Cell, list[Cell]]]]:
    """Every run of two or more white cells, keyed by the black cell before it."""
    out: dict[str, list[tuple[Cell, list[Cell]]]] = {"down": [], "across": []}
    for direction, dr, dc in (("down", 1, 0), ("across", 0, 1)):
        for r in range(n):
            for c in range(n):
                if (r, c) in white or (r + dr, c + dc) not in white:
                    continue
                cells = []
                rr, cc = r + dr, c + dc
                while (rr, cc) in white:
                    cells.append((rr, cc))
                    rr, cc = rr + dr, cc + dc
                out[direction].append(((r, c), cells))
    return out


def _shape(rng: random.Random, n: int, black: float) -> set[Cell] | None:
    """White cells: every run at least two long, at most nine, and all connected."""
    white = {(r, c) for r in range(1, n) for c in range(1, n) if rng.random() >= black}
    changed = True
    while changed:
        changed = False
        for r, c in sorted(white):
            across = (r, c - 1) in white or (r, c + 1) in white
            down = (r - 1, c) in white or (r + 1, c) in white
            if not (across and down):
                white.discard((r, c))
                changed = True
    if len(white) < 4 or not connected(white):
        return None
    return white


def _fill(rng: random.Random, white: set[Cell], n: int) -> dict[Cell, int] | None:
    """Digits for the white cells with no digit twice in a run (randomised backtracking)."""
    runs = find_runs(white, n)
    run_of: dict[Cell, list[int]] = {cell: [] for cell in white}
    run_cells = []
    for direction in ("down", "across"):
        for _, cells in runs[direction]:
            for cell in cells:
                run_of[cell].append(len(run_cells))
            run_cells.append(cells)
    used = [0] * len(run_cells)
    digits: dict[Cell, int] = {}
    order = sorted(white)
    budget = [20000]
    # Rectangles whose last cell in reading order is the key: two cells of one across run
    # above two cells of another, the columns in one down run each. Digits a b over b a
    # there could be swapped without changing any sum, so the filling avoids them.
    rectangles: dict[Cell, list[tuple[Cell, Cell, Cell]]] = {cell: [] for cell in white}
    for r, c in order:
        down, across = run_of[r, c]
        for c2 in range(c):
            if (r, c2) not in white or run_of[r, c2][1] != across:
                continue
            for r2 in range(r):
                if (r2, c) not in white or run_of[r2, c][0] != down:
                    continue
                corner = (r2, c2)
                if corner in white and run_of[corner] == [run_of[r, c2][0], run_of[r2, c][1]]:
                    rectangles[r, c].append(((r, c2), (r2, c), corner))

    def place(i: int) -> bool:
        if i == len(order):
            return True
        budget[0] -= 1
        if budget[0] < 0:
            return False
        cell = order[i]
        mask = 0
        for k in run_of[cell]:
            mask |= used[k]
        for left, up, corner in rectangles[cell]:
            if digits[left] == digits[up]:
                mask |= 1 << digits[corner]
        options = [d for d in range(1, 10) if not mask >> d & 1]
        rng.shuffle(options)
        for d in options:
            digits[cell] = d
            for k in run_of[cell]:
                used[k] |= 1 << d
            if place(i + 1):
                return True
            for k in run_of[cell]:
                used[k] &= ~(1 << d)
        digits.pop(cell, None)
        return False

    return digits if place(0) else None


@cache
def combos(length: int, total: int) -> tuple[frozenset[int], ...]:
    """Every set of ``length`` distinct digits 1-9 adding up to ``total``."""
    return tuple(
        frozenset(s) for s in itertools.combinations(range(1, 10), length) if sum(s) == total
    )


class Rivals:
    """A solver for other fillings of one shape with the same run sums as a filling.

    The rules that do not depend on the sums (one digit per cell, no digit twice in a
    run, "the run uses digit d") are added once per shape. Each filling then adds its sums
    under a fresh activation literal: the digits a cell may take, a choice of one digit set
    per run with that run's sum, and "not this filling"; the literal is retired when the
    next filling comes. Givens are passed as assumptions, so one filling answers for a
    growing set of them. The solver is fresh per shape and asked the same questions in the
    same order, so its models (which shape the givens) are deterministic.
    """

    def __init__(self, white: set[Cell], n: int) -> None:
        self.order = order = sorted(white)
        self.index = index = {cell: i for i, cell in enumerate(order)}
        runs = find_runs(white, n)
        self.runs = [cells for direction in ("down", "across") for _, cells in runs[direction]]
        top = len(order) * 9
        clauses: list[list[int]] = []
        for i in range(len(order)):
            lits = [i * 9 + d for d in range(1, 10)]
            clauses += exactly_one(lits)
        self.uses: list[list[int]] = []
        for cells in self.runs:
            base = [index[cell] * 9 for cell in cells]
            uses = [0]
            for d in range(1, 10):
                clauses += at_most_one([b + d for b in base])
                top += 1
                uses.append(top)  # "the run uses d"
                clauses += [[-(b + d), top] for b in base]
            self.uses.append(uses)
        self.top = top
        self.active = 0
        self.digits: dict[Cell, int] = {}
        self.solver = new_solver(clauses)

    def x(self, cell: Cell, d: int) -> int:
        return self.index[cell] * 9 + d

    def use(self, digits: dict[Cell, int]) -> None:
        """Ask about ``digits`` from now on (its run sums, and rivals to it)."""
        solver = self.solver
        if self.active:
            solver.add_clause([-self.active])
        self.top += 1
        self.active = act = self.top
        self.digits = digits
        for cells, uses in zip(self.runs, self.uses):
            sets = combos(len(cells), sum(digits[cell] for cell in cells))
            union = set().union(*sets)
            for d in range(1, 10):  # a digit in no set with this sum: in no cell of the run
                if d not in union:
                    solver.add_clause([-uses[d], -act])
            if len(sets) == 1:
                continue
            selectors = []
            for combo in sets:  # at least one set holds every digit the run uses
                self.top += 1
                selectors.append(self.top)
                for d in sorted(union - combo):
                    solver.add_clause([-self.top, -uses[d]])
            solver.add_clause([*selectors, -act])
        solver.add_clause([-self.x(cell, digits[cell]) for cell in self.order] + [-act])

    def find(self, givens: set[Cell]) -> dict[Cell, int] | None:
        """Another filling with the same sums keeping ``givens``, or None."""
        assumptions = [self.active] + [self.x(cell, self.digits[cell]) for cell in sorted(givens)]
        if not self.solver.solve(assumptions=assumptions):
            return None
        model = self.solver.get_model()
        chosen = {}
        for v in model[: len(self.order) * 9]:
            if v > 0:
                chosen[self.order[(v - 1) // 9]] = (v - 1) % 9 + 1
        return chosen

    def close(self) -> None:
        self.solver.delete()


def make_puzzle(rng: random.Random, n: int, black: float):
    """White cells, their digits, and the cells shown as givens."""
    while True:
        white = _shape(rng, n, black)
        if white is None:
            continue
        rivals = Rivals(white, n)
        try:
            for attempt in range(REFILLS):
                digits = _fill(rng, white, n)
                if digits is None:
                    break
                rivals.use(digits)
                givens: set[Cell] = set()
                while (other := rivals.find(givens)) is not None:
                    if attempt < REFILLS - 1:
                        break  # refill the shape first; show givens only on the last filling
                    differ = sorted(cell for cell in white if other[cell] != digits[cell])
                    givens.add(rng.choice(differ))
                else:
                    # drop the givens that later ones made unnecessary
                    for cell in rng.sample(sorted(givens), len(givens)):
                        if rivals.find(givens - {cell}) is None:
                            givens.discard(cell)
                    return white, digits, givens
        finally:
            rivals.close()
