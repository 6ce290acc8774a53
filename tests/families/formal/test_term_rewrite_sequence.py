"""``rlvr/TermRewriteSequence-v0``: the last line is the numeral of the term's value (computed
here as arithmetic); rewrite paths chosen here at random positions (the four Peano rules
coded as cases, not by matching) score 1; a skipped, repeated or missing step scores 0 and the
reason names it."""

from __future__ import annotations

import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.formal.helpers_terms import _gen, _score, _verdict

ENV = "rlvr/TermRewriteSequence-v0"


def parse(text: str):
    toks = re.findall(r"\w+|[(),]", text)
    pos = 0

    def term():
        nonlocal pos
        name = toks[pos]
        pos += 1
        if pos < len(toks) and toks[pos] == "(":
            pos += 1
            args = [term()]
            while toks[pos] == ",":
                pos += 1
                args.append(term())
            pos += 1
            return [name, *args]
        return name

    return term()


def show(t) -> str:
    return t if isinstance(t, str) else f"{t[0]}({', '.join(show(a) for a in t[1:])})"


def value(t) -> int:
    if t == "0":
        return 0
    if t[0] == "s":
        return value(t[1]) + 1
    return value(t[1]) + value(t[2]) if t[0] == "add" else value(t[1]) * value(t[2])


def at_root(t):
    """The rule that applies at the root of ``t``, applied, or None."""
    if isinstance(t, str) or t[0] == "s":
        return None
    x, y = t[1], t[2]
    if t[0] == "add":
        return y if x == "0" else ["s", ["add", x[1], y]] if x[0] == "s" else None
    return "0" if x == "0" else ["add", y, ["mul", x[1], y]] if x[0] == "s" else None


def steps(t) -> list:
    out = [r] if (r := at_root(t)) is not None else []
    if not isinstance(t, str):
        for i in range(1, len(t)):
            out += [[*t[:i], r, *t[i + 1 :]] for r in steps(t[i])]
    return out


def random_path(t, rng: random.Random) -> list:
    path = []
    while options := steps(t):
        t = rng.choice(options)
        path.append(t)
    return path


def lines(path) -> str:
    return "\n".join(show(t) for t in path)


def term_of(prompt: str):
    return parse(re.search(r"^Term: (.+)$", prompt, re.M).group(1))


def test_paths_in_any_order_score_one_and_broken_paths_zero():
    rng = random.Random(2)
    for seed in range(30):
        problem = _gen(ENV, seed, seed / 29)
        term = term_of(problem.prompt)
        numeral = "0"
        for _ in range(value(term)):
            numeral = f"s({numeral})"
        assert problem.answer.splitlines()[-1] == numeral
        path = random_path(term, rng)
        assert _score(problem, lines(path)) == 1.0
        assert _score(problem, "\n".join(f"{i}. {show(t)}" for i, t in enumerate(path, 1))) == 1
        verdict = _verdict(problem, lines(path[1:]))
        assert verdict.reward == 0.0 and verdict.details["step"] == 1
        verdict = _verdict(problem, lines(path[:-1]))
        assert verdict.reward == 0.0 and "still applies" in verdict.details["why"]
        verdict = _verdict(problem, lines([path[0], *path]))
        assert verdict.reward == 0.0 and verdict.details["step"] == 2
        assert _score(problem, numeral) == 0.0  # the value alone is not a sequence


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1), choice=st.integers(0, 999))
def test_every_random_path_ends_in_the_numeral_and_scores_one(seed, difficulty, choice):
    problem = _gen(ENV, seed, difficulty)
    path = random_path(term_of(problem.prompt), random.Random(choice))
    assert value(path[-1]) == value(term_of(problem.prompt))
    assert _score(problem, lines(path)) == 1.0
