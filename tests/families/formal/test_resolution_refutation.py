"""``rlvr/ResolutionRefutation-v0``: the clause set is unsatisfiable (python-sat), a
refutation found by a prover written here (DPLL read as tree resolution) scores 1, and
resolvents that are wrong, cite later lines or stop short of {} score 0."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pysat.solvers import Minisat22

from tests.families.formal.helpers_proofs import gen, score, verdict

ID = "rlvr/ResolutionRefutation-v0"


def clauses_of(problem) -> list[frozenset]:
    found = re.findall(r"^(\d+)\. \{([^}]*)\}$", problem.prompt, re.M)
    out = []
    for i, (number, body) in enumerate(found, 1):
        assert int(number) == i
        out.append(frozenset(lit.strip() for lit in body.split(",") if lit.strip()))
    return out


def neg(lit: str) -> str:
    return lit[1:] if lit.startswith("~") else "~" + lit


def text(clause) -> str:
    return "{" + ", ".join(sorted(clause, key=lambda lit: (lit.lstrip("~"), lit))) + "}"


def refute(clauses):
    """Tree resolution from a DPLL search (branch on the atom of the shortest open clause)."""
    lines: list[str] = []
    known = {c: i for i, c in enumerate(clauses, 1)}
    total = [len(clauses)]

    def derive(clause, a, b):
        if clause not in known:
            total[0] += 1
            known[clause] = total[0]
            lines.append(f"{total[0]}: {text(clause)} by {known[a]} and {known[b]}")
        return clause

    def search(assigned: frozenset):
        for c in clauses:
            if all(neg(lit) in assigned for lit in c):
                return c
        open_ = [c for c in clauses if not any(lit in assigned for lit in c)]
        open_.sort(key=lambda c: (len([lit for lit in c if neg(lit) not in assigned]), sorted(c)))
        atom = next(lit.lstrip("~") for lit in open_[0] if neg(lit) not in assigned)
        pos = search(assigned | {atom})
        if neg(atom) not in pos:
            return pos
        negc = search(assigned | {neg(atom)})
        if atom not in negc:
            return negc
        return derive((pos - {neg(atom)}) | (negc - {atom}), pos, negc)

    assert search(frozenset()) == frozenset()
    return lines


def as_ints(clauses):
    atoms = sorted({lit.lstrip("~") for c in clauses for lit in c})
    return [
        [(-1 if lit.startswith("~") else 1) * (atoms.index(lit.lstrip("~")) + 1) for lit in c]
        for c in clauses
    ]


@pytest.mark.parametrize("difficulty", [0.0, 0.5, 1.0])
def test_unsatisfiable_and_another_refutation_scores(difficulty):
    for seed in range(8):
        problem = gen(ID, seed, difficulty)
        clauses = clauses_of(problem)
        with Minisat22(bootstrap_with=as_ints(clauses)) as solver:
            assert not solver.solve()
        lines = refute(clauses)
        assert score(problem, "\n".join(lines)) == 1.0, lines
        assert score(problem, problem.answer) == 1.0


def test_wrong_steps_are_named():
    problem = gen(ID, 5, 0.6)
    rows = problem.answer.splitlines()
    first = int(rows[0].split(".")[0])
    # a literal dropped from the first resolvent
    bad = re.sub(r"\{([^,}]+), ", "{", rows[0])
    if bad != rows[0]:
        result = verdict(problem, "\n".join([bad, *rows[1:]]))
        assert result.reward == 0.0 and f"line {first}:" in result.details["why"]
    # stopping before the empty clause
    assert score(problem, "\n".join(rows[:-1])) == 0.0
    # the empty clause claimed at once from two given clauses
    assert score(problem, f"{first}. {{}} from 1, 2") == 0.0
    # citing the line itself
    assert score(problem, re.sub(r"from \d+", f"from {first}", rows[0])) == 0.0
    # the given clauses copied
    assert verdict(problem, problem.prompt.split("\n\n")[1]).reason == "unparsable"
    # lines numbered from 1 again
    renumbered = "\n".join(re.sub(r"^\d+", str(i), r) for i, r in enumerate(rows, 1))
    assert verdict(problem, renumbered).reason == "unparsable"


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), picks=st.lists(st.integers(0, 10**4), min_size=1, max_size=12))
def test_a_line_is_accepted_exactly_when_it_is_a_resolvent(seed, picks):
    """Random steps (two earlier lines, one clashing atom, sometimes a literal added or
    dropped): the checker accepts a one-line answer exactly when it is an empty-clause
    resolvent, and a longer answer never when some line is not a resolvent."""
    problem = gen(ID, seed, 0.5)
    known = clauses_of(problem)
    rows, all_ok = [], True
    for pick in picks:
        i, j = pick % len(known), (pick // 7) % len(known)
        clashes = [lit for lit in known[i] if neg(lit) in known[j]]
        clause = (known[i] - set(clashes[:1])) | (known[j] - {neg(lit) for lit in clashes[:1]})
        if pick % 5 == 0 and clause:
            clause = clause - {sorted(clause)[0]}
        every = [
            (known[i] - {lit}) | (known[j] - {neg(lit)}) for lit in known[i] if neg(lit) in known[j]
        ]
        ok = clause in every
        rows.append(f"{len(known) + 1}. {text(clause)} from {i + 1}, {j + 1}")
        known.append(clause)
        all_ok = all_ok and ok
    result = verdict(problem, "\n".join(rows))
    assert result.reward == float(all_ok and known[-1] == frozenset())
