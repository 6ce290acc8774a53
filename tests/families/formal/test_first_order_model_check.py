"""``rlvr/FirstOrderModelCheck-v0``: the reference set equals the one a brute-force
evaluator written here (the structure and formula read back from the prompt, every
assignment visited) finds; other orders score 1, any other set 0; malformed sets are
refused; the set is never trivial or a copy of a listed predicate."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.formal.helpers_proofs import gen, score, verdict

ID = "rlvr/FirstOrderModelCheck-v0"
_TOK = re.compile(r"forall|exists|->|[~&|()=,]|[A-Z]|[a-z]")


def structure(problem):
    n = len(re.search(r"^Domain: \{([^}]*)\}", problem.prompt, re.M).group(1).split(","))
    preds = {
        name: {int(v) for v in body.split(",") if v.strip()}
        for name, body in re.findall(r"^([PQS]) = \{([^}]*)\}$", problem.prompt, re.M)
    }
    pairs = re.search(r"^R = \{(.*)\}$", problem.prompt, re.M).group(1)
    relation = {(int(a), int(b)) for a, b in re.findall(r"\((\d+), (\d+)\)", pairs)}
    formula = re.search(r"^let phi\(x\) = (.*)$", problem.prompt, re.M).group(1)
    return n, preds, relation, formula


def holds(text: str, n: int, preds, relation, env: dict) -> bool:
    """Evaluate ``text`` by recursive descent, straight from the tokens."""
    toks = _TOK.findall(text)
    pos = 0

    def peek():
        return toks[pos] if pos < len(toks) else None

    def take():
        nonlocal pos
        pos += 1
        return toks[pos - 1]

    # each parse function returns a closure env -> bool
    def implication():
        left = disjunction()
        if peek() == "->":
            take()
            right = implication()
            return lambda e: (not left(e)) or right(e)
        return left

    def disjunction():
        left = conjunction()
        while peek() == "|":
            take()
            right, prev = conjunction(), left
            left = lambda e, a=prev, b=right: a(e) or b(e)  # noqa: E731
        return left

    def conjunction():
        left = unary()
        while peek() == "&":
            take()
            right, prev = unary(), left
            left = lambda e, a=prev, b=right: a(e) and b(e)  # noqa: E731
        return left

    def unary():
        tok = take()
        if tok == "~":
            inner = unary()
            return lambda e: not inner(e)
        if tok in ("forall", "exists"):
            var = take()
            assert take() == "("
            body = implication()
            assert take() == ")"
            test = all if tok == "forall" else any
            return lambda e: test(body({**e, var: a}) for a in range(n))
        if tok == "(":
            inner = implication()
            assert take() == ")"
            return inner
        if tok.isupper():
            assert take() == "("
            first = take()
            if peek() == ",":
                take()
                second = take()
                assert take() == ")"
                return lambda e: (e[first], e[second]) in relation
            assert take() == ")"
            return lambda e: e[first] in preds[tok]
        # u = v
        assert take() == "="
        other = take()
        return lambda e: e[tok] == e[other]

    result = implication()
    assert pos == len(toks)
    return result(env)


@pytest.mark.parametrize("difficulty", [0.0, 0.5, 1.0])
def test_reference_is_the_brute_force_set(difficulty):
    for seed in range(10):
        problem = gen(ID, seed, difficulty)
        n, preds, relation, formula = structure(problem)
        members = [a for a in range(n) if holds(formula, n, preds, relation, {"x": a})]
        assert problem.answer == "{" + ", ".join(map(str, members)) + "}"
        assert 0 < len(members) < n - 1
        assert set(members) not in list(preds.values())
        assert score(problem, "{" + ", ".join(map(str, reversed(members))) + "}") == 1.0
        assert score(problem, "{" + ",".join(map(str, members)) + "}") == 1.0
        others = [a for a in range(n) if a not in members]
        assert score(problem, "{" + ", ".join(map(str, members + others[:1])) + "}") == 0.0
        assert score(problem, "{" + ", ".join(map(str, members[1:])) + "}") == 0.0
        assert score(problem, "{" + ", ".join(map(str, range(n))) + "}") == 0.0


def test_malformed_sets_are_refused():
    problem = gen(ID, 2, 0.5)
    inner = problem.answer.strip("{}")
    assert verdict(problem, inner + ", ").reason == "unparsable"  # no braces
    assert verdict(problem, "{" + inner + ", " + inner + "}").reason == "unparsable"  # repeats
    assert verdict(problem, "{x}").reason == "unparsable"
    assert verdict(problem, "{" + "9" * 50 + "}").reason == "unparsable"
    assert verdict(problem, "{}").reward == 0.0


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), subset=st.lists(st.integers(0, 9), max_size=9, unique=True))
def test_a_set_scores_exactly_when_it_is_the_satisfying_set(seed, subset):
    problem = gen(ID, seed, 0.5)
    n, preds, relation, formula = structure(problem)
    members = {a for a in range(n) if holds(formula, n, preds, relation, {"x": a})}
    answer = "{" + ", ".join(map(str, subset)) + "}"
    assert score(problem, answer) == float(set(subset) == members)
