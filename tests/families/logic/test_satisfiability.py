"""What ``rlvr/Satisfiability-v0`` must do beyond the generic family contract."""

from __future__ import annotations

from hypothesis import assume, given
from hypothesis import strategies as st
from pysat.solvers import Solver

from tests.families.logic.helpers import DIFFICULTY, PERTURB, SEED, _gen, _score


# -- satisfiability ------------------------------------------------------------------------
def _satisfies(clauses: list[list[int]], values: dict[int, bool]) -> bool:
    return all(any(values[abs(lit)] == (lit > 0) for lit in clause) for clause in clauses)


def _assignment_text(values: dict[int, bool]) -> str:
    return ", ".join(f"x{v}={int(values[v])}" for v in sorted(values))


def test_satisfiability_other_models_score_one_and_unsat_is_confirmed():
    statuses = set()
    for seed in range(40):
        problem = _gen("rlvr/Satisfiability-v0", seed, variables=12, ratio=4.26)
        clauses, n = problem.meta["clauses"], problem.meta["variables"]
        with Solver(name="cadical153", bootstrap_with=clauses) as solver:
            satisfiable = solver.solve()
            statuses.add(satisfiable)
            assert satisfiable == (problem.answer != "UNSAT")
            if not satisfiable:
                assert _score(problem, "UNSAT").reward == 1.0
                every_false = {v: False for v in range(1, n + 1)}
                assert _score(problem, _assignment_text(every_false)).reward == 0.0
                continue
            assert _score(problem, "unsatisfiable").reward == 0.0
            oracle = {
                int(k[1:]): v == "1" for k, v in (i.split("=") for i in problem.answer.split(", "))
            }
            solver.add_clause([-v if oracle[v] else v for v in range(1, n + 1)])
            if solver.solve():  # another model, from another solver
                model = {abs(lit): lit > 0 for lit in solver.get_model()}
                other = {v: model.get(v, False) for v in range(1, n + 1)}
                assert other != oracle and _satisfies(clauses, other)
                assert _score(problem, _assignment_text(other)).reward == 1.0
    assert statuses == {True, False}


@PERTURB
@given(seed=SEED, difficulty=DIFFICULTY, flips=st.lists(st.integers(1, 60), min_size=1))
def test_satisfiability_verdict_equals_evaluating_every_clause(seed, difficulty, flips):
    problem = _gen("rlvr/Satisfiability-v0", seed, difficulty)
    assume(problem.answer != "UNSAT")
    n = problem.meta["variables"]
    values = {int(k[1:]): v == "1" for k, v in (i.split("=") for i in problem.answer.split(", "))}
    for v in flips:
        if v <= n:
            values[v] = not values[v]
    verdict = _score(problem, _assignment_text(values))
    assert verdict.correct == _satisfies(problem.meta["clauses"], values)


def test_satisfiability_rejects_partial_and_repeated_assignments():
    problem = _gen("rlvr/Satisfiability-v0", 2, variables=5, ratio=2.0)
    items = problem.answer.split(", ")
    assert _score(problem, ", ".join(items[:-1])).reason == "unparsable"
    assert _score(problem, problem.answer + ", " + items[0]).reason == "unparsable"
    assert _score(problem, problem.answer.replace(", ", " ")).reward == 1.0
