"""What ``rlvr/LastDigits-v0`` must do beyond the generic family contract."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from sympy.ntheory.modular import crt

import rlvr_envs
from tests.families.math.helpers import _gen, _score

ENV = "rlvr/LastDigits-v0"
TASK = rlvr_envs.make_task(ENV)


def _last_digits(tower: list[int], k: int) -> int:
    """a^E mod 10^k by CRT over 2^k and 5^k, for a tower of height <= 3 whose levels above
    the exponent's base are small enough to evaluate (c^d exactly): independent of the
    family's generalised-Euler recursion."""
    a, rest = tower[0], tower[1:]
    if len(rest) == 1:
        return pow(a, rest[0], 10**k)
    b, top = rest[0], rest[1] if len(rest) == 2 else rest[1] ** rest[2]
    # 5^k: a is a unit (never a multiple of 5), and a^(4*5^(k-1)) = 1 (Euler)
    order5 = 4 * 5 ** (k - 1)
    mod5 = pow(a, pow(b, top, order5), 5**k)
    # 2^k: odd a has a^(2^(k-1)) = 1 for k >= 1; even a with E >= k gives 0
    mod2 = pow(a, pow(b, top, 2 ** max(k - 1, 1)), 2**k) if a % 2 else 0
    value, _ = crt([2**k, 5**k], [mod2, mod5])
    return int(value)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_the_reference_matches_a_crt_computation(seed, difficulty):
    problem = TASK.generate(seed=seed, difficulty=difficulty)
    tower, k = problem.meta["tower"], problem.meta["k"]
    value = _last_digits(tower, k)
    assert problem.answer == str(value).zfill(k)
    wrong = str((value + 1) % 10**k).zfill(k)
    assert _score(problem, wrong).reward == 0.0


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), digits=st.integers(1, 6), height=st.integers(1, 3),
       exponent_digits=st.integers(1, 3))  # fmt: skip
def test_every_height_matches_the_crt_computation(seed, digits, height, exponent_digits):
    problem = _gen(ENV, seed, digits=digits, height=height, exponent_digits=exponent_digits)
    tower = problem.meta["tower"]
    assert len(tower) == height + 1 and tower[0] % 5 != 0
    assert problem.answer == str(_last_digits(tower, digits)).zfill(digits)


def test_small_powers_match_the_full_expansion():
    for seed in range(20):
        problem = _gen(ENV, seed, digits=3, height=1, exponent_digits=2)
        a, b = problem.meta["tower"]
        assert len(str(a**b)) > 3
        assert problem.answer == str(a**b)[-3:]


def test_exactly_k_digits_are_required():
    problem = next(
        p for s in range(200) if (p := _gen(ENV, s, digits=3, height=1)).answer.startswith("0")
    )
    value = int(problem.answer)
    assert _score(problem, problem.answer).reward == 1.0
    assert _score(problem, f"${problem.answer}$").reward == 1.0
    for text in (str(value), "0" + problem.answer, f"{value}.0", "..." + problem.answer):
        verdict = _score(problem, text)
        assert verdict.reward == 0.0, (text, verdict)
    assert _score(problem, "abc").reason == "unparsable"
    tower = problem.meta["tower"]
    assert _score(problem, f"{tower[0]}^{tower[1]}").reason == "unparsable"


def test_the_best_constant_is_rare_at_middle_difficulty():
    answers = [TASK.generate(seed=s, difficulty=0.5).answer for s in range(100)]
    assert max(answers.count(a) for a in set(answers)) <= 8


def test_latex_wrappers_and_a_final_period_score_one():
    """Review fix: ``\\(024\\)``, ``\\text{024}`` and ``024.`` were refused."""
    problem = next(
        p for s in range(200) if (p := _gen(ENV, s, digits=3, height=1)).answer.startswith("0")
    )
    digits = problem.answer
    for good in (f"\\({digits}\\)", f"\\text{{{digits}}}", f"{digits}.", f"$\\text{{{digits}}}$"):
        assert _score(problem, good).reward == 1.0, good
    for bad in (f"\\({digits[1:]}\\)", f"\\text{{{int(digits)}}}", f"{digits}..", f"${digits}"):
        assert _score(problem, bad).reward == 0.0, bad
