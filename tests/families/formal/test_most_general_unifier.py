"""``rlvr/MostGeneralUnifier-v0``: sympy's unifier (``sympy.unify``) agrees with the reference
(both unify, or neither); its substitution scores 1, as does the reference with a variable
binding reversed; a less general unifier, a non-unifier and a wrong "none" score 0."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.formal.helpers_terms import _gen, _score, _verdict, sympy_mgu

ENV = "rlvr/MostGeneralUnifier-v0"


def terms_of(prompt: str) -> tuple[str, str]:
    match = re.search(r"first-order terms:\n\n(.+)\n(.+)\n", prompt)
    return match.group(1), match.group(2)


def written(sub: dict[str, str]) -> str:
    return ", ".join(f"{v} = {t}" for v, t in sub.items())


def test_sympys_unifier_scores_and_broken_unifiers_do_not():
    nones = 0
    for seed in range(40):
        problem = _gen(ENV, seed, (seed % 20) / 19)
        left, right = terms_of(problem.prompt)
        mgu = sympy_mgu(left, right)
        if mgu is None:
            nones += 1
            assert problem.answer == "none" and _score(problem, "none") == 1.0
            assert _score(problem, "x = a") == 0.0
            continue
        assert _score(problem, written(mgu)) == 1.0
        assert _score(problem, "{" + written(dict(reversed(mgu.items()))) + "}") == 1.0
        assert _score(problem, "none") == 0.0
        dropped = dict(list(mgu.items())[1:])
        assert _score(problem, written(dropped)) == 0.0
        free = sorted(set(re.findall(r"\b[u-z]\b", ", ".join(mgu.values()))))
        if free:  # ground one variable left in the range: still a unifier, less general
            v = free[0]
            grounded = {k: re.sub(rf"\b{v}\b", "a", t) for k, t in mgu.items()}
            grounded[v] = "a"
            verdict = _verdict(problem, written(grounded))
            assert verdict.reward == 0.0 and "most general" in verdict.details["why"]
    assert nones <= 4


def test_a_variable_binding_may_point_either_way():
    for seed in range(200):
        problem = _gen(ENV, seed, 0.5)
        mgu = sympy_mgu(*terms_of(problem.prompt))
        pairs = [(v, t) for v, t in (mgu or {}).items() if re.fullmatch(r"[u-z]", t)]
        if not pairs:
            continue
        v, w = pairs[0]  # v = w: bind w = v instead and point every w at v
        flipped = {k: re.sub(rf"\b{w}\b", v, t) for k, t in mgu.items() if k != v}
        flipped[w] = v
        assert _score(problem, written(flipped)) == 1.0
        return
    raise AssertionError("no problem with a variable-to-variable binding")


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1), extra=st.sampled_from("abc"))
def test_adding_a_binding_to_a_constant_scores_zero(seed, difficulty, extra):
    problem = _gen(ENV, seed, difficulty)
    mgu = sympy_mgu(*terms_of(problem.prompt))
    if mgu is None:
        return
    assert _score(problem, written(mgu)) == 1.0
    variables = re.search(r"constants, and (.+) are variables", problem.prompt).group(1)
    unbound = [v for v in variables.split(", ") if v not in mgu]
    if unbound:  # a variable the unifier leaves free: binding it loses generality
        assert _score(problem, written({**mgu, unbound[0]: extra})) == 0.0
