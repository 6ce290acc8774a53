"""Thin helpers over python-sat (pysat) for the families that generate with a SAT solver.

Solvers are Minisat 2.2 (Eén & Sörensson 2003), which is deterministic: the same clauses
added in the same order give the same models and statistics. A solver whose *models* shape
a problem is always a fresh one; a solver that is reused between problems (per thread) is
only ever asked satisfiable-or-not questions, whose answers do not depend on its history.
pysat is imported lazily, so verifying a problem never needs it.
"""

from __future__ import annotations

import atexit
import itertools
import threading
import weakref
from collections.abc import Callable, Sequence
from typing import Any

SOLVER = "minisat22"
_local = threading.local()
_cached: list[weakref.ref] = []  # every cached solver, deleted before the interpreter exits


def new_solver(clauses: Sequence[Sequence[int]] = ()) -> Any:
    """A fresh Minisat 2.2 solver holding ``clauses``."""
    from pysat.solvers import Solver

    return Solver(name=SOLVER, bootstrap_with=[list(c) for c in clauses])


def cached_solver(key: Any, clauses: Callable[[], list[list[int]]]) -> Any:
    """This thread's solver for ``key`` (built from ``clauses()`` once); yes/no queries only."""
    cache = getattr(_local, "solvers", None)
    if cache is None:
        cache = _local.solvers = {}
    solver = cache.get(key)
    if solver is None:
        solver = cache[key] = new_solver(clauses())
        _cached.append(weakref.ref(solver))
    return solver


@atexit.register
def _delete_cached() -> None:
    """Free cached solvers while pysat is still importable (its destructor needs it)."""
    for ref in _cached:
        solver = ref()
        if solver is not None:
            solver.delete()


def at_most_one(literals: Sequence[int]) -> list[list[int]]:
    """Pairwise at-most-one clauses (fine for the groups of at most 9 literals used here)."""
    return [[-a, -b] for a, b in itertools.combinations(literals, 2)]


def exactly_one(literals: Sequence[int]) -> list[list[int]]:
    """At least one and at most one of ``literals``."""
    return [list(literals), *at_most_one(literals)]
