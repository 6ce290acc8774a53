"""``rlvr/NaturalDeduction-v0``: the premises entail the conclusion (sympy); every line of
the reference holds under the premises and the assumptions open at it (truth tables, a
reader written here); hand-written proofs that use every rule score 1 and broken ones 0
with the first wrong line named; renumbered proofs score 1; whatever is accepted is sound."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sympy import Symbol
from sympy.logic.boolalg import And, Implies, Not, Or
from sympy.logic.inference import satisfiable

from rlvr_envs.core import Problem
from tests.families.formal.helpers_proofs import gen, read, score, sequent_valid, verdict

ID = "rlvr/NaturalDeduction-v0"
ROW = re.compile(r"^(\d+)\. ((?:\| )*)(.*?) \[(\S+)(?: (.*))?\]$")


def to_sympy(f):
    if isinstance(f, str):
        return Symbol(f)
    if f[0] == "~":
        return Not(to_sympy(f[1]))
    ops = {"&": And, "|": Or, "->": Implies}
    return ops[f[0]](to_sympy(f[1]), to_sympy(f[2]))


def argument(problem):
    premises = re.search(r"Premises:\n((?:    .*\n)+)", problem.prompt).group(1).split("\n")
    goal = re.search(r"Conclusion:\n    (.*)\n", problem.prompt).group(1)
    return [read(p.strip()) for p in premises if p.strip()], read(goal)


def rows(answer: str):
    out = []
    for line in answer.splitlines():
        number, bars, formula, rule, refs = ROW.match(line).groups()
        out.append((int(number), bars.count("|"), formula, rule, refs or ""))
    return out


def lines_hold(answer: str, premises) -> bool:
    """Every line follows from the premises and the assumptions open at it (the subproof
    containing a line is every Assume above it at a smaller or equal depth, nearest first)."""
    parsed = rows(answer)
    for i, (_, depth, formula, _rule, _) in enumerate(parsed):
        open_, level = [], depth
        for _, d, f, r, _ in reversed(parsed[: i + 1]):
            if r == "Assume" and 1 <= d <= level:
                open_.append(f)
                level = d - 1
            elif d < level:
                level = d
        context = premises + [read(f) for f in open_]
        target = [] if formula == "#" else [read(formula)]
        if not sequent_valid(context, target):
            return False
    return True


@pytest.mark.parametrize("difficulty", [0.0, 0.5, 1.0])
def test_reference_is_sound_and_renumbered_proofs_score(difficulty):
    for seed in range(4):
        problem = gen(ID, seed, difficulty)
        premises, goal = argument(problem)
        assert satisfiable(And(*map(to_sympy, premises), Not(to_sympy(goal)))) is False
        assert lines_hold(problem.answer, premises)
        # a repeated premise inserted after line 1 shifts every later reference by one
        shifted = []
        for number, depth, formula, rule, refs in rows(problem.answer):
            new = re.sub(r"\d+", lambda m: str(int(m.group()) + (int(m.group()) > 1)), refs)
            n = number + (number > 1)
            shifted.append(f"{n}. {'| ' * depth}{formula} [{rule}{' ' + new if new else ''}]")
        first = rows(problem.answer)[0]
        shifted.insert(1, f"2. {first[2]} [R 1]")
        assert score(problem, "\n".join(shifted)) == 1.0


def custom(premises: list[str], goal: str):
    base = gen(ID, 0, 0.0).to_dict()
    base["meta"] = {**base["meta"], "premises": premises, "goal": goal}
    return Problem.from_dict(base)


HAND = {
    "syllogism": (
        ["p -> q", "q -> r"],
        "p -> r",
        """
1. p -> q [Premise]
2. q -> r [Premise]
3. | p [Assume]
4. | q [->E 1, 3]
5. | r [->E 2, 4]
6. p -> r [->I 3-5]""",
    ),
    "cases": (
        ["p | q"],
        "q | p",
        """
1. p | q [Premise]
2. | p [Assume]
3. | q | p [|I 2]
4. | q [Assume]
5. | q | p [|I 4]
6. q | p [|E 1, 2-3, 4-5]""",
    ),
    "biconditional": (
        ["p & q"],
        "p <-> q",
        """
1. p & q [Premise]
2. | p [Assume]
3. | q [&E 1]
4. | q [Assume]
5. | p [&E 1]
6. p <-> q [<->I 2-3, 4-5]""",
    ),
    "classical": (
        ["~~p"],
        "p",
        """
1. ~~p [Premise]
2. | ~p [Assume]
3. | # [~E 1, 2]
4. p [IP 2-3]""",
    ),
    "explosion": (
        ["p", "~p"],
        "q",
        """
1. p [Premise]
2. ~p [Premise]
3. # [~E 2, 1]
4. q [#E 3]""",
    ),
    "iff elimination": (
        ["p <-> q", "q"],
        "p & q",
        """
1. p <-> q [Premise]
2. q [Premise]
3. p [<->E 1, 2]
4. p & q [&I 3, 2]""",
    ),
    "negation": (
        ["p -> ~p"],
        "~p",
        """
1. p -> ~p [Premise]
2. | p [Assume]
3. | ~p [->E 1, 2]
4. | # [~E 3, 2]
5. ~p [~I 2-4]""",
    ),
}


@pytest.mark.parametrize("name", sorted(HAND))
def test_hand_written_proofs_score(name):
    premises, goal, proof = HAND[name]
    assert score(custom(premises, goal), proof.strip()) == 1.0


BROKEN = [
    # a line of a closed subproof used later
    (["p -> q"], "q", "1. p -> q [Premise]\n2. | p [Assume]\n3. | q [->E 1, 2]\n4. q [R 3]", 4),
    # ->I from a range that is not a subproof
    (["q"], "p -> q", "1. q [Premise]\n2. p -> q [->I 1-1]", 2),
    # a subproof cited while still open
    (["q"], "p -> q", "1. q [Premise]\n2. | p [Assume]\n3. | q [R 1]\n4. | p -> q [->I 2-3]", 4),
    # the wrong conjunct
    (["p & q"], "r", "1. p & q [Premise]\n2. r [&E 1]", 2),
    # a premise that is not one
    (["p"], "q", "1. q [Premise]", 1),
    # the proof ends inside a subproof
    (["q"], "q", "1. q [Premise]\n2. | p [Assume]\n3. | q [R 1]", None),
    # IP without a contradiction
    (["p"], "q", "1. p [Premise]\n2. | ~q [Assume]\n3. | p [R 1]\n4. q [IP 2-3]", 4),
    # |E with one case missing the conclusion
    (
        ["p | q"],
        "p",
        "1. p | q [Premise]\n2. | p [Assume]\n3. | q [Assume]\n4. p [|E 1, 2-2, 3-3]",
        4,
    ),
]


@pytest.mark.parametrize("case", range(len(BROKEN)))
def test_broken_proofs_name_the_first_wrong_line(case):
    premises, goal, proof, line = BROKEN[case]
    result = verdict(custom(premises, goal), proof)
    assert result.reward == 0.0
    if line is not None:
        assert result.details["why"].startswith(f"line {line}:"), result.details


def test_malformed_proofs_are_unparsable():
    problem = gen(ID, 2, 0.5)
    assert verdict(problem, problem.answer.replace("1.", "3.", 1)).reason == "unparsable"
    assert verdict(problem, "1. p [Magic]").reason == "unparsable"
    assert verdict(problem, "1. p [->I 1]").reason == "unparsable"  # a line, not a subproof
    assert verdict(problem, problem.prompt.splitlines()[1]).reason == "unparsable"


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), picks=st.lists(st.integers(0, 10**5), max_size=5))
def test_whatever_is_accepted_is_sound(seed, picks):
    """The reference with references, depths and formulas scrambled: if the checker accepts
    it, every line holds under the premises and its open assumptions."""
    problem = gen(ID, seed, 0.5)
    premises, _ = argument(problem)
    parsed = rows(problem.answer)
    for pick in picks:
        i = pick % len(parsed)
        number, depth, formula, rule, refs = parsed[i]
        j = (pick // 97) % len(parsed)
        if pick % 3 == 0:
            refs = re.sub(r"\d+", str(parsed[j][0]), refs, count=1)
        elif pick % 3 == 1:
            depth = max(0, depth + (1 if pick % 2 else -1))
        else:
            formula = parsed[j][2]
        parsed[i] = (number, depth, formula, rule, refs)
    text = "\n".join(
        f"{n}. {'| ' * d}{f} [{r}{' ' + refs if refs else ''}]" for n, d, f, r, refs in parsed
    )
    if score(problem, text) == 1.0:
        assert lines_hold(text, premises)
