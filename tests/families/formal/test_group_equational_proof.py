"""``rlvr/GroupEquationalProof-v0``: both sides are one element of the free group (sympy);
chains built here (left-nested normal forms, another notation) score 1; a skipped step, a
step to an unequal word and wrong ends score 0; whatever is accepted is a chain of single
rewrites between equal words."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sympy.combinatorics.free_groups import free_group

from tests.families.formal.helpers_proofs import (
    gen,
    read_term,
    reductions,
    score,
    verdict,
    write_term,
)

ID = "rlvr/GroupEquationalProof-v0"
FREE, *GENERATORS = free_group("a, b, c, d")
LETTERS = dict(zip("abcd", GENERATORS, strict=True))


def element(term):
    if term == "e":
        return FREE.identity
    if isinstance(term, str):
        return LETTERS[term]
    if term[0] == "inv":
        return element(term[1]) ** -1
    return element(term[1]) * element(term[2])


def sides(problem):
    line = problem.prompt.split("\n\n")[1].strip()
    left, right = line.split(" = ")
    return read_term(left), read_term(right)


def one_rewrite(s, t) -> bool:
    return t in reductions(s) or s in reductions(t)


def first_rewrite(term, rule):
    """``term`` with its first subterm (pre-order) that ``rule`` changes changed, or None."""
    found = rule(term)
    if found is not None or isinstance(term, str) or term[0] == "inv":
        return found
    for k in (1, 2):
        inner = first_rewrite(term[k], rule)
        if inner is not None:
            return ("*", inner, term[2]) if k == 1 else ("*", term[1], inner)
    return None


def drop_identity(t):
    if isinstance(t, tuple) and t[0] == "*" and "e" in (t[1], t[2]):
        return t[2] if t[1] == "e" else t[1]
    return None


def cancel(t):
    if isinstance(t, tuple) and t[0] == "*" and (t[1] == ("inv", t[2]) or t[2] == ("inv", t[1])):
        return "e"
    return None


def nest_left(t):
    if isinstance(t, tuple) and t[0] == "*" and isinstance(t[2], tuple) and t[2][0] == "*":
        return ("*", ("*", t[1], t[2][1]), t[2][2])
    return None


def open_pair(t):
    """((w * x) * x^-1) -> (w * (x * x^-1)), so that the pair can cancel."""
    if isinstance(t, tuple) and t[0] == "*" and isinstance(t[1], tuple) and t[1][0] == "*":
        x, y = t[1][2], t[2]
        if x == ("inv", y) or y == ("inv", x):
            return ("*", t[1][1], ("*", x, y))
    return None


def left_normal(term) -> list:
    """A chain to the left-nested reduced word: remove identities, cancel pairs, nest to
    the left, and open a left-nested pair to cancel it, in that order of preference."""
    chain = [term]
    while True:
        for rule in (drop_identity, cancel, nest_left, open_pair):
            found = first_rewrite(chain[-1], rule)
            if found is not None:
                chain.append(found)
                break
        else:
            return chain


@pytest.mark.parametrize("difficulty", [0.0, 0.5, 1.0])
def test_sides_are_equal_and_other_chains_score(difficulty):
    for seed in range(8):
        problem = gen(ID, seed, difficulty)
        s, t = sides(problem)
        assert element(s) == element(t)
        assert not one_rewrite(s, t)  # a proof needs at least two steps
        forward, backward = left_normal(s), left_normal(t)
        assert forward[-1] == backward[-1]
        chain = forward + backward[::-1][1:]
        assert score(problem, "\n".join(write_term(x) for x in chain)) == 1.0
        # one line, "s = u = t"
        assert score(problem, " = ".join(write_term(x) for x in chain)) == 1.0
        reference = [read_term(row) for row in problem.answer.splitlines()]
        assert all(one_rewrite(a, b) for a, b in itertools.pairwise(reference))


def test_wrong_chains_fail():
    problem = gen(ID, 4, 0.6)
    rows = problem.answer.splitlines()
    chain = [read_term(r) for r in rows]
    for i in range(1, len(rows) - 1):  # a skipped step fails unless it is still one rewrite
        skipped = rows[:i] + rows[i + 1 :]
        assert score(problem, "\n".join(skipped)) == float(one_rewrite(chain[i - 1], chain[i + 1]))
    assert score(problem, "\n".join(rows[:-1])) == 0.0  # stops short of the right side
    assert score(problem, "\n".join(rows[1:])) == 0.0  # starts after the left side
    # a middle term swapped for an unequal word
    bad = rows[1].replace("a", "z").replace("b", "a").replace("z", "b")
    if element(read_term(bad)) != element(chain[1]):
        result = verdict(problem, "\n".join([rows[0], bad, *rows[2:]]))
        assert result.reward == 0.0 and "term 2" in result.details["why"]
    assert verdict(problem, rows[0] + "\n" + rows[-1]).reward == 0.0
    assert verdict(problem, "a * * b").reason == "unparsable"
    assert verdict(problem, "(" * 200 + "a").reason == "unparsable"


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), picks=st.lists(st.integers(0, 10**4), max_size=6))
def test_accepted_chains_are_sound(seed, picks):
    """The reference with terms replaced by random one-rewrite neighbours (or reductions
    of them): accepted exactly when every step is one rewrite and the ends are the sides."""
    problem = gen(ID, seed, 0.5)
    chain = [read_term(r) for r in problem.answer.splitlines()]
    for pick in picks:
        i = pick % len(chain)
        options = sorted(reductions(chain[i]), key=write_term)
        if options:
            chain[i] = options[(pick // 11) % len(options)]
    text = "\n".join(write_term(x) for x in chain)
    s, t = sides(problem)
    expected = (
        chain[0] == s
        and chain[-1] == t
        and all(one_rewrite(a, b) for a, b in itertools.pairwise(chain))
    )
    assert score(problem, text) == float(expected)
    if expected:
        assert len({element(x) for x in chain}) == 1
