"""What ``rlvr/ShiftRostering-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st
from pysat.card import CardEnc, EncType
from pysat.formula import CNF, IDPool
from pysat.solvers import Minisat22

from tests.families.optimisation.helpers import _gen, _score

ENV = "rlvr/ShiftRostering-v0"


def _rosters(meta, limit):
    """Up to ``limit`` rosters that keep every stated rule, found by a SAT solver."""
    days, workers, cap = meta["days"], meta["workers"], meta["cap"]
    pool = IDPool()
    x = {(w, s): pool.id((w, s)) for w in range(workers) for s in range(2 * days)}
    cnf = CNF()
    for s in range(2 * days):
        crew = [x[w, s] for w in range(workers)]
        cnf.extend(CardEnc.equals(crew, bound=2, vpool=pool, encoding=EncType.seqcounter))
    for w in range(workers):
        cnf.extend(CardEnc.atmost([x[w, s] for s in range(2 * days)], bound=cap, vpool=pool,
                                  encoding=EncType.seqcounter))  # fmt: skip
        for d in range(days):
            cnf.append([-x[w, 2 * d], -x[w, 2 * d + 1]])
            if d + 1 < days:
                cnf.append([-x[w, 2 * d + 1], -x[w, 2 * d + 2]])
    for w, s in meta["unavailable"]:
        cnf.append([-x[w, s]])
    found = []
    with Minisat22(bootstrap_with=cnf.clauses) as solver:
        while len(found) < limit and solver.solve():
            model = set(solver.get_model())
            found.append([[w for w in range(workers) if x[w, s] in model]
                          for s in range(2 * days)])  # fmt: skip
            solver.add_clause([-v for v in x.values() if v in model])
    return found


def _text(roster):
    return " | ".join(" ".join(str(w + 1) for w in crew) for crew in roster)


def test_every_roster_a_sat_solver_finds_earns_one():
    for seed in range(6):
        problem = _gen(ENV, seed, 0.5)
        rosters = _rosters(problem.meta, 5)
        assert rosters
        for roster in rosters:
            assert _score(problem, _text(roster)) == 1.0


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), shift=st.integers(0, 11), worker=st.integers(0, 7))
def test_changing_one_worker_of_a_valid_roster_earns_one_only_if_the_rules_hold(
    seed, shift, worker
):
    problem = _gen(ENV, seed, 0.5)
    meta = problem.meta
    roster = [[int(w) - 1 for w in part.split()] for part in problem.answer.split("|")]
    shift %= len(roster)
    worker %= meta["workers"]
    if worker in roster[shift]:
        return
    roster[shift][0] = worker
    mine = {w: [s for s, crew in enumerate(roster) if w in crew] for w in range(meta["workers"])}
    keeps = (
        all(
            len(s) <= meta["cap"]
            and all(
                b - a > 1 or (a % 2 == 0 and b == a + 1 and False) for a, b in itertools.pairwise(s)
            )
            for s in mine.values()
        )
        and [worker, shift] not in meta["unavailable"]
    )
    assert _score(problem, _text(roster)) == (1.0 if keeps else 0.0)


def test_wrong_shift_counts_and_crews_are_refused():
    problem = _gen(ENV, 1, 0.5)
    parts = problem.answer.split("|")
    assert _score(problem, "|".join(parts[:-1])) == 0.0
    assert _score(problem, "|".join([parts[0] + " " + parts[1], *parts[1:]])) == 0.0
    first = parts[0].split()
    assert _score(problem, "|".join([f"{first[0]} {first[0]}", *parts[1:]])) == 0.0
