"""What ``rlvr/BitManipulation-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import functools
import operator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.algorithms.helpers import _gen, _score

ENV = "rlvr/BitManipulation-v0"


def _brute(meta, prompt):
    """The answer by looping over every number (small N only)."""
    n, mode = meta["n"], meta["mode"]
    if mode == "popcount":
        return str(bin(n).count("1"))
    if mode == "gray":
        return format(n ^ (n >> 1), "b")
    if mode == "gray_inverse":
        return str(next(x for x in range(2 * n + 2) if x ^ (x >> 1) == n))
    if mode == "xor_range":
        return str(functools.reduce(operator.xor, range(meta.get("a", 1), n + 1)))
    if mode == "total_bits":
        return str(sum(bin(x).count("1") for x in range(1, n + 1)))
    return str(sum(bin(x).count("1") == meta["k"] for x in range(1, n + 1)))


@pytest.mark.parametrize("bits", [4, 8, 12, 16])
def test_answers_match_brute_force(bits):
    seen = set()
    for seed in range(40):
        problem = _gen(ENV, seed, bits=bits, modes="all")
        seen.add(problem.meta["mode"])
        assert problem.answer == _brute(problem.meta, problem.prompt), problem.prompt
    assert len(seen) == 6


def _find(mode, **knobs):
    for seed in range(300):
        problem = _gen(ENV, seed, **knobs)
        if problem.meta["mode"] == mode:
            return problem
    raise AssertionError(mode)


def test_bit_strings_accept_leading_zeros_and_a_prefix_but_not_decimal():
    problem = _find("gray", bits=16)
    bits = problem.answer
    assert _score(problem, "0" + bits).reward == 1.0
    assert _score(problem, "0b" + bits).reward == 1.0
    assert _score(problem, str(int(bits, 2))).reward == 0.0  # decimal where bits are asked
    assert _score(problem, bits + " or 0").reward == 0.0
    assert _score(problem, str(problem.meta["n"])).reward == 0.0  # the input echoed
    assert _score(problem, format(problem.meta["n"], "b")).reward == 0.0


def test_integers_are_strict_and_constants_fail():
    problem = _find("gray_inverse", bits=16)
    assert _score(problem, "x = " + problem.answer).reward == 1.0
    code = format(problem.meta["n"], "b")
    assert _score(problem, code).reward == 0.0  # the Gray code echoed
    total = _find("total_bits", bits=20, modes="ranges")
    assert _score(total, f"{int(total.answer):,}").reward == 1.0
    for wrong in ("0", "1", "-1", "none", str(total.meta["n"]), "0b" + total.answer):
        assert _score(total, wrong).reward == 0.0
    assert _score(total, total.answer + " or 3").reward == 0.0
    assert _score(total, "x = " + total.answer).reason == "unparsable"


def test_difficulty_one_uses_64_bit_numbers_and_every_mode():
    problems = [_gen(ENV, s, 1.0) for s in range(60)]
    assert all(p.meta["n"].bit_length() == 64 for p in problems)
    assert len({p.meta["mode"] for p in problems}) == 6


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1), delta=st.integers(1, 5))
def test_off_by_some_fails(seed, difficulty, delta):
    problem = _gen(ENV, seed, difficulty)
    if problem.meta["kind"] == "bits":
        wrong = format(int(problem.answer, 2) ^ delta, "b")
    else:
        wrong = str(int(problem.answer) + delta)
    assert _score(problem, wrong).reward == 0.0
    assert _score(problem, problem.answer).reward == 1.0


def test_a_full_stop_after_the_answer_is_accepted():
    # review of issue 15: "19." and "10110." were unparsable
    for mode in ("popcount", "gray", "gray_inverse", "xor_range", "total_bits", "count_k_bits"):
        problem = _find(mode, bits=16)
        assert _score(problem, problem.answer + ".").reward == 1.0, mode
        assert _score(problem, problem.answer + "..").reward == 0.0, mode
        assert _score(problem, problem.answer + ".5").reward == 0.0, mode
