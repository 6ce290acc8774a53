"""Star Battle: place k stars in every row, column and region so that no two stars touch.

Rules (Star Battle, a staple of the World Puzzle Championship): an n x n grid is divided
into n regions; place stars so that every row, every column and every region holds
exactly k of them, and no two stars touch, not even diagonally.

Every puzzle has exactly one solution. The generator draws the solution first (rows filled
one by one with randomised backtracking), grows one region around each star by a random
flood fill (for k = 2, grows 2n one-star regions and joins neighbouring ones in pairs),
and then repairs the regions until Minisat 2.2 (python-sat) proves the solution unique: on
a CNF with a sequential-counter "exactly k" (Sinz 2005) per row and column, "at most k"
per region (the same, as n k stars fill n regions) and a binary clause per pair of
touching cells, it asks for a placement other than the solution; while one exists, a
star cell of that rival placement that is not a star of the solution moves into a
neighbouring region, which gives that region k + 1 rival stars and so rules the rival
out (where taking the cell out would split its region, the parts without the solution's
stars go with it, so both regions stay connected). After a bounded number of repairs, or
when no rival star can move, the regions are grown afresh.

Answer syntax: the grid, one row per line, ``*`` for a star and ``.`` for an empty cell
(``#``, ``x``, ``1`` and ``★`` also mark a star; ``0`` and ``_`` an empty cell; an empty cell
may also keep its region letter; spaces are ignored). Any grid that keeps every rule
scores 1 (the solution is unique all the same).

Knobs: ``size`` (n, 5 to 9) and ``stars`` (k, 1 or 2; two stars per line need a side of 8
or more, so smaller grids place one star whatever ``stars`` says: the prompt and
``meta["stars"]`` state the k used). Difficulty maps ``size`` 5 -> 9 and ``stars`` 1 -> 2.

Speed: one solver per region map holds the rows, columns and touching cells, and each
repair round adds its regions under a fresh activation literal and asks for up to twelve
rivals. At the default knobs (6 x 6, one star) that is about 1,500 puzzles per second on
one core, at difficulty 0.5 (7 x 7, one star) about 700, and at difficulty 1 (9 x 9, two
stars) about 80 (below the 200 aimed for): random regions admit many rival placements
(some twenty per puzzle), each ruled out by a SAT call of a few hundred microseconds.
"""

from __future__ import annotations

import random
import string
from functools import cache
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.puzzles.marks import neighbours4
from rlvr_envs.families.puzzles.shading import (
    AnswerError,
    Pool,
    at_most,
    components,
    equals,
    parse_marks,
)
from rlvr_envs.families.shared.sat import at_most_one, new_solver

STAR_MARKS = "*★#xX1"
EMPTY_MARKS = ".0_"
MAX_REPAIRS = 40  # rounds of repairs before the regions are grown afresh
RIVALS_PER_ROUND = 12


def effective_stars(size: int, stars: int) -> int:
    """Two stars per line need a side of at least 8."""
    return stars if size >= 8 else 1


class StarBattle(Family):
    """Solve a Star Battle with a unique solution."""

    knobs: ClassVar[dict[str, Knob]] = {
        "size": Knob("int", 5, 9, default=6, easy=5, hard=9, doc="grid side and regions"),
        "stars": Knob(
            "categorical",
            choices=(1, 2),
            default=1,
            doc="stars per row, column and region (2 only on sides of 8 or more)",
        ),
    }
    answer_syntax = "the grid, one row per line, * for a star and . for an empty cell"
    answer_form = "grid of * and ."

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n = int(knobs["size"])
        k = effective_stars(n, int(knobs["stars"]))
        stars = place_stars(rng, n, k)
        regions = make_regions(rng, n, k, stars)
        letters = [
            "".join(string.ascii_uppercase[regions[r][c]] for c in range(n)) for r in range(n)
        ]
        star_word = "one star" if k == 1 else f"{k} stars"
        question = (
            f"Solve this {n}x{n} Star Battle puzzle. The grid is divided into {n} regions, "
            f"marked by letters. Place stars so that every row, every column and every "
            f"region contains exactly {star_word}, and no two stars touch each other, not "
            "even diagonally.\n\n"
            + "\n".join(" ".join(row) for row in letters)
            + "\n\nWrite the grid with one row per line, * for a star and . for an empty cell."
        )
        answer = "\n".join(
            "".join("*" if (r, c) in stars else "." for c in range(n)) for r in range(n)
        )
        return Draft(question, answer, {"size": n, "stars": k, "regions": letters})

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        n, k, regions = meta["size"], meta["stars"], meta["regions"]
        try:
            grid = parse_marks(answer, n, n, STAR_MARKS, EMPTY_MARKS, regions)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        why = violation(grid, regions, k)
        return Judgement.wrong(why=why) if why else Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Cells times stars per line: the size of the placement to find."""
        return float(problem.meta["size"] ** 2 * problem.meta["stars"])


def violation(grid: list[list[int]], regions: list[str], k: int) -> str | None:
    """The first broken rule, or None when the stars keep every rule."""
    n = len(grid)
    for r in range(n):
        if sum(grid[r]) != k:
            return f"row {r + 1} holds {sum(grid[r])} stars, not {k}"
    for c in range(n):
        count = sum(grid[r][c] for r in range(n))
        if count != k:
            return f"column {c + 1} holds {count} stars, not {k}"
    counts: dict[str, int] = {}
    for r in range(n):
        for c in range(n):
            if grid[r][c]:
                counts[regions[r][c]] = counts.get(regions[r][c], 0) + 1
                for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1)):
                    rr, cc = r + dr, c + dc
                    if 0 <= rr < n and 0 <= cc < n and grid[rr][cc]:
                        return (
                            f"the stars at row {r + 1}, column {c + 1} and "
                            f"row {rr + 1}, column {cc + 1} touch"
                        )
    for letter in sorted({ch for row in regions for ch in row}):
        if counts.get(letter, 0) != k:
            return f"region {letter} holds {counts.get(letter, 0)} stars, not {k}"
    return None


def place_stars(rng: random.Random, n: int, k: int) -> set[tuple[int, int]]:
    """A random placement of k stars per row and column, no two touching."""
    options: list[tuple[int, ...]] = []
    if k == 1:
        options = [(c,) for c in range(n)]
    else:
        options = [(a, b) for a in range(n) for b in range(a + 2, n)]
    # the options of the next row that touch no star of this one
    after = [
        [j for j, b in enumerate(options) if all(abs(x - y) > 1 for x in a for y in b)]
        for a in options
    ]
    col_count = [0] * n
    chosen: list[int] = []

    def extend() -> bool:
        r = len(chosen)
        if r == n:
            return True
        left = n - r - 1
        reach = (left + 1) // 2  # stars a column can still take in the rows after this one
        order = [
            j
            for j in (after[chosen[-1]] if chosen else range(len(options)))
            if all(col_count[c] < k for c in options[j])
        ]
        rng.shuffle(order)
        for j in order:
            cols = options[j]
            for c in cols:
                col_count[c] += 1
            # every column must still be able to reach k stars in the rows left
            if all(k - x <= reach for x in col_count):
                chosen.append(j)
                if extend():
                    return True
                chosen.pop()
            for c in cols:
                col_count[c] -= 1
        return False

    if not extend():  # pragma: no cover - every size and k used here has placements
        raise RuntimeError(f"no {n}x{n} placement with {k} stars per line")
    return {(r, c) for r, j in enumerate(chosen) for c in options[j]}


def _grow(rng: random.Random, n: int, seeds: list[tuple[int, int]]) -> list[list[int]]:
    """Regions grown from ``seeds`` (region i starts at seeds[i]) by random flood fill."""
    region = [[-1] * n for _ in range(n)]
    frontier: list[tuple[int, int, int]] = []
    for i, (r, c) in enumerate(seeds):
        region[r][c] = i
    for i, (r, c) in enumerate(seeds):
        frontier += [(rr, cc, i) for rr, cc in neighbours4(r, c, n, n)]
    while frontier:
        j = rng.randrange(len(frontier))
        frontier[j], frontier[-1] = frontier[-1], frontier[j]
        r, c, i = frontier.pop()
        if region[r][c] >= 0:
            continue
        region[r][c] = i
        frontier += [(rr, cc, i) for rr, cc in neighbours4(r, c, n, n) if region[rr][cc] < 0]
    return region


def _pair_up(rng: random.Random, n: int, region: list[list[int]], count: int) -> list[int] | None:
    """A perfect matching of touching regions (randomised, fewest options first), as a map
    from region to its pair number, or None when the search finds none."""
    adjacent = [set() for _ in range(count)]
    for r in range(n):
        for c in range(n):
            for rr, cc in neighbours4(r, c, n, n):
                a, b = region[r][c], region[rr][cc]
                if a != b:
                    adjacent[a].add(b)
    mate = [-1] * count
    budget = [2000]

    def match() -> bool:
        free = [a for a in range(count) if mate[a] < 0]
        if not free:
            return True
        budget[0] -= 1
        if budget[0] < 0:
            return False
        a = min(free, key=lambda x: (sum(mate[y] < 0 for y in adjacent[x]), rng.random()))
        partners = sorted(b for b in adjacent[a] if mate[b] < 0)
        rng.shuffle(partners)
        for b in partners:
            mate[a], mate[b] = b, a
            if match():
                return True
            mate[a] = mate[b] = -1
        return False

    if not match():
        return None
    pair_of = [-1] * count
    number = 0
    for a in range(count):
        if pair_of[a] < 0:
            pair_of[a] = pair_of[mate[a]] = number
            number += 1
    return pair_of


@cache
def _base_clauses(n: int, k: int) -> tuple[tuple[tuple[int, ...], ...], int]:
    """Rows, columns and touching cells as CNF, and the last variable number it uses."""
    pool = Pool(n * n)
    var = [[r * n + c + 1 for c in range(n)] for r in range(n)]
    clauses: list[list[int]] = []
    for line in [*var, *([var[r][c] for r in range(n)] for c in range(n))]:
        clauses += equals(line, k, pool)
    for r in range(n):
        for c in range(n):
            for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1)):
                rr, cc = r + dr, c + dc
                if 0 <= rr < n and 0 <= cc < n:
                    clauses.append([-var[r][c], -var[rr][cc]])
    return tuple(tuple(c) for c in clauses), pool.top


class Rivals:
    """One solver per puzzle for placements other than ``stars``: the rows, columns and
    touching cells are added once; each round's regions come with a fresh activation
    literal, which is retired when the round ends (so the same calls in the same order give
    the same models: generation stays deterministic)."""

    def __init__(self, n: int, k: int, stars: set[tuple[int, int]]) -> None:
        base, top = _base_clauses(n, k)
        self.n, self.k = n, k
        self.pool = Pool(top)
        self.solver = new_solver([*base, [-(r * n + c + 1) for r, c in sorted(stars)]])

    def round(self, region: list[list[int]], most: int) -> list[set[tuple[int, int]]]:
        """Up to ``most`` other placements with these regions, as sets of star cells."""
        n, k = self.n, self.k
        members: dict[int, list[int]] = {}
        for r in range(n):
            for c in range(n):
                members.setdefault(region[r][c], []).append(r * n + c + 1)
        clauses: list[list[int]] = []
        for _, lits in sorted(members.items()):
            # with k per row, n * k stars fill n regions: "at most k" in each is enough
            clauses += at_most_one(lits) if k == 1 else at_most(lits, k, self.pool)
        active = self.pool.new()
        for clause in clauses:
            self.solver.add_clause([*clause, -active])
        found = []
        while len(found) < most and self.solver.solve(assumptions=[active]):
            model = self.solver.get_model()
            cells = [v for v in model[: n * n] if v > 0]
            found.append({divmod(v - 1, n) for v in cells})
            self.solver.add_clause([*(-v for v in cells), -active])
        self.solver.add_clause([-active])
        return found

    def close(self) -> None:
        self.solver.delete()


def _region_counts_ok(region, n: int, k: int, cells: set[tuple[int, int]]) -> bool:
    counts = [0] * n
    for r, c in cells:
        counts[region[r][c]] += 1
    return all(x == k for x in counts)


def _repair(rng: random.Random, n: int, region, stars, other) -> bool:
    """Move one rival star cell into a touching region, keeping regions connected.

    Where taking the cell out would split its region, the parts that hold none of the
    solution's stars go with it (they touch the cell, so the receiving region stays
    connected); a cell whose removal would split the solution's stars of its region apart
    is not moved. The solution keeps k stars in every region, and the rival gets more than
    k in the receiving one."""
    cells = sorted(other - stars)
    rng.shuffle(cells)
    for r, c in cells:
        old = region[r][c]
        targets = sorted({region[rr][cc] for rr, cc in neighbours4(r, c, n, n)} - {old})
        if not targets:
            continue
        rest = [
            (i, j) for i in range(n) for j in range(n) if region[i][j] == old and (i, j) != (r, c)
        ]
        parts = components(rest)
        keep = [part for part in parts if any(cell in stars for cell in part)]
        if len(keep) != 1:
            continue
        target = rng.choice(targets)
        region[r][c] = target
        for part in parts:
            if part is not keep[0]:
                for i, j in part:
                    region[i][j] = target
        return True
    return False


def make_regions(
    rng: random.Random, n: int, k: int, stars: set[tuple[int, int]]
) -> list[list[int]]:
    """Regions, numbered in reading order of first cell, for which ``stars`` is the only
    solution."""
    ordered = sorted(stars)
    while True:
        region = _grow(rng, n, ordered)
        if k == 2:
            pair_of = _pair_up(rng, n, region, len(ordered))
            if pair_of is None:
                continue
            region = [[pair_of[v] for v in row] for row in region]
        search = Rivals(n, k, stars)
        try:
            for _ in range(MAX_REPAIRS):
                found = search.round(region, RIVALS_PER_ROUND)
                if not found:
                    return _renumber(region)
                stuck = False
                for other in found:
                    if _region_counts_ok(region, n, k, other) and not _repair(
                        rng, n, region, stars, other
                    ):
                        stuck = True
                        break
                if stuck:
                    break
        finally:
            search.close()


def _renumber(region: list[list[int]]) -> list[list[int]]:
    names: dict[int, int] = {}
    for row in region:
        for v in row:
            names.setdefault(v, len(names))
    return [[names[v] for v in row] for row in region]
