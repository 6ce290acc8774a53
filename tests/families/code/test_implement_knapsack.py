"""What ``rlvr/ImplementKnapsack-v0`` must do beyond the generic contract.

Right outputs are checked against an exhaustive search on small instances; the alternative
program below (a dynamic programme over values instead of capacities) returns a different
optimal item set on some tests and must score 1 all the same.
"""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from rlvr_envs.families.code import implement_knapsack as module
from tests.families.code.helpers import (
    RULED_OUT_AT,
    accepts_against_reference,
    assert_only_the_efficient_program_finishes,
    assert_ruled_out,
    code,
    load_function,
    task,
)

ENV = "rlvr/ImplementKnapsack-v0"

# Every subset, by include/exclude recursion: exponential in the number of items.
NAIVE = """\
def knapsack(weights, values, capacity):
    n = len(weights)

    def best(i, room):
        if i == n:
            return 0, []
        skip = best(i + 1, room)
        if weights[i] > room:
            return skip
        value, rest = best(i + 1, room - weights[i])
        if value + values[i] > skip[0]:
            return value + values[i], [i] + rest
        return skip

    return best(0, capacity)[1]
"""

# Smallest weight reaching each total value; the set read back prefers the earliest items.
BY_VALUE = """\
def knapsack(weights, values, capacity):
    n = len(weights)
    top = sum(values)
    INF = float("inf")
    lightest = [[INF] * (top + 1) for _ in range(n + 1)]
    lightest[n][0] = 0
    for i in range(n - 1, -1, -1):
        row, below = lightest[i], lightest[i + 1]
        for v in range(top + 1):
            row[v] = below[v]
            if v >= values[i] and below[v - values[i]] + weights[i] < row[v]:
                row[v] = below[v - values[i]] + weights[i]
    goal = max(v for v in range(top + 1) if lightest[0][v] <= capacity)
    chosen, v, room = [], goal, capacity
    for i in range(n):
        # take item i when the rest of the value still fits after it
        if v >= values[i] and lightest[i + 1][v - values[i]] + weights[i] <= room:
            chosen.append(i)
            room -= weights[i]
            v -= values[i]
    return chosen
"""

GREEDY = """\
def knapsack(weights, values, capacity):
    order = sorted(range(len(weights)), key=lambda i: -values[i] / weights[i])
    chosen, room = [], capacity
    for i in order:
        if weights[i] <= room:
            chosen.append(i)
            room -= weights[i]
    return sorted(chosen)
"""


def exec_solution(source: str):
    return load_function(source, "knapsack")


def family():
    return rlvr_envs.make_task(ENV).family


def optimal_sets(weights, values, capacity) -> tuple[int, list[list[int]]]:
    """The optimum and every optimal item set, by trying every subset (small instances)."""
    best, sets = 0, [[]]
    for size in range(1, len(weights) + 1):
        for picks in itertools.combinations(range(len(weights)), size):
            if sum(weights[i] for i in picks) <= capacity:
                value = sum(values[i] for i in picks)
                if value > best:
                    best, sets = value, [list(picks)]
                elif value == best:
                    sets.append(list(picks))
    return best, sets


def accepts(args, output) -> bool:
    return accepts_against_reference(ENV, args, output)


instances = st.integers(0, 8).flatmap(
    lambda n: st.tuples(
        st.lists(st.integers(1, 12), min_size=n, max_size=n),
        st.lists(st.integers(1, 15), min_size=n, max_size=n),
        st.integers(0, 40),
    )
)


@settings(max_examples=200, deadline=None)
@given(instances)
def test_the_solution_and_the_reference_agree_with_exhaustive_search(instance):
    weights, values, capacity = instance
    best, _ = optimal_sets(weights, values, capacity)
    reference = family().reference(weights, values, capacity)
    assert sum(values[i] for i in reference) == best
    for program in (exec_solution(module.SOLUTION), exec_solution(BY_VALUE)):
        output = program(list(weights), list(values), capacity)
        assert accepts([weights, values, capacity], output)


def test_the_solution_agrees_on_instances_the_source_family_draws():
    fam = family()
    source = fam.source_family()
    solution = exec_solution(module.SOLUTION)
    rng = random.Random(5)
    for _ in range(200):
        meta = source.generate(rng, source.knobs_for(rng.random())).meta
        args = fam.arguments(meta)
        assert fam.accepts({"args": args, "expected": fam.reference(*args)}, solution(*args))
    for scale in (1, 2, 3):
        args = fam.large_arguments(rng, scale)
        assert fam.accepts({"args": args, "expected": fam.reference(*args)}, solution(*args))


def test_the_prompt_states_the_limits_and_hides_the_hidden_tests():
    problem = task(ENV).generate(seed=4, difficulty=1.0)
    assert "0 <= n <= 150" in problem.prompt and "capacity is between 0 and 2,700" in problem.prompt
    for test in task(ENV).family.hidden_tests(problem):
        weights, values, capacity = test["args"]
        assert len(weights) <= 150 and capacity <= 2700
        assert all(1 <= w <= 60 for w in weights) and all(1 <= v <= 200 for v in values)
        if len(weights) > 3:
            assert repr(weights) not in problem.prompt


@settings(max_examples=80, deadline=None)
@given(instances, st.data())
def test_accepts_every_optimal_set_and_refuses_corrupted_ones(instance, data):
    weights, values, capacity = instance
    args = [weights, values, capacity]
    _, sets = optimal_sets(weights, values, capacity)
    assert accepts(args, data.draw(st.sampled_from(sets)))
    right = family().reference(*args)
    corrupt = data.draw(
        st.sampled_from(["drop", "add", "bools", "one-based", "reversed", "floats", "dup"])
    )
    if corrupt == "drop":
        if not right:
            return
        bad = right[:-1]
    elif corrupt == "add":
        extra = [i for i in range(len(weights)) if i not in right]
        if not extra:
            return
        bad = sorted(right + extra[:1])
    elif corrupt == "bools":
        bad = [bool(i) for i in right]
        if not bad:
            return
    elif corrupt == "one-based":
        bad = [i + 1 for i in right]
        if bad in sets or not right:
            return  # shifting by one can land on another optimal set
    elif corrupt == "reversed":
        if len(right) < 2:
            return
        bad = right[::-1]
    elif corrupt == "floats":
        if not right:
            return
        bad = [float(i) for i in right]
    else:
        if not right:
            return
        bad = right + right[-1:]
    assert not accepts(args, bad)


@pytest.mark.parametrize(
    "output",
    [None, "0 1", {"0": 1}, [[0]], [10**30], [-1], 3, [True], (0, 2), [0.0], [2, 0], [0, 0]],
)
def test_accepts_refuses_hostile_values(output):
    assert not accepts([[2, 3, 4], [3, 4, 5], 6], output)


def test_a_different_optimal_witness_scores_1_and_wrong_programs_fail():
    problem = task(ENV).generate(seed=11, difficulty=0.8, knobs={})
    tests = task(ENV).family.hidden_tests(problem)
    oracle, other = exec_solution(module.SOLUTION), exec_solution(BY_VALUE)
    assert any(oracle(*t["args"]) != other(*t["args"]) for t in tests)
    small_problem = task(ENV).generate(seed=11, difficulty=0.8, knobs={"scale": 0})
    assert rlvr_envs.verify(small_problem, code(BY_VALUE)).correct
    assert rlvr_envs.verify(problem, code(module.SOLUTION)).correct
    wrong = {
        "constant": "def knapsack(weights, values, capacity):\n    return []\n",
        "everything": "def knapsack(weights, values, capacity):\n"
        "    return list(range(len(weights)))\n",
        "greedy": GREEDY,
        "one-based": module.SOLUTION.replace(
            "return chosen[::-1]", "return [i + 1 for i in chosen[::-1]]"
        ),
        "descending": module.SOLUTION.replace("return chosen[::-1]", "return chosen"),
        "capacity off by one": module.SOLUTION.replace(
            "best = [0] * (capacity + 1)", "capacity -= 1\n    best = [0] * (capacity + 1)"
        ),
        "items reused": module.SOLUTION.replace(
            "range(capacity, w - 1, -1)", "range(w, capacity + 1)"
        ),
        "shown examples": "def knapsack(weights, values, capacity):\n    return [0]\n",
    }
    for name, source in wrong.items():
        assert not rlvr_envs.verify(problem, code(source)).correct, name


def test_exhaustive_search_passes_small_tests_and_times_out_on_the_large_one():
    assert_only_the_efficient_program_finishes(ENV, NAIVE, module.SOLUTION, difficulty=0.4)


def test_without_a_large_test_the_prompt_still_names_the_time_limit():
    # scale 0 with source instances of 25 items: trying every subset runs past the limit,
    # so the prompt must say there is one, as it does at every scale
    problem = task(ENV).generate(seed=1, knobs={"scale": 0, "instances": 1.0})
    assert "0 <= n <= 25;" in problem.prompt
    assert "must finish within 2 seconds" in problem.prompt
    assert max(len(t["args"][0]) for t in task(ENV).family.hidden_tests(problem)) >= 20
    verdict = rlvr_envs.verify(problem, code(NAIVE))
    assert not verdict.correct and verdict.reason == "timeout"
    assert rlvr_envs.verify(problem, code(module.SOLUTION)).correct
    assert "must finish within 2 seconds" in task(ENV).generate(seed=1, difficulty=1.0).prompt


# -- issue 26: every prompt states n <= 25 (or more) and the time limit -------------------
@pytest.mark.parametrize("difficulty", RULED_OUT_AT)
def test_trying_every_subset_fails_at_every_difficulty(difficulty):
    assert_ruled_out(ENV, NAIVE, module.SOLUTION, difficulty)
