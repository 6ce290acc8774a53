"""What ``rlvr/ImplementLongestIncreasingSubsequence-v0`` must do beyond the generic contract.

Right outputs are checked against an independent exhaustive search on short sequences; the
alternative program below returns a different longest subsequence (the lexicographically
first positions) and must score 1 all the same.
"""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from rlvr_envs.families.code import implement_longest_increasing_subsequence as module
from tests.families.code.helpers import (
    RULED_OUT_AT,
    accepts_against_reference,
    assert_only_the_efficient_program_finishes,
    assert_ruled_out,
    code,
    load_function,
    task,
)

ENV = "rlvr/ImplementLongestIncreasingSubsequence-v0"
FAMILY = module.ImplementLongestIncreasingSubsequence

NAIVE = """\
def longest_increasing_subsequence(nums):
    n = len(nums)
    if not n:
        return []
    best, back = [1] * n, [-1] * n
    for i in range(n):
        for j in range(i):
            if nums[j] < nums[i] and best[j] + 1 > best[i]:
                best[i], back[i] = best[j] + 1, j
    i = max(range(n), key=best.__getitem__)
    chain = []
    while i != -1:
        chain.append(i)
        i = back[i]
    return chain[::-1]
"""

# The length of the longest run starting at each position, then, step by step, the LAST
# position...  and still starts a long enough run: another witness
# than the oracle's patience sorting, by another algorithm (quadratic, small tests only).
FIRST_CHOICE = """\
def longest_increasing_subsequence(nums):
    n = len(nums)
    start = [1] * n
    for i in range(n - 1, -1, -1):
        for j in range(i + 1, n):
            if nums[j] > nums[i] and start[j] + 1 > start[i]:
                start[i] = start[j] + 1
    chain = []
    for need in range(max(start, default=0), 0, -1):
        after = chain[-1] + 1 if chain else 0
        chain.append(min(
            i for i in range(after, n)
            if start[i] == need and (not chain or nums[i] > nums[chain[-1]])
        ))
    return chain
"""


def exhaustive_length(nums: list[int]) -> int:
    """The longest strictly increasing subsequence by trying every subset (short lists)."""
    for size in range(len(nums), 0, -1):
        for picks in itertools.combinations(range(len(nums)), size):
            if all(nums[a] < nums[b] for a, b in itertools.pairwise(picks)):
                return size
    return 0


def exec_solution(source: str):
    return load_function(source, "longest_increasing_subsequence")


def accepts(nums: list[int], output) -> bool:
    return accepts_against_reference(ENV, [nums], output)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(-5, 5), max_size=9))
def test_the_solution_and_the_reference_agree_with_exhaustive_search(nums):
    family = rlvr_envs.make_task(ENV).family
    for program in (exec_solution(module.SOLUTION), exec_solution(FIRST_CHOICE)):
        output = program(list(nums))
        assert len(output) == exhaustive_length(nums)
        assert family.accepts({"args": [nums], "expected": family.reference(nums)}, output)
    assert len(family.reference(nums)) == exhaustive_length(nums)


def test_the_solution_agrees_on_instances_the_source_family_draws():
    family = rlvr_envs.make_task(ENV).family
    source = family.source_family()
    solution = exec_solution(module.SOLUTION)
    rng = random.Random(5)
    for _ in range(200):
        meta = source.generate(rng, source.knobs_for(rng.random())).meta
        (nums,) = family.arguments(meta)
        assert family.accepts({"args": [nums], "expected": family.reference(nums)}, solution(nums))


def test_hidden_tests_are_source_instances_and_not_in_the_prompt():
    problem = task(ENV).generate(seed=4, difficulty=0.6)
    for test in task(ENV).family.hidden_tests(problem):
        if len(test["args"][0]) > 8:
            assert repr(test["args"][0]) not in problem.prompt


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(-20, 20), min_size=2, max_size=12), st.data())
def test_accepts_refuses_corrupted_outputs(nums, data):
    family = rlvr_envs.make_task(ENV).family
    right = family.reference(nums)
    assert accepts(nums, right)
    corrupt = data.draw(
        st.sampled_from(["shorter", "bools", "one-based", "reversed", "floats", "duplicate"])
    )
    if corrupt == "shorter":
        bad = right[:-1]
    elif corrupt == "bools":
        bad = [bool(i) for i in right]
        if all(type(i) is int for i in bad):  # pragma: no cover
            return
    elif corrupt == "one-based":
        bad = [i + 1 for i in right]
    elif corrupt == "reversed":
        bad = right[::-1] if len(right) > 1 else [len(nums)]
    elif corrupt == "floats":
        bad = [float(i) for i in right]
    else:
        bad = right + right[-1:]
    if corrupt == "one-based" and accepts(nums, bad):
        return  # shifting by one can land on another longest subsequence
    assert not accepts(nums, bad)


@pytest.mark.parametrize(
    "output", [None, "0 1 2", {"0": 1}, [[0]], [10**30], [-1], 3, [True, False]]
)
def test_accepts_refuses_hostile_values(output):
    assert not accepts([1, 2, 3], output)


def test_a_different_longest_witness_scores_1_and_wrong_programs_fail():
    problem = task(ENV).generate(seed=11, difficulty=0.6)
    tests = task(ENV).family.hidden_tests(problem)
    oracle, other = exec_solution(module.SOLUTION), exec_solution(FIRST_CHOICE)
    small = [t for t in tests if len(t["args"][0]) <= 200]
    assert any(oracle(t["args"][0]) != other(t["args"][0]) for t in small)
    small_problem = task(ENV).generate(seed=11, difficulty=0.6, knobs={"scale": 0})
    assert rlvr_envs.verify(small_problem, code(FIRST_CHOICE)).correct
    wrong = {
        "constant": "def longest_increasing_subsequence(nums):\n    return [0] if nums else []\n",
        "echo": "def longest_increasing_subsequence(nums):\n    return list(range(len(nums)))\n",
        "non-strict": module.SOLUTION.replace("bisect_left", "bisect_right"),
        "one-based": module.SOLUTION.replace(
            "return chain[::-1]", "return [i + 1 for i in chain[::-1]]"
        ),
    }
    for name, source in wrong.items():
        verdict = rlvr_envs.verify(problem, code(source))
        assert not verdict.correct, name


def test_the_naive_quadratic_program_passes_small_tests_and_times_out_on_the_large_one():
    assert_only_the_efficient_program_finishes(ENV, NAIVE, module.SOLUTION)


# Patience sorting with a linear scan of the piles: O(n * length of the answer), quadratic
# on sorted input; on uniformly random values (answer about 2 sqrt(n) long) it would pass.
LINEAR_SCAN = """\
def longest_increasing_subsequence(nums):
    tails, ends, previous = [], [], [-1] * len(nums)
    for i, x in enumerate(nums):
        k = 0
        while k < len(tails) and tails[k] < x:
            k += 1
        previous[i] = ends[k - 1] if k else -1
        if k == len(tails):
            tails.append(x)
            ends.append(i)
        else:
            tails[k] = x
            ends[k] = i
    chain, i = [], ends[-1] if ends else -1
    while i != -1:
        chain.append(i)
        i = previous[i]
    return chain[::-1]
"""


def test_the_large_input_has_a_long_answer_so_a_linear_scan_of_the_piles_times_out():
    family = task(ENV).family
    for scale in (1, 3):
        (nums,) = family.large_arguments(random.Random(scale), scale)
        assert len(nums) == 20_000 * scale
        assert all(type(x) is int and -(10**9) <= x <= 10**9 for x in nums)
        assert len(family.reference(nums)) > len(nums) // 2
    small = task(ENV).generate(seed=3, difficulty=0.6, knobs={"scale": 0})
    assert rlvr_envs.verify(small, code(LINEAR_SCAN)).correct
    large = task(ENV).generate(seed=3, difficulty=0.6, knobs={"scale": 1})
    verdict = rlvr_envs.verify(large, code(LINEAR_SCAN))
    assert not verdict.correct and verdict.reason == "timeout"


# -- issue 26: every prompt states at most 100 elements (or more) and the time limit -------
# Include or skip each element: exponential (the quadratic NAIVE is fine at 100 elements).
EXPONENTIAL = """\
def longest_increasing_subsequence(nums):
    def best(i, prev):
        if i == len(nums):
            return []
        skip = best(i + 1, prev)
        if prev is None or nums[i] > nums[prev]:
            take = [i] + best(i + 1, i)
            if len(take) > len(skip):
                return take
        return skip

    return best(0, None)
"""


@pytest.mark.parametrize("difficulty", RULED_OUT_AT)
def test_an_include_exclude_search_fails_at_every_difficulty(difficulty):
    assert_ruled_out(ENV, EXPONENTIAL, module.SOLUTION, difficulty)
