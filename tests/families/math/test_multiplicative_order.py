"""What ``rlvr/MultiplicativeOrder-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import math
import re

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from tests.families.math.helpers import _gen, _score

ENV = "rlvr/MultiplicativeOrder-v0"


@settings(max_examples=40)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_reference_answer_matches_sympy(seed, difficulty):
    problem = rlvr_envs.make_task(ENV).generate(seed=seed, difficulty=difficulty)
    meta = problem.meta
    m = meta["m"]
    if meta["question"] == "order":
        k = sympy.n_order(meta["a"], m)
        assert problem.answer == str(k)
        assert _score(problem, f"k = {k}").reward == 1.0
        assert _score(problem, str(2 * k)).reward == 0.0  # a^(2k) = 1 too, but not least
    elif meta["question"] == "primitive_root":
        g = sympy.primitive_root(m)  # the least primitive root
        if m < 3000:  # count them one by one
            count = sum(1 for x in range(1, m)
                        if math.gcd(x, m) == 1 and sympy.is_primitive_root(x, m))  # fmt: skip
        else:
            count = sympy.totient(sympy.totient(m))
        assert problem.answer == f"({g}, {count})"
        assert _score(problem, f"g = {g}, n = {count}").reward == 1.0
        assert _score(problem, f"n = {count}, g = {g}").reward == 1.0
        assert _score(problem, f"({count}, {g})").reward == float(count == g)
        assert _score(problem, str(g)).reward == 0.0
    else:
        a, b = meta["a"], meta["b"]
        k = sympy.discrete_log(m, b, a)
        assert pow(a, k, m) == b and all(pow(a, j, m) != b for j in range(min(k, 2000)))
        assert problem.answer == str(k)
        order = sympy.n_order(a, m)
        assert _score(problem, str(k + order)).reward == 0.0  # a solution, not the least


def test_integer_forms():
    problem = _gen(ENV, 1, question="order", digits=2)
    k = int(problem.answer)
    for good in (str(k), f"k = {k}", f"  {k} "):
        assert _score(problem, good).reward == 1.0, good
    m = problem.meta["m"]
    for bad in (f"{k}.0", f"{2 * k}/2", f"x = {k}", str(m - 1) if k != m - 1 else "0",
                f"\\phi({m})", f"{k} + 0"):  # fmt: skip
        assert _score(problem, bad).reward == 0.0, bad


def test_generators_are_a_minority_of_prime_order_questions():
    # An order of p - 1 would make "p - 1" a cheap guess.
    hits = 0
    for seed in range(200):
        problem = _gen(ENV, seed, question="order", digits=2)
        m = int(re.search(r"modulo (\d+):", problem.prompt).group(1))
        hits += problem.answer == str(m - 1)
    assert hits / 200 < 0.25


def test_primitive_root_moduli_have_primitive_roots():
    for seed in range(40):
        problem = _gen(ENV, seed, question="primitive_root", digits=4)
        m = problem.meta["m"]
        assert sympy.primitive_root(m) is not None
        if m % 2 == 0 or not sympy.isprime(m):
            assert m % 2 == 0 or sympy.perfect_power(m)
