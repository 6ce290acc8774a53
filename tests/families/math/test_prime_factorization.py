"""What ``rlvr/PrimeFactorization-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import random

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from tests.families.math.helpers import _gen, _score

ENV = "rlvr/PrimeFactorization-v0"
TASK = rlvr_envs.make_task(ENV)


def _written(factors: dict[int, int], times: str = " * ", braces: bool = False) -> str:
    """A factorisation written by the test itself (not by the family)."""
    parts = []
    for p, e in factors.items():
        if e == 1:
            parts.append(str(p))
        else:
            parts.append(f"{p}^{{{e}}}" if braces else f"{p}^{e}")
    return times.join(parts)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_the_reference_is_sympys_factorisation_and_a_changed_one_fails(seed, difficulty):
    problem = TASK.generate(seed=seed, difficulty=difficulty)
    n = problem.meta["n"]
    factors = sympy.factorint(n)
    assert len(factors) >= 2
    # the same factorisation, written independently in another order and syntax
    shuffled = dict(sorted(factors.items(), reverse=True))
    assert _score(problem, _written(shuffled, r" \cdot ", braces=True)).reward == 1.0
    assert _score(problem, _written(factors, r" \times ")).reward == 1.0
    # one prime's exponent raised: a different number
    p = min(factors)
    wrong = {q: e + (q == p) for q, e in factors.items()}
    assert _score(problem, _written(wrong)).reward == 0.0
    # n itself, and the factorisation with a prime dropped, earn nothing
    assert _score(problem, str(n)).reward == 0.0
    dropped = {q: e for q, e in factors.items() if q != max(factors)}
    assert _score(problem, _written(dropped)).reward == 0.0


def test_other_written_forms_of_the_same_factorisation_score_one():
    problem = _gen(ENV, 0, primes=3, prime_digits=1, max_exponent=3)
    factors = sympy.factorint(problem.meta["n"])
    items = list(factors.items())
    random.Random(0).shuffle(items)
    ordered = dict(items)
    for text in [
        _written(ordered),
        _written(ordered, "*"),
        _written(ordered, "·"),
        _written(ordered, "×"),
        "$" + _written(ordered, r" \cdot ", braces=True) + "$",
        " * ".join(f"{p}^1" if e == 1 else f"{p}^{e}" for p, e in ordered.items()),
        "n = " + _written(ordered),
        f"{problem.meta['n']} = " + _written(ordered),
    ]:
        assert _score(problem, text).reward == 1.0, text


def test_superscript_exponents_score_one():
    problem = _gen(ENV, 0, primes=2, prime_digits=1, max_exponent=2)
    sup = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
    factors = sympy.factorint(problem.meta["n"])
    text = " × ".join(
        str(p) + ("" if e == 1 else str(e).translate(sup)) for p, e in factors.items()
    )
    assert _score(problem, text).reward == 1.0, text


def test_invalid_factorisations_fail():
    problem = _gen(ENV, 3, primes=3, prime_digits=2, max_exponent=3)
    n = problem.meta["n"]
    factors = sympy.factorint(n)
    (p, e), *rest = sorted(factors.items())
    rest_text = " * ".join(f"{q}^{f}" for q, f in rest)
    composite = f"{p**e * rest[0][0]}" + (
        f" * {rest[0][0]}^{rest[0][1] - 1}" if rest[0][1] > 1 else ""
    )
    cases = {
        "composite base": f"{composite} * " + " * ".join(f"{q}^{f}" for q, f in rest[1:]),
        "prime twice": f"{p} * {p}^{e - 1} * {rest_text}" if e > 1 else f"{p} * {p} * {rest_text}",
        "exponent zero": f"{p}^{e} * {rest_text} * 101^0",
        "extra prime": f"{p}^{e} * {rest_text} * 101",
        "the number": str(n),
        "a sum": f"{p}^{e} + {rest_text}",
        "words": "it is prime",
        "one as a factor": f"1 * {p}^{e} * {rest_text}",
    }
    for name, text in cases.items():
        verdict = _score(problem, text)
        assert verdict.reward == 0.0 and not verdict.correct, (name, text, verdict)
    assert _score(problem, "2^3 + 3").reason == "unparsable"
    assert _score(problem, f"m = {p}^{e} * {rest_text}").reason == "unparsable"
    assert _score(problem, f"{n} = {n}").reward == 0.0
    assert _score(problem, "2^(3)").reward == 0.0  # p^(e) parses (review fix); 8 is not n


def test_hard_problems_are_ten_to_fifteen_digits_with_large_primes():
    for seed in range(20):
        problem = TASK.generate(seed=seed, difficulty=1.0)
        n = problem.meta["n"]
        assert 10**9 <= n < 10**15
        assert max(sympy.factorint(n)) > 10**4


def test_delimiters_a_final_period_and_parenthesised_exponents_score_one():
    """Review fix: ``\\(...\\)``, ``\\text{...}``, a final period and ``p^(e)`` were refused
    although the factorisation was right."""
    problem = _gen(ENV, 3, primes=3, prime_digits=2, max_exponent=3)
    factors = sympy.factorint(problem.meta["n"])
    parens = " * ".join(f"{p}^({e})" for p, e in factors.items())
    for text in ("\\(" + _written(factors, r" \cdot ") + "\\)", _written(factors) + ".",
                 "\\text{" + _written(factors) + "}", parens, f"$n = {parens}$."):  # fmt: skip
        assert _score(problem, text).reward == 1.0, text
    p = min(factors)
    wrong = {q: e + (q == p) for q, e in factors.items()}
    for text in (" * ".join(f"{q}^({e})" for q, e in wrong.items()), _written(wrong) + "."):
        assert _score(problem, text).reward == 0.0, text
