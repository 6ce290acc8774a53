"""Battleships (Bimaru): find the hidden fleet from row and column counts.

A fleet of straight ships (each 1 cell wide and of a given length) is hidden in an n x n
grid. Ships lie horizontally or vertically and never touch each other, not even at a
corner. The prompt gives the fleet, how many ship cells each row and each column holds, and
a few revealed cells (ship or water).

Every puzzle has exactly one solution. The generator places the fleet at random (longest
ship first, each at a random position clear of the ships so far), reveals a random
``reveals`` fraction of the cells, and then proves uniqueness with Minicard (python-sat's
Minisat 2.2 with native at-most-k constraints, Liffiton & Maglalang 2012; deterministic like
Minisat). The CNF has a variable per cell ("ship") and per possible placement of each ship
length, with: no two diagonally adjacent cells are both ship (this forbids bends and corner
contact, so every group of touching ship cells is a straight run); a placement holds only
if its cells are ship and the cells just beyond its two ends (for a one-cell ship, its four
side neighbours) are water, so it is a maximal run; every ship cell lies in a placement that
holds, so the placements that hold are exactly the maximal runs; each row and column holds
its count, and the placements of each length number at most as many as the fleet has (as
the counts fix the number of ship cells, at most means exactly); the revealed cells; and
"some unrevealed cell differs from the fleet". While the solver finds such a rival, one cell
where it differs is revealed (drawn at random) and the solver is asked again, until none
exists.

Answer syntax: the grid, one row per line from the top, ``#`` for a ship cell and ``.`` for
water (``1``/``0``, ``X``/``S`` in either case, ``■``/``█`` for ship and ``~``/``_`` for water
also work; spaces and ``|`` are ignored; rows may be separated by ``/``). The verifier checks
every rule (counts, fleet, no contact, the revealed cells), so the grid is judged by
constraints.

Knobs: ``size`` (the grid side, 4 to 10; the fleet grows with it, up to the classic fleet
of ten ships; difficulty moves it from 5 to 8) and ``reveals`` (the fraction of
cells revealed before uniqueness adds the ones it needs; fewer is harder).

Speed: the uniqueness proof builds a fresh Minicard instance per puzzle (its models choose
the revealed cells, so they must not depend on a cached solver's history; the clauses that
depend only on the size are built once and cached) and needs one solver call per revealed
cell it adds. In CPU time on one core: about 2,600 puzzles per second at the default 6x6,
650 at 8x8 (difficulty 1), 330 at 9x9 and 130 at 10x10, which is why difficulty stops at
8x8 (on a loaded machine, wall-clock rates can be half of these or less).
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.shared.answer_parsing import AnswerError, parse_grid

FLEETS = {
    4: (2, 1, 1),
    5: (3, 2, 1, 1),
    6: (3, 2, 2, 1, 1, 1),
    7: (4, 3, 2, 2, 1, 1, 1),
    8: (4, 3, 3, 2, 2, 1, 1, 1),
    9: (4, 3, 3, 2, 2, 2, 1, 1, 1, 1),
    10: (4, 3, 3, 2, 2, 2, 1, 1, 1, 1),
}
SYMBOLS = {
    "#": 1, "1": 1, "X": 1, "x": 1, "S": 1, "s": 1, "■": 1, "█": 1,
    ".": 0, "0": 0, "~": 0, "_": 0,
}  # fmt: skip
SOLVER = "minicard"  # Minisat 2.2 with native at-most-k constraints (Liffiton & Maglalang)
NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")


class Battleships(Family):
    """Locate a fleet from row and column counts (unique solution)."""

    knobs: ClassVar[dict[str, Knob]] = {
        "size": Knob("int", 4, 10, default=6, easy=5, hard=8, doc="grid side (fleet grows)"),
        "reveals": Knob(
            "float",
            0.0,
            0.4,
            default=0.05,
            easy=0.15,
            hard=0.0,
            doc="fraction of cells revealed before uniqueness adds the ones it needs",
        ),
    }
    answer_syntax = "the grid, one row per line, # for a ship cell and . for water (e.g. #.# / ...)"
    answer_form = "grid of # and ."

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n = int(knobs["size"])
        fleet = FLEETS[n]
        ships = place_fleet(rng, n, fleet)
        ship = [0] * (n * n)
        for cells in ships:
            for i in cells:
                ship[i] = 1
        revealed = [False] * (n * n)
        for i in rng.sample(range(n * n), round(knobs["reveals"] * n * n)):
            revealed[i] = True
        rows = [sum(ship[r * n : (r + 1) * n]) for r in range(n)]
        cols = [sum(ship[c::n]) for c in range(n)]
        prove_unique(rng, n, fleet, ship, rows, cols, revealed)
        shown = [
            "".join(
                ("#" if ship[r * n + c] else ".") if revealed[r * n + c] else "?" for c in range(n)
            )
            for r in range(n)
        ]
        lengths = Counter(fleet)
        fleet_text = ", ".join(
            f"{NUMBER_WORDS[k]} {'ship' if k == 1 else 'ships'} of length {length}"
            for length, k in sorted(lengths.items(), reverse=True)
        )
        question = (
            f"Solve this {n}x{n} Battleships puzzle. The fleet is {fleet_text} "
            f"({len(fleet)} ships, {sum(fleet)} ship cells). Every ship is a straight line "
            "of cells, placed horizontally or vertically, and no two ships touch each other, "
            "not even diagonally. The numbers say how many ship cells each row and column "
            "holds. Some cells are revealed: # is part of a ship, . is water, ? is "
            "unknown.\n\n"
            + "\n".join(" ".join(row) for row in shown)
            + "\n\nShip cells per row (top to bottom): "
            + " ".join(map(str, rows))
            + "\nShip cells per column (left to right): "
            + " ".join(map(str, cols))
            + "\n\nWrite the whole grid with # for every ship cell and . for every water cell."
        )
        answer = "\n".join(
            "".join("#" if ship[r * n + c] else "." for c in range(n)) for r in range(n)
        )
        meta = {"size": n, "fleet": list(fleet), "rows": rows, "cols": cols, "shown": shown}
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        n = meta["size"]
        try:
            grid = parse_grid(answer, n, n, SYMBOLS)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        for r, row in enumerate(meta["shown"]):
            for c, char in enumerate(row):
                if char != "?" and grid[r][c] != (char == "#"):
                    return Judgement.wrong(why=f"the revealed cell at row {r + 1}, column "
                                           f"{c + 1} changed")  # fmt: skip
        for r in range(n):
            if sum(grid[r]) != meta["rows"][r]:
                return Judgement.wrong(why=f"row {r + 1} holds {sum(grid[r])} ship cells")
        for c in range(n):
            count = sum(grid[r][c] for r in range(n))
            if count != meta["cols"][c]:
                return Judgement.wrong(why=f"column {c + 1} holds {count} ship cells")
        for r in range(n - 1):
            for c in range(n):
                if grid[r][c] and (
                    (c > 0 and grid[r + 1][c - 1]) or (c < n - 1 and grid[r + 1][c + 1])
                ):
                    return Judgement.wrong(why=f"ships bend or touch at row {r + 1}")
        found = runs(grid)
        if sorted(found) != sorted(meta["fleet"]):
            return Judgement.wrong(why=f"the ships have lengths {sorted(found, reverse=True)}")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Unknown cells plus the ship cells to place."""
        meta = problem.meta
        unknown = sum(row.count("?") for row in meta["shown"])
        return unknown + sum(meta["fleet"])


def runs(grid: list[list[int]]) -> list[int]:
    """Lengths of the maximal straight runs of ship cells (a grid without diagonal contact:
    a lone cell counts once, as length 1)."""
    n = len(grid)
    out = []
    for r in range(n):
        for c in range(n):
            if not grid[r][c]:
                continue
            left = c > 0 and grid[r][c - 1]
            up = r > 0 and grid[r - 1][c]
            if left or up:
                continue
            if c + 1 < n and grid[r][c + 1]:
                k = c
                while k < n and grid[r][k]:
                    k += 1
                out.append(k - c)
            else:
                k = r
                while k < n and grid[k][c]:
                    k += 1
                out.append(k - r)
    return out


def halo(n: int, cells: list[int]) -> set[int]:
    """The cells and their eight neighbours."""
    out = set()
    for i in cells:
        r, c = divmod(i, n)
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                if 0 <= r + dr < n and 0 <= c + dc < n:
                    out.add((r + dr) * n + c + dc)
    return out


@cache
def placements(n: int, length: int) -> tuple[tuple[int, ...], ...]:
    """Every placement of a ship of ``length`` as its cells (one orientation for length 1)."""
    out = []
    for r in range(n):
        for c in range(n - length + 1):
            out.append(tuple(r * n + c + k for k in range(length)))
    if length > 1:
        for r in range(n - length + 1):
            for c in range(n):
                out.append(tuple((r + k) * n + c for k in range(length)))
    return tuple(out)


def place_fleet(rng: random.Random, n: int, fleet: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Random non-touching positions for the fleet, longest ship first."""
    while True:
        blocked: set[int] = set()
        ships = []
        for length in sorted(fleet, reverse=True):
            options = [p for p in placements(n, length) if blocked.isdisjoint(p)]
            if not options:
                break
            chosen = rng.choice(options)
            ships.append(chosen)
            blocked |= halo(n, list(chosen))
        else:
            return ships


@cache
def _base(n: int, fleet: tuple[int, ...]) -> tuple[tuple[list[int], ...], tuple[tuple, ...]]:
    """The clauses and at-most constraints ``(literals, bound)`` that depend only on the
    size and fleet. Cell i is variable i + 1; placements follow."""
    clauses: list[list[int]] = []
    atmost: list[tuple[list[int], int]] = []
    for r in range(n - 1):  # no two diagonal neighbours are both ship
        for c in range(n):
            if c > 0:
                clauses.append([-(r * n + c + 1), -((r + 1) * n + c - 1 + 1)])
            if c < n - 1:
                clauses.append([-(r * n + c + 1), -((r + 1) * n + c + 1 + 1)])
    top = n * n
    covering: list[list[int]] = [[] for _ in range(n * n)]
    for length, count in sorted(Counter(fleet).items()):
        group = []
        for cells in placements(n, length):
            top += 1
            p = top
            group.append(p)
            if length == 1:
                r, c = divmod(cells[0], n)
                beyond = [
                    (r + dr) * n + c + dc
                    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                    if 0 <= r + dr < n and 0 <= c + dc < n
                ]
            else:
                step = cells[1] - cells[0]
                first, last = cells[0], cells[-1]
                beyond = []
                if step == 1:
                    if first % n > 0:
                        beyond.append(first - 1)
                    if last % n < n - 1:
                        beyond.append(last + 1)
                else:
                    if first >= n:
                        beyond.append(first - n)
                    if last + n < n * n:
                        beyond.append(last + n)
            literals = [i + 1 for i in cells] + [-(i + 1) for i in beyond]
            clauses += [[-p, lit] for lit in literals]
            for i in cells:
                covering[i].append(p)
        # at most: the row counts fix the number of ship cells, which forces equality
        atmost.append((group, count))
    for i in range(n * n):  # every ship cell lies in a placement
        clauses.append([-(i + 1), *covering[i]])
    return tuple(clauses), tuple(atmost)


def prove_unique(
    rng: random.Random,
    n: int,
    fleet: tuple[int, ...],
    ship: list[int],
    rows: list[int],
    cols: list[int],
    revealed: list[bool],
) -> None:
    """Reveal cells (in place) until no other grid fits the counts, fleet and reveals."""
    from pysat.solvers import Solver

    clauses, atmost = _base(n, fleet)
    solver = Solver(name=SOLVER)
    try:
        solver.append_formula(clauses)
        for literals, bound in atmost:
            solver.add_atmost(literals, bound)
        lines = [[r * n + c + 1 for c in range(n)] for r in range(n)]
        lines += [[r * n + c + 1 for r in range(n)] for c in range(n)]
        for line, count in zip(lines, rows + cols):
            solver.add_atmost(line, count)
            solver.add_atmost([-v for v in line], n - count)
        literal = [i + 1 if ship[i] else -(i + 1) for i in range(n * n)]
        for i in range(n * n):
            if revealed[i]:
                solver.add_clause([literal[i]])
        solver.add_clause([-literal[i] for i in range(n * n) if not revealed[i]])
        while solver.solve():
            model = solver.get_model()
            differ = [
                i for i in range(n * n) if not revealed[i] and (model[i] > 0) != bool(ship[i])
            ]
            i = rng.choice(differ)
            revealed[i] = True
            solver.add_clause([literal[i]])
    finally:
        solver.delete()
