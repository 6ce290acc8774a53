"""What ``rlvr/DivisorFunctions-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import re

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from tests.families.math.helpers import _gen, _score

ENV = "rlvr/DivisorFunctions-v0"
TASK = rlvr_envs.make_task(ENV)


def _cube(d: int) -> bool:
    root = round(d ** (1 / 3))
    return any((root + i) ** 3 == d for i in (-1, 0, 1))


def _brute(problem) -> int:
    """The answer from the list of n's divisors (sympy), filtered and summed directly."""
    n, ask, m = problem.meta["n"], problem.meta["ask"], problem.meta["m"]
    divisors = sympy.divisors(n)
    pick = {
        "tau": (lambda d: True, 0),
        "sigma": (lambda d: True, 1),
        "sigma2": (lambda d: True, 2),
        "sigma3": (lambda d: True, 3),
        "odd": (lambda d: d % 2 == 1, 0),
        "even": (lambda d: d % 2 == 0, 0),
        "odd_sum": (lambda d: d % 2 == 1, 1),
        "square": (lambda d: sympy.sqrt(d).is_integer, 0),
        "cube": (_cube, 0),
        "multiple": (lambda d: d % m == 0, 0),
    }
    keep, power = pick[ask]
    return sum(d**power for d in divisors if keep(d))


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_the_reference_matches_a_brute_force_over_the_divisors(seed, difficulty):
    problem = TASK.generate(seed=seed, difficulty=difficulty)
    value = _brute(problem)
    assert int(problem.answer) == value
    assert sympy.factorint(problem.meta["n"]) == dict(map(tuple, problem.meta["factors"]))
    for wrong in (value - 1, value + 1, 2 * value):
        assert _score(problem, str(wrong)).reward == 0.0


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), primes=st.integers(1, 6), max_exponent=st.integers(1, 6),
       plain=st.booleans())  # fmt: skip
def test_every_restricted_kind_matches_the_brute_force(seed, primes, max_exponent, plain):
    problem = _gen(ENV, seed, quantity="restricted", primes=primes, max_exponent=max_exponent,
                   plain=plain)  # fmt: skip
    assert int(problem.answer) == _brute(problem)
    assert (f"n = {problem.meta['n']}." in problem.prompt) == (
        plain or len(problem.meta["factors"]) == 1 == problem.meta["factors"][0][1]
    )


def test_the_prompt_gives_n_factored_or_plain():
    factored = _gen(ENV, 4, quantity="sigma", plain=False)
    plain = _gen(ENV, 4, quantity="sigma", plain=True)
    assert "\\cdot" in factored.prompt or "^" in factored.prompt
    assert f"n = {plain.meta['n']}." in plain.prompt


def test_formulas_and_other_forms_fail():
    problem = _gen(ENV, 5, quantity="tau", primes=3, max_exponent=3)
    exponents = [e for _, e in problem.meta["factors"]]
    formula = " * ".join(f"({e} + 1)" for e in exponents)
    value = int(problem.answer)
    for text in (formula, f"{value}.0", f"{value * 2}/2", str(problem.meta["n"])):
        verdict = _score(problem, text)
        assert verdict.reward == 0.0, (text, verdict)
    assert _score(problem, f"{value}").reward == 1.0


def test_the_best_constant_is_rare_at_middle_difficulty():
    answers = [TASK.generate(seed=s, difficulty=0.5).answer for s in range(100)]
    assert max(answers.count(a) for a in set(answers)) <= 5


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), primes=st.integers(2, 5), max_exponent=st.integers(1, 5))
def test_a_multiple_question_never_asks_for_m_equal_to_n(seed, primes, max_exponent):
    """Review fix: with two primes, m was n itself in most "multiples of m" questions at
    difficulty 0 (the trivial count 1)."""
    problem = _gen(ENV, seed, quantity="restricted", primes=primes, max_exponent=max_exponent)
    match = re.search(r"multiples of (\d+)", problem.prompt)
    if match:
        m, n = int(match.group(1)), problem.meta["n"]
        assert n % m == 0 and m < n
        assert int(problem.answer) == sum(1 for d in sympy.divisors(n) if d % m == 0) > 1


def test_square_and_cube_counts_spread():
    """Review fix: counts of cube divisors were 1 or 2 in two thirds of the questions at
    difficulty 0.5 (exponents up to 3 or 4 give floor(e / 3) + 1 of 1 or 2 only)."""
    for kind in ("squares", "cubes"):
        answers = []
        for seed in range(400):
            problem = TASK.generate(seed=seed, difficulty=0.5, knobs={"quantity": "restricted"})
            if f"perfect {kind}" in problem.prompt:
                answers.append(problem.answer)
        assert len(answers) > 30
        assert max(answers.count(a) for a in set(answers)) <= 0.3 * len(answers), kind
        assert answers.count("1") == 0
