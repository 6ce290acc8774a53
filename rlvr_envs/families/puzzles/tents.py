"""Tents: pitch one tent next to every tree.

The "Tents and Trees" puzzle (Leon Balmaekers, Dutch puzzle magazines of the 1990s): a
square grid holds trees. Place tents on empty cells so that the tents and the trees pair up
one to one, each tent orthogonally next to its own tree; no two tents touch, not even
diagonally; and the number of tents in each row and column equals the number written beside
it (a ``?`` says nothing about that line).

The generator pitches non-touching tents at random cells, each with a tree on a random free
cell orthogonally next to it, then proves with Minisat 2.2 (python-sat) that no other tent
set obeys the rules: a variable per candidate cell (one next to a tree) and per tree-cell
pairing, each tree exactly one pairing, each tent exactly one tree, no touching tents, and
every line count as a sequential-counter cardinality constraint (pysat.card) guarded by a
selector. It then hides line counts in a random order while the tents stay unique, down to
the fraction of counts asked for. Layouts that the full counts do not settle are drawn
again. The verifier checks every rule (including a one-to-one pairing, by augmenting paths),
so any right answer is the unique one.

Answer syntax: the grid, one row per line from the top, ``*`` on every tent and ``.`` on
every other cell; trees may be written ``T`` as on the board (``A`` also marks a tent, ``_``
an empty cell; case, spaces and commas inside a row do not matter; rows may be separated by
``/``).

Knobs: ``size`` (rows and columns), ``trees`` (trees per cell) and ``counts`` (the fraction
of row and column counts shown; fewer is harder, never fewer than uniqueness needs).
Difficulty raises the size and the trees and lowers ``counts``.

Speed: one SAT call per count tried, on a fresh solver per layout (about one layout in four
is drawn again); about 2,200 problems/s at the default 7x7 grid and 850/s at 10x10 on one
core (best of three runs of 300 on an idle core; a loaded machine gives half that).
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.puzzles.marks import (
    AnswerError,
    differs,
    marks_text,
    neighbours4,
    neighbours8,
    parse_marks,
    prune,
)
from rlvr_envs.families.shared.sat import at_most_one, exactly_one, new_solver

TENT = "*Aa"
OTHER = "._Tt"
TRIES = 100


class Tents(Family):
    """Place the tents of a Tents-and-Trees puzzle with a unique solution."""

    knobs: ClassVar[dict[str, Knob]] = {
        "size": Knob("int", 4, 12, default=7, easy=5, hard=10, doc="rows and columns"),
        "trees": Knob("float", 0.08, 0.24, default=0.18, easy=0.14, hard=0.2, doc="trees per cell"),
        "counts": Knob(
            "float",
            0.0,
            1.0,
            default=0.75,
            easy=1.0,
            hard=0.4,
            doc="fraction of row and column counts shown (never fewer than uniqueness needs)",
        ),
    }
    answer_syntax = "the grid, one row per line, * for a tent and . for every other cell"
    answer_form = "grid of * and ."
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n = int(knobs["size"])
        want = max(1, round(knobs["trees"] * n * n))
        for _ in range(TRIES):
            tents, trees = _pitch(rng, n, want)
            shown = _counts_shown(rng, n, tents, trees, knobs["counts"])
            if shown is not None:
                break
        else:  # pragma: no cover - unique layouts are common at every knob value
            raise RuntimeError("no Tents layout with unique tents was found")
        rows = [sum(tents[r * n : (r + 1) * n]) for r in range(n)]
        cols = [sum(tents[c::n]) for c in range(n)]
        row_clues = [str(rows[r]) if shown[r] else "?" for r in range(n)]
        col_clues = [str(cols[c]) if shown[n + c] else "?" for c in range(n)]
        board = ["".join("T" if trees[r * n + c] else "." for c in range(n)) for r in range(n)]
        lines = [" ".join(board[r]) + "  " + row_clues[r] for r in range(n)]
        lines.append(" ".join(col_clues))
        question = (
            f"Tents: this {n}x{n} grid has {sum(trees)} trees (T). Place exactly one tent on "
            "an empty cell (.) orthogonally next to each tree, so that tents and trees pair up "
            "one to one (each tent beside its own tree); no two tents may touch, not even "
            "diagonally. The number at the end of each row and below each column is how many "
            "tents it holds (? gives no count). The tents are determined uniquely.\n\n"
            + "\n".join(lines)
            + "\n\nWrite the grid with one row per line, top row first (without the counts): "
            "* on every tent and . on every other cell (trees may also be written T)."
        )
        grid = [tents[r * n : (r + 1) * n] for r in range(n)]
        meta = {"size": n, "board": board, "rows": row_clues, "cols": col_clues}
        return Draft(question, marks_text(grid), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        board, n = meta["board"], meta["size"]
        try:
            grid = parse_marks(answer, n, n, TENT, OTHER)
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        tents = [(r, c) for r in range(n) for c in range(n) if grid[r][c]]
        trees = [(r, c) for r in range(n) for c in range(n) if board[r][c] == "T"]
        for r, c in tents:
            if board[r][c] == "T":
                return Judgement.wrong(why=f"a tent on the tree at row {r + 1}, col {c + 1}")
            if any(grid[rr][cc] for rr, cc in neighbours8(r, c, n, n)):
                return Judgement.wrong(why=f"the tent at row {r + 1}, col {c + 1} touches another")
        for kind, clues, got in (
            ("row", meta["rows"], [sum(row) for row in grid]),
            ("column", meta["cols"], [sum(col) for col in zip(*grid)]),
        ):
            for i, (want, have) in enumerate(zip(clues, got), 1):
                if want != "?" and int(want) != have:
                    return Judgement.wrong(why=f"{kind} {i} holds {have} tents, not {want}")
        if len(tents) != len(trees):
            return Judgement.wrong(why=f"{len(tents)} tents for {len(trees)} trees")
        if not _pairs_up(n, trees, set(tents)):
            return Judgement.wrong(why="the tents and trees do not pair up one to one")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Candidate cells (empty cells next to a tree) plus hidden line counts."""
        board, n = problem.meta["board"], problem.meta["size"]
        candidates = sum(
            board[r][c] == "." and any(board[rr][cc] == "T" for rr, cc in neighbours4(r, c, n, n))
            for r in range(n)
            for c in range(n)
        )
        hidden = (problem.meta["rows"] + problem.meta["cols"]).count("?")
        return candidates + hidden


def _pairs_up(n: int, trees: list[tuple[int, int]], tents: set[tuple[int, int]]) -> bool:
    """Whether every tree gets its own orthogonally adjacent tent (augmenting paths)."""
    owner: dict[tuple[int, int], int] = {}

    def claim(t: int, seen: set[tuple[int, int]]) -> bool:
        for cell in neighbours4(*trees[t], n, n):
            if cell in tents and cell not in seen:
                seen.add(cell)
                if cell not in owner or claim(owner[cell], seen):
                    owner[cell] = t
                    return True
        return False

    return all(claim(t, set()) for t in range(len(trees)))


def _pitch(rng: random.Random, n: int, want: int) -> tuple[list[int], list[int]]:
    """Up to ``want`` non-touching tents, each with its own tree beside it."""
    tents, trees = [0] * (n * n), [0] * (n * n)
    order = list(range(n * n))
    rng.shuffle(order)
    placed = 0
    for i in order:
        if placed >= want:
            break
        r, c = divmod(i, n)
        if trees[i] or any(tents[rr * n + cc] for rr, cc in neighbours8(r, c, n, n)):
            continue
        spots = [
            rr * n + cc
            for rr, cc in neighbours4(r, c, n, n)
            if not trees[rr * n + cc] and not tents[rr * n + cc]
        ]
        if not spots:
            continue
        tents[i] = 1
        trees[rng.choice(spots)] = 1
        placed += 1
    return tents, trees


def _counts_shown(
    rng: random.Random, n: int, tents: list[int], trees: list[int], fraction: float
) -> list[bool] | None:
    """Which of the n row and n column counts stay shown (rows first), or None when the
    tents are not unique even with every count shown."""
    from pysat.card import CardEnc, EncType

    cells = n * n
    candidate = [
        not trees[i] and any(trees[rr * n + cc] for rr, cc in neighbours4(i // n, i % n, n, n))
        for i in range(cells)
    ]
    top = 3 * cells  # cell i: variable i + 1; line j's selector: cells + j + 1
    solver = new_solver()
    try:
        into: dict[int, list[int]] = {i: [] for i in range(cells) if candidate[i]}
        for t in (i for i in range(cells) if trees[i]):
            edges = []
            for rr, cc in neighbours4(t // n, t % n, n, n):
                j = rr * n + cc
                if candidate[j]:
                    top += 1
                    edges.append(top)
                    into[j].append(top)
                    solver.add_clause([-top, j + 1])
            solver.append_formula(exactly_one(edges))
        for j, edges in into.items():
            solver.add_clause([-(j + 1), *edges])
            solver.append_formula(at_most_one(edges))
            r, c = divmod(j, n)
            for rr, cc in neighbours8(r, c, n, n):
                k = rr * n + cc
                if k > j and candidate[k]:
                    solver.add_clause([-(j + 1), -(k + 1)])
        for i in range(cells):
            if not candidate[i]:
                solver.add_clause([-(i + 1)])
        lines = [[r * n + c for c in range(n)] for r in range(n)]
        lines += [[r * n + c for r in range(n)] for c in range(n)]
        for index, line in enumerate(lines):
            lits = [i + 1 for i in line if candidate[i]]
            bound = sum(tents[i] for i in line)
            guard = cells + index + 1
            if not lits:
                continue
            card = CardEnc.equals(lits=lits, bound=bound, top_id=top, encoding=EncType.seqcounter)
            top = max(top, card.nv)
            solver.append_formula([[*clause, -guard] for clause in card.clauses])
        solver.add_clause(differs([i + 1 for i in range(cells)], tents))
        kept = prune(rng, solver, [[cells + j + 1] for j in range(2 * n)], round(fraction * 2 * n))
    finally:
        solver.delete()
    return kept or None
