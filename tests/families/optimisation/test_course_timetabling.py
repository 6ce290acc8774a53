"""What ``rlvr/CourseTimetabling-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st
from pysat.card import CardEnc, EncType
from pysat.formula import CNF, IDPool
from pysat.solvers import Minisat22

from tests.families.optimisation.helpers import _gen, _score

ENV = "rlvr/CourseTimetabling-v0"
SLOTS = 4


def _timetables(meta, limit):
    """Up to ``limit`` timetables that keep every stated rule, found by a SAT solver."""
    n, rooms = len(meta["sizes"]), len(meta["seats"])
    pool = IDPool()
    x = {
        (c, s, r): pool.id((c, s, r))
        for c in range(n)
        for s in range(SLOTS)
        for r in range(rooms)
        if meta["sizes"][c] <= meta["seats"][r] and [s, r] not in meta["unavailable"]
    }
    cnf = CNF()
    for c in range(n):
        mine = [v for (d, _, _), v in x.items() if d == c]
        cnf.extend(CardEnc.equals(mine, bound=1, vpool=pool, encoding=EncType.pairwise))
    for s, r in itertools.product(range(SLOTS), range(rooms)):
        here = [v for (_, t, q), v in x.items() if (t, q) == (s, r)]
        if len(here) > 1:
            cnf.extend(CardEnc.atmost(here, bound=1, vpool=pool, encoding=EncType.pairwise))
    apart = {(a, b) for a, b in meta["shared"]}
    apart |= {
        (a, b)
        for a, b in itertools.combinations(range(n), 2)
        if meta["teachers"][a] == meta["teachers"][b]
    }
    for a, b in apart:
        for s in range(SLOTS):
            for (c, t, _), u in x.items():
                if c == a and t == s:
                    cnf.extend([-u, -v] for (d, q, _), v in x.items() if d == b and q == s)
    found = []
    with Minisat22(bootstrap_with=cnf.clauses) as solver:
        while len(found) < limit and solver.solve():
            model = set(solver.get_model())
            found.append(sorted(key for key, v in x.items() if v in model))
            solver.add_clause([-v for v in x.values() if v in model])
    return found


def _text(placed):
    return " | ".join(f"T{s + 1} R{r + 1}" for s, r in placed)


def _keeps(meta, placed):
    """Every rule, checked course by course and pair by pair."""
    for c, (s, r) in enumerate(placed):
        if meta["sizes"][c] > meta["seats"][r] or [s, r] in meta["unavailable"]:
            return False
    for a, b in itertools.combinations(range(len(placed)), 2):
        same_slot = placed[a][0] == placed[b][0]
        if placed[a] == placed[b] or (same_slot and meta["teachers"][a] == meta["teachers"][b]):
            return False
        if same_slot and [a, b] in meta["shared"]:
            return False
    return True


def test_every_timetable_a_sat_solver_finds_earns_one():
    for seed in range(6):
        problem = _gen(ENV, seed, 0.5)
        tables = _timetables(problem.meta, 4)
        assert tables
        for table in tables:
            placed = [[s, r] for _, s, r in table]
            assert _keeps(problem.meta, placed)
            assert _score(problem, _text(placed)) == 1.0


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), course=st.integers(0, 11), slot=st.integers(0, 3),
       room=st.integers(0, 3))  # fmt: skip
def test_moving_one_course_earns_one_only_if_the_rules_hold(seed, course, slot, room):
    problem = _gen(ENV, seed, 0.5)
    meta = problem.meta
    placed = [[int(v[1:]) - 1 for v in part.split()] for part in problem.answer.split("|")]
    course %= len(placed)
    room %= len(meta["seats"])
    placed[course] = [slot, room]
    assert _score(problem, _text(placed)) == (1.0 if _keeps(meta, placed) else 0.0)


def test_bare_numbers_are_read_and_malformed_timetables_refused():
    problem = _gen(ENV, 3, 0.5)
    bare = problem.answer.replace("T", "").replace("R", "")
    assert _score(problem, bare) == 1.0
    parts = problem.answer.split("|")
    assert _score(problem, "|".join(parts[:-1])) == 0.0
    assert _score(problem, "|".join([parts[1], *parts[1:]])) == 0.0  # two courses in one room
    assert _score(problem, "|".join(["T9 R1", *parts[1:]])) == 0.0
    assert _score(problem, "|".join(["T1", *parts[1:]])) == 0.0
    assert _score(problem, " | ".join("T1 R1" for _ in parts)) == 0.0
