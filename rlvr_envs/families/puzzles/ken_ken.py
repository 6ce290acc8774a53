"""KenKen: fill an n x n grid with the digits 1..n, every row and column holding each digit
once, so that every cage's digits combine to its target under its operation.

The grid is cut into cages of orthogonally connected cells. A cage shows a target and an
operation: ``+`` (the sum of its digits), ``*`` (their product), ``-`` (the larger of its
two digits minus the smaller) or ``/`` (the larger divided by the smaller; exact); ``-`` and
``/`` cages have two cells. A one-cell cage without an operation holds its target. Digits
may repeat inside a cage when they are in different rows and columns.

Every puzzle has exactly one solution. The generator draws a random Latin square, grows
random cages up to the size asked for (a cell boxed in joins its smallest neighbouring
cage) and gives each an operation its digits allow; then Minisat 2.2 (python-sat, a fresh
solver per puzzle) looks for another solution, each cage encoded exactly behind a selector
(a chain of partial sums or products for ``+`` and ``*``, the digit pairs for ``-`` and
``/``). While one exists, a cage where it differs gets another operation that tells the two
apart (once per cage) or is split in two connected parts with new operations, and the
solver asks again; it stops when no other solution exists, so uniqueness is proved, not
assumed.

Answer syntax: the completed grid as n rows of n digits, top row first, one row per line;
spaces, commas and ``|`` inside a row are ignored, and rows may be separated by ``/`` or
``;``. The verifier checks every rule (rows, columns, every cage), so any correct grid
scores 1; since the solution is unique, that grid is the reference one.

Knobs: ``size`` (n, 4 at difficulty 0 to 7 at difficulty 1) and ``cage`` (the largest cage
grown, 2 to 5 cells; one cage in twenty starts as a single cell).

Speed (one core, CPU time, best of three runs of 300 on a shared machine): about 1,550
problems/s at the default knobs (n = 5, cages up to 3 cells) and 195/s at difficulty 1
(n = 7, cages up to 5 cells; at the 200/s target, below it on a busy machine): a fresh
solver per puzzle (its models choose the refinements, so it cannot be shared; loading the
Latin clauses into it is about a quarter of the time) and about four SAT calls, the last a
proof that no other solution exists, about half the time; implied digit bounds per cage
make those calls about 40% faster. Any change to the clauses changes the models, so
changes the problems.
"""

from __future__ import annotations

import math
import random
from functools import cache
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.puzzles.latin import (
    ANSWER_FORM,
    ANSWER_SYNTAX,
    cell_var,
    check_latin,
    grid_text,
    latin_cnf,
    random_latin,
)
from rlvr_envs.families.shared.sat import SOLVER

LABELS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
SINGLE = 0.05  # the chance that a cage starts as one cell


def cage_value(op: str, digits: list[int]) -> int | None:
    """What ``digits`` make under ``op`` (None where ``/`` is not exact)."""
    if op == "":
        return digits[0]
    if op == "+":
        return sum(digits)
    if op == "*":
        return math.prod(digits)
    low, high = min(digits), max(digits)
    if op == "-":
        return high - low
    return high // low if high % low == 0 else None


def cage_tuples(n: int, cells: list[tuple[int, int]], op: str, target: int) -> list[tuple]:
    """Every assignment of 1..n to ``cells`` that reaches ``target`` under ``op`` and keeps
    cells of one row or column different (search with sum and divisor bounds)."""
    k = len(cells)
    clash = [
        [j for j in range(i) if cells[j][0] == cells[i][0] or cells[j][1] == cells[i][1]]
        for i in range(k)
    ]
    out: list[tuple] = []
    chosen: list[int] = []

    def extend(i: int, acc: int) -> None:
        if i == k:
            if op in ("+", "*"):
                if acc == target:
                    out.append(tuple(chosen))
            elif cage_value(op, chosen) == target:
                out.append(tuple(chosen))
            return
        left = k - i - 1
        for d in range(1, n + 1):
            if any(chosen[j] == d for j in clash[i]):
                continue
            if op == "+":
                total = acc + d
                if total + left > target or total + left * n < target:
                    continue
                nxt = total
            elif op == "*":
                nxt = acc * d
                if target % nxt:
                    continue
            else:
                nxt = acc
            chosen.append(d)
            extend(i + 1, nxt)
            chosen.pop()

    extend(0, 0 if op == "+" else 1)
    return out


def grow_cages(rng: random.Random, n: int, largest: int) -> list[list[tuple[int, int]]]:
    """A random partition of the grid into orthogonally connected cages."""
    owner = [[-1] * n for _ in range(n)]
    cells = [(r, c) for r in range(n) for c in range(n)]
    rng.shuffle(cells)
    cages: list[list[tuple[int, int]]] = []
    for start in cells:
        if owner[start[0]][start[1]] >= 0:
            continue
        size = 1 if rng.random() < SINGLE else rng.randint(2, largest)
        cage = [start]
        owner[start[0]][start[1]] = len(cages)
        while len(cage) < size:
            frontier = sorted(
                {
                    (r + dr, c + dc)
                    for r, c in cage
                    for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                    if 0 <= r + dr < n and 0 <= c + dc < n and owner[r + dr][c + dc] < 0
                }
            )
            if not frontier:
                break
            cell = rng.choice(frontier)
            owner[cell[0]][cell[1]] = len(cages)
            cage.append(cell)
        if size > 1 and len(cage) == 1:  # boxed in: join the smallest neighbouring cage
            r, c = start
            near = sorted(
                (len(cages[owner[r + dr][c + dc]]), owner[r + dr][c + dc])
                for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                if 0 <= r + dr < n and 0 <= c + dc < n
            )
            if near and near[0][0] < largest:
                owner[r][c] = near[0][1]
                cages[near[0][1]] = sorted([*cages[near[0][1]], start])
                continue
        cages.append(sorted(cage))
    return cages


def components(cells: list[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    """The orthogonally connected parts of ``cells``, in order of their first cell."""
    left = set(cells)
    parts = []
    for cell in sorted(cells):
        if cell not in left:
            continue
        part, stack = [], [cell]
        left.discard(cell)
        while stack:
            r, c = stack.pop()
            part.append((r, c))
            for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if nb in left:
                    left.discard(nb)
                    stack.append(nb)
        parts.append(sorted(part))
    return parts


def ops_for(digits: list[int]) -> list[str]:
    """Every operation a cage with ``digits`` may show."""
    if len(digits) == 1:
        return [""]
    if len(digits) == 2:
        return ["+", "-", "*"] + (["/"] if max(digits) % min(digits) == 0 else [])
    return ["+", "*"]


def choose_op(rng: random.Random, digits: list[int]) -> str:
    """An operation the cage's digits allow: none for one cell, ``/`` (where exact) half the
    time on two."""
    ops = ops_for(digits)
    if "/" in ops and rng.random() < 0.5:
        return "/"
    return rng.choice([op for op in ops if op != "/"])


@cache
def latin_lists(n: int) -> list[list[int]]:
    """:func:`latin_cnf` as lists, made once (pysat copies clauses it is given)."""
    return [list(clause) for clause in latin_cnf(n)]


def encode_cage(
    n: int, cells: list[tuple[int, int]], op: str, target: int, top: int
) -> tuple[list[list[int]], int]:
    """Clauses that hold a cage to its target when its selector is true, and the highest
    variable used; the selector is the last new variable (the returned ``top``).

    ``+`` and ``*`` cages use a chain of partial results: variable (i, s) says "the first i
    cells make s", with "cell i holds d and (i, s) imply (i - 1, s - d)" (``s / d`` for
    ``*``) and (0, 0) (``(0, 1)``) the only true start, so the selector, the variable for
    (k, target), forces digits that make the target exactly. The states kept
    are those that can still reach the target. ``-`` and ``/`` cages (two cells) list their
    digit pairs. A one-cell cage fixes its digit.
    """
    k = len(cells)
    x = [[cell_var(n, r, c, d) for d in range(n + 1)] for r, c in cells]  # x[i][d], d >= 1
    clauses: list[list[int]] = []
    if k == 1:
        return [[-(top + 1), x[0][target]]], top + 1
    if op in ("-", "/"):
        choices = []
        pairs = cage_tuples(n, cells, op, target)
        for t in pairs:
            top += 1
            choices.append(top)
            clauses += [[-top, x[i][d]] for i, d in enumerate(t)]
        top += 1
        clauses.append([-top, *choices])
        for i in range(2):  # implied: digits in no pair are out
            allowed = {t[i] for t in pairs}
            clauses += [[-top, -x[i][d]] for d in range(1, n + 1) if d not in allowed]
        return clauses, top

    digits = range(1, n + 1)

    def back(s: int, level: int) -> list[int | None]:
        """For each digit d (index d - 1): the partial result of the first ``level``
        cells before d made s, or None where no such result exists."""
        if op == "+":
            return [s - d if level <= s - d <= level * n else None for d in digits]
        cap = n**level
        return [s // d if not s % d and s // d <= cap else None for d in digits]

    states: list[list[int]] = [[] for _ in range(k + 1)]
    states[k] = [target]
    before: list[dict[int, list[int | None]]] = [{} for _ in range(k + 1)]
    for level in range(k, 1, -1):
        found: set[int] = set()
        for s in states[level]:
            before[level][s] = prevs = back(s, level - 1)
            found.update(prev for prev in prevs if prev is not None)
        states[level - 1] = sorted(found)
    state_var: list[dict[int, int]] = [{} for _ in range(k + 1)]
    for level in range(1, k):
        for s in states[level]:
            top += 1
            state_var[level][s] = top
    top += 1
    state_var[k][target] = top  # the selector
    # Implied, for propagation: a digit that cannot combine with k - 1 others to make the
    # target is out of every cell of the cage.
    for d, prev in zip(digits, before[k][target]):
        if prev is None:
            clauses += [[-top, -x[i][d]] for i in range(k)]
    for s, here in state_var[1].items():  # the first cell alone makes s: it holds s
        clauses += [[-here, -x[0][d]] for d in digits if d != s]
    for level in range(2, k + 1):
        earlier = state_var[level - 1]
        for s, here in state_var[level].items():
            cell = x[level - 1]
            for d, prev in zip(digits, before[level][s]):
                # every prev found is a state of level - 1 (states are built from them)
                if prev is None:
                    clauses.append([-here, -cell[d]])
                else:
                    clauses.append([-here, -cell[d], earlier[prev]])
    return clauses, top


def unique_cages(
    rng: random.Random, grid: list[list[int]], start: list[list[tuple[int, int]]]
) -> list[tuple[list[tuple[int, int]], str, int]]:
    """Cages (cells, op, target) with operations for ``grid``, refined until ``grid`` is the
    only solution.

    A fresh Minisat 2.2 solver holds the Latin square, a clause excluding ``grid`` and each
    cage behind a selector (:func:`encode_cage`). While another solution exists, a cage where
    it differs gets another operation that tells the two apart or, when none does (or it
    was already changed), is split in two; then the solver asks again.
    """
    from pysat.solvers import Solver

    n = len(grid)
    solver = Solver(name=SOLVER, bootstrap_with=latin_lists(n))
    top = n**3
    active: dict[int, tuple[list[tuple[int, int]], str, int]] = {}  # selector -> cage
    changed: set[tuple] = set()  # cages whose operation was changed once already

    def var(r: int, c: int, d: int) -> int:
        return cell_var(n, r, c, d)

    def add_cage(cells: list[tuple[int, int]], op: str | None = None) -> None:
        nonlocal top
        digits = [grid[r][c] for r, c in cells]
        op = choose_op(rng, digits) if op is None else op
        target = cage_value(op, digits)
        clauses, top = encode_cage(n, cells, op, target, top)
        active[top] = (cells, op, target)
        solver.append_formula(clauses)

    for cells in start:
        add_cage(cells)
    solver.add_clause([-var(r, c, grid[r][c]) for r in range(n) for c in range(n)])
    while solver.solve(assumptions=list(active)):
        model = set(solver.get_model())
        other = [[next(d for d in range(1, n + 1) if var(r, c, d) in model) for c in range(n)]
                 for r in range(n)]  # fmt: skip
        differ = [s for s, (cells, _, _) in active.items()
                  if any(other[r][c] != grid[r][c] for r, c in cells)]  # fmt: skip
        selector = rng.choice(sorted(differ))
        cells, op, _ = active.pop(selector)
        mine = [grid[r][c] for r, c in cells]
        theirs = [other[r][c] for r, c in cells]
        ops = [o for o in ops_for(mine) if o != op and cage_value(o, mine) != cage_value(o, theirs)]
        key = tuple(cells)
        if ops and key not in changed:
            changed.add(key)
            add_cage(cells, rng.choice(ops))
            continue
        cut = rng.choice(
            [cell for cell in cells if other[cell[0]][cell[1]] != grid[cell[0]][cell[1]]]
        )
        half = bisect(cells, cut)
        for part in [half, *components([cell for cell in cells if cell not in half])]:
            add_cage(part)
    solver.delete()
    return sorted(active.values())


def bisect(cells: list[tuple[int, int]], cut: tuple[int, int]) -> list[tuple[int, int]]:
    """About half of ``cells``, connected, grown breadth-first from ``cut``."""
    inside = set(cells)
    part, queue = [cut], [cut]
    seen = {cut}
    while queue and len(part) < len(cells) // 2:
        r, c = queue.pop(0)
        for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if nb in inside and nb not in seen and len(part) < len(cells) // 2:
                seen.add(nb)
                part.append(nb)
                queue.append(nb)
    return sorted(part)


class KenKen(Family):
    """Solve a KenKen (a Latin square under arithmetic cages) with a unique solution."""

    knobs: ClassVar[dict[str, Knob]] = {
        "size": Knob("int", 3, 7, default=5, easy=4, hard=7, doc="the grid side n"),
        "cage": Knob("int", 2, 6, default=3, easy=2, hard=5, doc="the largest cage grown"),
    }
    answer_syntax = ANSWER_SYNTAX
    answer_form = ANSWER_FORM

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, largest = int(knobs["size"]), int(knobs["cage"])
        grid = random_latin(rng, n)
        cages = unique_cages(rng, grid, grow_cages(rng, n, largest))
        meta_cages = [
            {"cells": [list(cell) for cell in cells], "op": op, "target": target}
            for cells, op, target in cages
        ]
        question = (
            f"Solve this {n}x{n} KenKen. Fill every cell with a digit from 1 to {n} so that "
            f"each row and each column contains every digit from 1 to {n} exactly once. The "
            "grid is divided into cages, drawn below as letters (cells with the same letter "
            "form one cage). The digits of each cage must make its target with its "
            "operation: + is their sum, * their product, - the larger of the two digits "
            "minus the smaller, / the larger divided by the smaller; a one-cell cage without "
            "an operation holds its target. Digits may repeat inside a cage when they are in "
            "different rows and columns.\n\n" + render(n, meta_cages)
        )
        return Draft(question, grid_text(grid), {"size": n, "cages": meta_cages})

    def check(self, problem: Problem, answer: str) -> Judgement:
        grid = check_latin(answer, problem.meta)
        if isinstance(grid, Judgement):
            return grid
        for index, cage in enumerate(problem.meta["cages"]):
            digits = [grid[r][c] for r, c in cage["cells"]]
            if cage_value(cage["op"], digits) != cage["target"]:
                return Judgement.wrong(why=f"cage {LABELS[index]} does not make its target")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """log2(n) for every cell beyond the first of its cage: the digits a cage leaves
        open, as bits."""
        n = problem.meta["size"]
        return sum(len(cage["cells"]) - 1 for cage in problem.meta["cages"]) * math.log2(n)


def render(n: int, cages: list[dict]) -> str:
    """The cage map as letters, then one line per cage with its target and operation."""
    label = [[""] * n for _ in range(n)]
    for index, cage in enumerate(cages):
        for r, c in cage["cells"]:
            label[r][c] = LABELS[index]
    lines = [" ".join(row) for row in label]
    lines.append("")
    for index, cage in enumerate(cages):
        rule = f"{cage['target']}{cage['op']}" if cage["op"] else f"{cage['target']} (one cell)"
        lines.append(f"{LABELS[index]}: {rule}")
    return "\n".join(lines)
