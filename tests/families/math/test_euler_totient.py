"""What ``rlvr/EulerTotient-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import math
import re

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from tests.families.math.helpers import _gen, _score

ENV = "rlvr/EulerTotient-v0"
TASK = rlvr_envs.make_task(ENV)


def _expected(problem) -> int:
    """The answer recomputed with sympy from the prompt's numbers."""
    meta = problem.meta
    n = meta["n"]
    if meta["mode"] == "phi":
        return int(sympy.totient(n))
    if meta["mode"] == "gcd":
        d = int(re.search(r"gcd\(k, n\) = (\d+)", problem.prompt).group(1))
        assert n % d == 0
        return int(sympy.totient(n // d))
    limit = int(re.search(r"1 <= k <= (\d+)", problem.prompt).group(1))
    return sum(sympy.mobius(d) * (limit // d) for d in sympy.divisors(n))


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_the_reference_is_sympys_and_neighbours_fail(seed, difficulty):
    problem = TASK.generate(seed=seed, difficulty=difficulty)
    value = _expected(problem)
    assert int(problem.answer) == value
    for wrong in (value - 1, value + 1, problem.meta["n"]):
        if wrong != value:
            assert _score(problem, str(wrong)).reward == 0.0


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), mode=st.sampled_from(["phi", "gcd"]),
       primes=st.integers(1, 2), max_exponent=st.integers(1, 3))  # fmt: skip
def test_small_instances_match_a_gcd_brute_force(seed, mode, primes, max_exponent):
    problem = _gen(ENV, seed, mode=mode, primes=primes, max_exponent=max_exponent)
    n = problem.meta["n"]
    if n > 300_000:
        return
    d = problem.meta["extra"] if mode == "gcd" else 1
    assert int(problem.answer) == sum(1 for k in range(1, n + 1) if math.gcd(k, n) == d)


def test_coprime_counts_match_a_brute_force():
    for seed in range(5):
        problem = _gen(ENV, seed, mode="coprime", primes=1)
        m, limit = problem.meta["n"], problem.meta["extra"]
        assert limit % m != 0
        assert int(problem.answer) == sum(1 for k in range(1, limit + 1) if math.gcd(k, m) == 1)


def test_formulas_and_other_forms_fail():
    problem = _gen(ENV, 1, mode="phi", primes=2, max_exponent=2, plain=False)
    (p, a), (q, b) = problem.meta["factors"]
    formula = f"{p}^{a - 1} * {p - 1} * {q}^{b - 1} * {q - 1}"
    value = int(problem.answer)
    for text in (formula, f"{value}.0", f"{2 * value}/2", f"phi(n) = {value + 1}"):
        verdict = _score(problem, text)
        assert verdict.reward == 0.0, (text, verdict)
    assert _score(problem, f"{value:,}").reward == 1.0


def test_the_best_constant_is_rare_at_middle_difficulty():
    answers = [TASK.generate(seed=s, difficulty=0.5).answer for s in range(100)]
    assert max(answers.count(a) for a in set(answers)) <= 5


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), primes=st.integers(2, 5), max_exponent=st.integers(1, 4))
def test_a_gcd_question_never_asks_for_d_equal_to_n(seed, primes, max_exponent):
    """Review fix: with two primes, d was n itself in two thirds of the gcd questions at
    difficulty 0 (the trivial answer 1, only k = n), so the constant 1 earned 0.66."""
    problem = _gen(ENV, seed, mode="gcd", primes=primes, max_exponent=max_exponent)
    n = problem.meta["n"]
    d = int(re.search(r"gcd\(k, n\) = (\d+)", problem.prompt).group(1))
    assert n % d == 0 and n // d > 2
    assert int(problem.answer) == int(sympy.totient(n // d)) > 1


def test_the_constant_one_is_rare_in_easy_gcd_questions():
    answers = [_gen(ENV, s, mode="gcd", primes=2, max_exponent=2).answer for s in range(200)]
    assert max(answers.count(a) for a in set(answers)) <= 40


def test_phi_of_n_may_be_named():
    """Review fix: ``phi(n) = 16`` (or ``\\varphi(n)``) was refused where phi(n) is asked."""
    problem = _gen(ENV, 3, mode="phi")
    value = int(sympy.totient(problem.meta["n"]))
    for good in (f"phi(n) = {value}", f"\\varphi(n) = {value}", f"$\\phi(n)={value}$",
                 f"φ(n) = {value}"):  # fmt: skip
        assert _score(problem, good).reward == 1.0, good
    for bad in (f"phi(n) = {value + 1}", f"phi(m) = {value}", f"n = {value}",
                f"phi(n) = 2 * {value // 2}", f"phi(n) = phi({problem.meta['n']})"):  # fmt: skip
        assert _score(problem, bad).reward == 0.0, bad
    other = _gen(ENV, 3, mode="coprime")
    assert _score(other, f"phi(n) = {other.answer}").reward == 0.0
