"""What ``rlvr/FactorialDivisibility-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import re

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from tests.families.math.helpers import _gen, _score

ENV = "rlvr/FactorialDivisibility-v0"
TASK = rlvr_envs.make_task(ENV)


def _digit_sum(n: int, p: int) -> int:
    total = 0
    while n:
        n, r = divmod(n, p)
        total += r
    return total


def _vp_factorial(n: int, p: int) -> int:
    """Legendre in its digit-sum form: v_p(n!) = (n - s_p(n)) / (p - 1)."""
    return (n - _digit_sum(n, p)) // (p - 1)


def _carries(a: int, b: int, p: int) -> int:
    """Carries when adding a and b in base p (Kummer's theorem counts these)."""
    carries = carry = 0
    while a or b or carry:
        carry = int(a % p + b % p + carry >= p)
        carries += carry
        a, b = a // p, b // p
    return carries


def _expected(problem) -> int:
    """The answer recomputed from the prompt's numbers, independently of the family."""
    meta, prompt = problem.meta, problem.prompt
    n = meta["n"]
    if meta["mode"] == "zeros":
        b = int(re.search(r"in base (\d+)\?", prompt).group(1))
        return min(_vp_factorial(n, p) // a for p, a in sympy.factorint(b).items())
    p = int(re.search(r"such that (\d+)\^e", prompt).group(1))
    if meta["mode"] == "legendre":
        return _vp_factorial(n, p)
    k = int(re.search(rf"C\({n}, (\d+)\)", prompt).group(1))
    return _carries(k, n - k, p)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_the_reference_matches_digit_sums_and_carries(seed, difficulty):
    problem = TASK.generate(seed=seed, difficulty=difficulty)
    value = _expected(problem)
    assert int(problem.answer) == value
    for wrong in (value - 1, value + 1):
        if wrong >= 0:
            assert _score(problem, str(wrong)).reward == 0.0


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), mode=st.sampled_from(["legendre", "zeros", "binomial"]),
       prime_digits=st.integers(1, 3))  # fmt: skip
def test_small_instances_match_sympys_multiplicity(seed, mode, prime_digits):
    problem = _gen(ENV, seed, mode=mode, digits=2, prime_digits=prime_digits)
    n, k = problem.meta["n"], problem.meta["k"]
    number = sympy.binomial(n, k) if mode == "binomial" else sympy.factorial(n)
    if mode == "zeros":
        b = int(re.search(r"in base (\d+)\?", problem.prompt).group(1))
        zeros, x = 0, int(number)
        while x % b == 0:
            x //= b
            zeros += 1
        assert int(problem.answer) == zeros
    else:
        p = problem.meta["base"][0][0]
        assert int(problem.answer) == sympy.multiplicity(p, number)


def test_base_ten_appears_and_composite_bases_are_not_prime():
    bases = set()
    for seed in range(60):
        problem = _gen(ENV, seed, mode="zeros", prime_digits=1)
        base = problem.meta["base"]
        bases.add(int(re.search(r"in base (\d+)\?", problem.prompt).group(1)))
        assert not (len(base) == 1 and base[0][1] == 1)
    assert 10 in bases and len(bases) > 10


def test_formulas_and_other_forms_fail():
    problem = _gen(ENV, 2, mode="legendre", digits=3, prime_digits=1)
    n, p = problem.meta["n"], problem.meta["base"][0][0]
    value = int(problem.answer)
    formula = f"{n // p} + {n // p**2}"
    for text in (formula, f"{value}.0", f"e = {value + 1}", f"{p}^{value}"):
        verdict = _score(problem, text)
        assert verdict.reward == 0.0, (text, verdict)
    assert _score(problem, str(value)).reward == 1.0


def test_the_best_constant_is_rare_at_middle_difficulty():
    answers = [TASK.generate(seed=s, difficulty=0.5).answer for s in range(100)]
    assert max(answers.count(a) for a in set(answers)) <= 5
