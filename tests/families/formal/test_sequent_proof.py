"""``rlvr/SequentProof-v0``: proofs found by a prover written here (another search order,
other spacing and parentheses) score 1; lines that are not rule instances, wrong goals and
malformed text do not; and whatever the checker accepts is sound by truth tables."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sympy import Symbol
from sympy.logic.boolalg import And, Equivalent, Implies, Not, Or
from sympy.logic.inference import satisfiable

from tests.families.formal.helpers_proofs import gen, read, score, sequent_valid, show, verdict

ID = "rlvr/SequentProof-v0"
# (connective, side) -> rule name and premises as (added left, added right)
RULES = {
    ("~", "L"): ("~L", [((), ("A",))]),
    ("~", "R"): ("~R", [(("A",), ())]),
    ("&", "L"): ("&L", [(("A", "B"), ())]),
    ("&", "R"): ("&R", [((), ("A",)), ((), ("B",))]),
    ("|", "L"): ("|L", [(("A",), ()), (("B",), ())]),
    ("|", "R"): ("|R", [((), ("A", "B"))]),
    ("->", "L"): ("->L", [((), ("A",)), (("B",), ())]),
    ("->", "R"): ("->R", [(("A",), ("B",))]),
    ("<->", "L"): ("<->L", [(("A", "B"), ()), ((), ("A", "B"))]),
    ("<->", "R"): ("<->R", [(("A",), ("B",)), (("B",), ("A",))]),
}


def goal_of(problem):
    line = problem.prompt.split("\n\n")[1].strip()
    left, right = line.split("=>")
    return [read(f) for f in split_top(left)], [read(right)]


def split_top(text: str) -> list[str]:
    parts, depth, current = [], 0, ""
    for ch in text:
        depth += ch == "("
        depth -= ch == ")"
        if ch == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += ch
    return [p for p in [*parts, current] if p.strip()]


def prove(left, right, lines):
    """Backward search that takes, at every other step, a two-premise rule first (the
    family's prover always prefers one-premise rules), lines as ``N) left => right [Rule i
    j]`` with every binary formula in parentheses."""
    if set(left) & set(right):
        lines.append(f"{len(lines) + 1}) {', '.join(map(show, left))} => "
                     f"{', '.join(map(show, right))} [Ax]")  # fmt: skip
        return len(lines)
    candidates = [(f, "L") for f in left if not isinstance(f, str)]
    candidates += [(f, "R") for f in right if not isinstance(f, str)]
    candidates.sort(key=lambda c: len(RULES[(c[0][0], c[1])][1]))
    formula, side = candidates[-1] if len(lines) % 2 else candidates[0]
    name, shapes = RULES[(formula[0], side)]
    parts = {"A": formula[1], "B": formula[-1]}
    refs = []
    for add_left, add_right in shapes:
        new_left = [f for f in left if (f, side) != (formula, "L")]
        new_right = [f for f in right if (f, side) != (formula, "R")]
        new_left += [parts[k] for k in add_left]
        new_right += [parts[k] for k in add_right]
        refs.append(prove(new_left, new_right, lines))
    lines.append(f"{len(lines) + 1}) {', '.join(map(show, left))} => "
                 f"{', '.join(map(show, right))} [{name} {' '.join(map(str, refs))}]")  # fmt: skip
    return len(lines)


def sympy_formula(f):
    if isinstance(f, str):
        return Symbol(f)
    if f[0] == "~":
        return Not(sympy_formula(f[1]))
    a, b = sympy_formula(f[1]), sympy_formula(f[2])
    return {"&": And, "|": Or, "->": Implies, "<->": Equivalent}[f[0]](a, b)


@pytest.mark.parametrize("difficulty", [0.0, 0.5, 1.0])
def test_goal_is_valid_and_another_provers_proof_scores(difficulty):
    for seed in range(6):
        problem = gen(ID, seed, difficulty)
        left, right = goal_of(problem)
        counter = And(*[sympy_formula(f) for f in left], Not(sympy_formula(right[0])))
        assert satisfiable(counter) is False  # sympy's DPLL: the sequent is valid
        lines: list[str] = []
        prove(left, right, lines)
        assert score(problem, "\n".join(lines)) == 1.0, "\n".join(lines)
        # every line of the reference is a valid sequent
        for row in problem.answer.splitlines():
            body = re.sub(r"^\d+\. |\s*\[.*\]$", "", row)
            lhs, rhs = body.split("=>")
            assert sequent_valid(
                [read(f) for f in split_top(lhs)], [read(f) for f in split_top(rhs)]
            )


def test_wrong_lines_are_named():
    problem = gen(ID, 3, 0.5)
    rows = problem.answer.splitlines()
    # an axiom line with nothing shared
    bad = [
        "1. p => q [Ax]",
        *[re.sub(r"^(\d+)", lambda m: str(int(m.group(1)) + 1), r) for r in rows],
    ]
    result = verdict(problem, "\n".join(bad))
    assert result.reward == 0.0 and "line 1 " in result.details["why"]
    # the last line proves another sequent than the one asked
    _left, right = goal_of(problem)
    wrong_goal = f"1. {show(right[0])} => {show(right[0])} [Ax]"
    assert score(problem, wrong_goal) == 0.0
    # a reference to a later line
    last = rows[-1]
    n = len(rows)
    forward = re.sub(r"\[(\S+) [\d, ]+\]$", lambda m: f"[{m.group(1)} {n}]", last)
    assert verdict(problem, "\n".join([*rows[:-1], forward])).reward == 0.0
    # a rule name swapped for another
    swapped = re.sub(
        r"\[(&|\||->|~)([LR])", lambda m: f"[{m.group(1)}{'R' if m.group(2) == 'L' else 'L'}", last
    )
    if swapped != last:
        assert score(problem, "\n".join([*rows[:-1], swapped])) == 0.0


def test_malformed_answers_are_unparsable():
    problem = gen(ID, 0, 0.3)
    rows = problem.answer.splitlines()
    assert verdict(problem, problem.answer.replace("1.", "2.", 1)).reason == "unparsable"
    assert verdict(problem, rows[-1].split("[")[0]).reason == "unparsable"
    assert verdict(problem, problem.prompt.split("\n\n")[1].strip()).reason == "unparsable"
    assert verdict(problem, "1. p => p [Cut]").reason == "unparsable"
    assert verdict(problem, "1. ((((p => p [Ax]").reason == "unparsable"


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    picks=st.lists(
        st.tuples(st.integers(0, 40), st.integers(0, 40), st.integers(0, 10)), max_size=8
    ),
)
def test_whatever_is_accepted_is_sound(seed, picks):
    """Rearranged proofs: lines of the reference with sequents trimmed or swapped between
    lines; if the checker accepts, each line is valid by truth tables and the goal holds."""
    problem = gen(ID, seed, 0.4)
    rows = problem.answer.splitlines()
    for i, j, k in picks:
        i, j = i % len(rows), j % len(rows)
        head_i, rest_i = rows[i].split(" ", 1)
        seq_j = rows[j].split(" ", 1)[1].rsplit(" [", 1)[0]
        rule_i = rest_i.rsplit(" [", 1)[1]
        if k % 3 == 0:
            rows[i] = f"{head_i} {seq_j} [{rule_i}"
        elif k % 3 == 1:  # drop one formula from the left
            lhs, rhs = rest_i.rsplit(" [", 1)[0].split("=>")
            parts = split_top(lhs)
            if parts:
                del parts[k % len(parts)]
            rows[i] = f"{head_i} {','.join(parts)} => {rhs.strip()} [{rule_i}"
    result = verdict(problem, "\n".join(rows))
    if result.reward == 1.0:
        for row in rows:
            body = re.sub(r"^\d+\. |\s*\[.*\]$", "", row)
            lhs, rhs = body.split("=>")
            assert sequent_valid(
                [read(f) for f in split_top(lhs)], [read(f) for f in split_top(rhs)]
            )
