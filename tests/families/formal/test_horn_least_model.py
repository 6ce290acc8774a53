"""``rlvr/HornLeastModel-v0``: the reference is the set of atoms the clauses entail, each
decided here with python-sat (clauses plus the atom's negation unsatisfiable); the set in
any order scores 1, a set with one atom more or less 0; malformed sets are refused."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pysat.solvers import Minisat22

from tests.families.formal.helpers_proofs import gen, score, verdict

ID = "rlvr/HornLeastModel-v0"


def clauses_of(problem):
    facts = re.search(r"^Facts: (.*)$", problem.prompt, re.M).group(1).split(", ")
    rules = re.findall(r"^  ([a-z &]+) -> ([a-z])$", problem.prompt, re.M)
    atoms = sorted({*facts, *(h for _, h in rules), *(a for b, _ in rules for a in b.split(" & "))})
    var = {a: i + 1 for i, a in enumerate(atoms)}
    cnf = [[var[f]] for f in facts]
    cnf += [[-var[a] for a in body.split(" & ")] + [var[head]] for body, head in rules]
    return atoms, var, cnf


def entailed(problem) -> list[str]:
    atoms, var, cnf = clauses_of(problem)
    out = []
    with Minisat22(bootstrap_with=cnf) as solver:
        for a in atoms:
            if not solver.solve(assumptions=[-var[a]]):
                out.append(a)
    return out


@pytest.mark.parametrize("difficulty", [0.0, 0.5, 1.0])
def test_reference_is_the_entailed_atoms(difficulty):
    for seed in range(10):
        problem = gen(ID, seed, difficulty)
        atoms, _, _ = clauses_of(problem)
        model = entailed(problem)
        assert problem.answer == "{" + ", ".join(model) + "}"
        assert score(problem, "{" + ",".join(reversed(model)) + "}") == 1.0
        facts = re.search(r"^Facts: (.*)$", problem.prompt, re.M).group(1)
        assert score(problem, "{" + facts + "}") == 0.0
        assert score(problem, "{" + ", ".join(model[1:]) + "}") == 0.0
        assert score(problem, "{" + ", ".join(atoms) + "}") == 0.0


def test_malformed_sets():
    problem = gen(ID, 3, 0.5)
    inner = problem.answer.strip("{}")
    assert verdict(problem, inner).reason == "unparsable"
    assert verdict(problem, "{" + inner + ", " + inner + "}").reason == "unparsable"
    assert verdict(problem, "{ab}").reason == "unparsable"
    assert verdict(problem, "{1, 2}").reason == "unparsable"


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), chosen=st.sets(st.sampled_from("abcdefghij"), max_size=10))
def test_a_set_scores_exactly_when_it_is_the_least_model(seed, chosen):
    problem = gen(ID, seed, 0.3)
    answer = "{" + ", ".join(sorted(chosen)) + "}"
    assert score(problem, answer) == float(sorted(chosen) == entailed(problem))
