"""What ``rlvr/NthPrime-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from rlvr_envs.families.math.nth_prime import ordinal
from tests.families.math.helpers import _gen, _score

ENV = "rlvr/NthPrime-v0"
TASK = rlvr_envs.make_task(ENV)


def _expected(problem) -> int:
    """The answer recomputed with sympy from what the problem asks."""
    meta = problem.meta
    if meta["mode"] == "nth":
        return sympy.prime(meta["n"])
    if meta["mode"] == "after":
        value = meta["n"]
        for _ in range(meta["k"]):
            value = sympy.nextprime(value)
        return value
    return int(sympy.primepi(meta["n"]))


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_the_reference_is_sympys_and_neighbours_fail(seed, difficulty):
    problem = TASK.generate(seed=seed, difficulty=difficulty)
    value = _expected(problem)
    assert int(problem.answer) == value
    assert _score(problem, f"{value:,}").reward == 1.0  # digit grouping is the same integer
    for wrong in (value - 1, value + 1, value + 2):
        assert _score(problem, str(wrong)).reward == 0.0


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), mode=st.sampled_from(["nth", "after", "count"]),
       digits=st.integers(1, 7), k=st.integers(1, 5))  # fmt: skip
def test_every_mode_at_every_size_matches_sympy(seed, mode, digits, k):
    problem = _gen(ENV, seed, mode=mode, digits=digits, k=k)
    assert int(problem.answer) == _expected(problem)


def test_the_prompts_name_what_they_ask():
    nth = _gen(ENV, 1, mode="nth", digits=3)
    assert f"{ordinal(nth.meta['n'])} prime" in nth.prompt
    after = _gen(ENV, 1, mode="after", digits=4, k=2)
    assert "2nd smallest prime greater than" in after.prompt
    assert [ordinal(i) for i in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st", "111th"
    ]  # fmt: skip


def test_forms_other_than_an_integer_fail():
    problem = _gen(ENV, 2, mode="after", digits=4, k=1)
    value = int(problem.answer)
    for text in (f"{value}.0", f"{value - 1} + 1", f"{value}/1", f"x = {value}", "prime"):
        verdict = _score(problem, text)
        assert verdict.reward == 0.0, (text, verdict)
    assert _score(problem, f" {value} ").reward == 1.0
