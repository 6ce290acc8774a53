"""What the shading and placement grids of ``puzzles`` share (Binairo, Hitori, Star Battle,
Kakuro): CNF cardinality constraints and orthogonal connectivity; their grids of marks are read
by :func:`rlvr_envs.families.puzzles.marks.parse_marks`.

Solvers are Minisat 2.2 through :mod:`rlvr_envs.families.shared.sat`; pysat is imported
lazily, so verifying a problem never needs it. Model output is hostile: the parsers cap the
text's length before any work and are linear in it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rlvr_envs.families.puzzles.marks import AnswerError, parse_marks

__all__ = [
    "AnswerError",
    "Pool",
    "at_most",
    "components",
    "connected",
    "equals",
    "parse_marks",
]


class Pool:
    """Consecutive CNF variable numbers: ``new()`` hands out the next one."""

    def __init__(self, top: int = 0) -> None:
        self.top = top

    def new(self) -> int:
        self.top += 1
        return self.top


def equals(literals: Sequence[int], bound: int, pool: Pool) -> list[list[int]]:
    """Clauses saying exactly ``bound`` of ``literals`` are true (sequential counter,
    Sinz 2005, through pysat.card); auxiliary variables come from ``pool``."""
    from pysat.card import CardEnc, EncType

    lits = list(literals)
    if bound <= 0:
        return [[-x] for x in lits]
    if bound >= len(lits):
        return [[x] for x in lits]
    cnf = CardEnc.equals(lits=lits, bound=bound, top_id=pool.top, encoding=EncType.seqcounter)
    pool.top = max(pool.top, cnf.nv)
    return [list(c) for c in cnf.clauses]


def at_most(literals: Sequence[int], bound: int, pool: Pool) -> list[list[int]]:
    """Clauses saying at most ``bound`` of ``literals`` are true."""
    from pysat.card import CardEnc, EncType

    lits = list(literals)
    if bound >= len(lits):
        return []
    if bound <= 0:
        return [[-x] for x in lits]
    cnf = CardEnc.atmost(lits=lits, bound=bound, top_id=pool.top, encoding=EncType.seqcounter)
    pool.top = max(pool.top, cnf.nv)
    return [list(c) for c in cnf.clauses]


def connected(cells: Iterable[tuple[int, int]]) -> bool:
    """Whether ``cells`` form one orthogonally connected group (True for none)."""
    todo = set(cells)
    if not todo:
        return True
    stack = [todo.pop()]
    while stack:
        r, c = stack.pop()
        for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if nb in todo:
                todo.remove(nb)
                stack.append(nb)
    return not todo


def components(cells: Iterable[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    """The orthogonally connected groups of ``cells``, each sorted, in order of first cell."""
    todo = set(cells)
    out = []
    for start in sorted(todo):
        if start not in todo:
            continue
        todo.remove(start)
        group, stack = [start], [start]
        while stack:
            r, c = stack.pop()
            for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if nb in todo:
                    todo.remove(nb)
                    group.append(nb)
                    stack.append(nb)
        out.append(sorted(group))
    return out
