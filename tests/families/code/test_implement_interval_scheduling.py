"""What ``rlvr/ImplementIntervalScheduling-v0`` must do beyond the generic contract.

Right outputs are checked against an exhaustive search on small instances; the alternative
program below (a dynamic programme over intervals sorted by start, preferring to skip an
interval on ties) returns a different optimal set on some tests and must score 1 all the
same.
"""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from rlvr_envs.families.code import implement_interval_scheduling as module
from tests.families.code.helpers import (
    RULED_OUT_AT,
    accepts_against_reference,
    assert_only_the_efficient_program_finishes,
    assert_ruled_out,
    code,
    load_function,
    task,
)

ENV = "rlvr/ImplementIntervalScheduling-v0"

# The quadratic programme: each interval against every interval that ends before it.
NAIVE = """\
def max_weight_schedule(intervals, weights):
    order = sorted(range(len(intervals)), key=lambda i: intervals[i][1])
    best, back = [], []
    for k, i in enumerate(order):
        start = intervals[i][0]
        top, link = 0, -1
        for j in range(k):
            if intervals[order[j]][1] <= start and best[j] > top:
                top, link = best[j], j
        best.append(top + weights[i])
        back.append(link)
    if not best:
        return []
    k = max(range(len(best)), key=best.__getitem__)
    chosen = []
    while k != -1:
        chosen.append(order[k])
        k = back[k]
    return sorted(chosen)
"""

# Suffix DP over intervals sorted by start: skip an interval unless taking it is strictly
# better, which picks other optimal sets than the oracle's.
BY_START = """\
import bisect


def max_weight_schedule(intervals, weights):
    n = len(intervals)
    order = sorted(range(n), key=lambda i: intervals[i][0])
    starts = [intervals[i][0] for i in order]
    best = [0] * (n + 1)
    after = [0] * n
    for k in range(n - 1, -1, -1):
        i = order[k]
        after[k] = bisect.bisect_left(starts, intervals[i][1], k + 1)
        best[k] = max(best[k + 1], weights[i] + best[after[k]])
    chosen, k = [], 0
    while k < n:
        i = order[k]
        if weights[i] + best[after[k]] > best[k + 1]:
            chosen.append(i)
            k = after[k]
        else:
            k += 1
    return sorted(chosen)
"""

EARLIEST_FINISH = """\
def max_weight_schedule(intervals, weights):
    chosen, last = [], None
    for i in sorted(range(len(intervals)), key=lambda i: intervals[i][1]):
        if last is None or intervals[i][0] >= last:
            chosen.append(i)
            last = intervals[i][1]
    return sorted(chosen)
"""

HEAVIEST_FIRST = """\
def max_weight_schedule(intervals, weights):
    chosen = []
    for i in sorted(range(len(intervals)), key=lambda i: -weights[i]):
        a, b = intervals[i]
        if all(b <= intervals[j][0] or intervals[j][1] <= a for j in chosen):
            chosen.append(i)
    return sorted(chosen)
"""


def exec_solution(source: str):
    return load_function(source, "max_weight_schedule")


def family():
    return rlvr_envs.make_task(ENV).family


def optimal_sets(intervals, weights) -> tuple[int, list[list[int]]]:
    """The optimum and every optimal set, by trying every subset (small instances)."""
    best, sets = 0, [[]]
    for size in range(1, len(intervals) + 1):
        for picks in itertools.combinations(range(len(intervals)), size):
            if all(
                intervals[a][1] <= intervals[b][0] or intervals[b][1] <= intervals[a][0]
                for a, b in itertools.combinations(picks, 2)
            ):
                value = sum(weights[i] for i in picks)
                if value > best:
                    best, sets = value, [list(picks)]
                elif value == best:
                    sets.append(list(picks))
    return best, sets


def accepts(args, output) -> bool:
    return accepts_against_reference(ENV, args, output)


span = st.tuples(st.integers(0, 12), st.integers(1, 5)).map(lambda p: [p[0], p[0] + p[1]])
instances = st.integers(0, 8).flatmap(
    lambda n: st.tuples(
        st.lists(span, min_size=n, max_size=n),
        st.lists(st.integers(1, 6), min_size=n, max_size=n),
    )
)


@settings(max_examples=200, deadline=None)
@given(instances)
def test_the_solution_and_the_reference_agree_with_exhaustive_search(instance):
    intervals, weights = instance
    best, _ = optimal_sets(intervals, weights)
    reference = family().reference(intervals, weights)
    assert sum(weights[i] for i in reference) == best
    for program in (exec_solution(module.SOLUTION), exec_solution(BY_START)):
        output = program([list(s) for s in intervals], list(weights))
        assert accepts([intervals, weights], output)


def test_the_solution_agrees_on_instances_the_source_family_draws():
    fam = family()
    source = fam.source_family()
    solution = exec_solution(module.SOLUTION)
    rng = random.Random(5)
    for _ in range(200):
        meta = source.generate(rng, source.knobs_for(rng.random())).meta
        args = fam.arguments(meta)
        assert fam.accepts({"args": args, "expected": fam.reference(*args)}, solution(*args))
    args = fam.large_arguments(rng, 1)
    assert fam.accepts({"args": args, "expected": fam.reference(*args)}, solution(*args))


def test_every_test_is_weighted_and_the_prompt_states_the_limits():
    problem = task(ENV).generate(seed=4, difficulty=0.2)  # the source draws unweighted
    tests = task(ENV).family.hidden_tests(problem)
    assert all(len(set(t["args"][1])) > 1 for t in tests if len(t["args"][1]) > 6)
    assert "0 <= n <= 100;" in problem.prompt  # difficulty 0.2: no large input
    large = task(ENV).generate(seed=4, difficulty=1.0)
    assert "0 <= n <= 20,000" in large.prompt
    for test in task(ENV).family.hidden_tests(large):
        intervals, weights = test["args"]
        assert len(intervals) <= 20_000 and len(weights) == len(intervals)
        assert all(0 <= a < b <= 10**9 for a, b in intervals)
        assert all(1 <= w <= 10**6 for w in weights)
        if len(intervals) > 3:
            assert repr(intervals) not in large.prompt


@settings(max_examples=80, deadline=None)
@given(instances, st.data())
def test_accepts_every_optimal_set_and_refuses_corrupted_ones(instance, data):
    intervals, weights = instance
    args = [intervals, weights]
    _, sets = optimal_sets(intervals, weights)
    assert accepts(args, data.draw(st.sampled_from(sets)))
    right = family().reference(*args)
    corrupt = data.draw(
        st.sampled_from(["drop", "add", "bools", "one-based", "reversed", "floats", "dup"])
    )
    if not right:
        return
    if corrupt == "drop":
        bad = right[:-1]
    elif corrupt == "add":
        extra = [i for i in range(len(intervals)) if i not in right]
        if not extra:
            return
        bad = sorted(right + extra[:1])
    elif corrupt == "bools":
        bad = [bool(i) for i in right]
    elif corrupt == "one-based":
        bad = [i + 1 for i in right]
        if bad in sets:
            return  # shifting by one can land on another optimal set
    elif corrupt == "reversed":
        if len(right) < 2:
            return
        bad = right[::-1]
    elif corrupt == "floats":
        bad = [float(i) for i in right]
    else:
        bad = right + right[-1:]
    assert not accepts(args, bad)


@pytest.mark.parametrize(
    "output",
    [None, "0 1", {"0": 1}, [[0]], [10**30], [-1], 3, [True], (0, 2), [0.0], [2, 0], [0, 0]],
)
def test_accepts_refuses_hostile_values(output):
    assert not accepts([[[0, 2], [2, 4], [1, 3]], [1, 1, 5]], output)


def test_touching_intervals_do_not_overlap():
    assert accepts([[[0, 2], [2, 4]], [1, 1]], [0, 1])
    assert not accepts([[[0, 2], [1, 4]], [1, 1]], [0, 1])


def test_a_different_optimal_witness_scores_1_and_wrong_programs_fail():
    oracle, other = exec_solution(module.SOLUTION), exec_solution(BY_START)

    def differs(problem) -> bool:
        tests = task(ENV).family.hidden_tests(problem)
        return any(oracle(*t["args"]) != other(*t["args"]) for t in tests)

    problem = next(  # a problem where the two programs pick different optimal sets
        p for p in (task(ENV).generate(seed=s, difficulty=0.8) for s in range(30)) if differs(p)
    )
    assert rlvr_envs.verify(problem, code(BY_START)).correct
    assert rlvr_envs.verify(problem, code(module.SOLUTION)).correct
    wrong = {
        "constant": "def max_weight_schedule(intervals, weights):\n    return []\n",
        "heaviest one": "def max_weight_schedule(intervals, weights):\n"
        "    return [max(range(len(weights)), key=weights.__getitem__)] if weights else []\n",
        "earliest finish": EARLIEST_FINISH,
        "heaviest first": HEAVIEST_FIRST,
        "touching overlaps": module.SOLUTION.replace("bisect_right", "bisect_left"),
        "one-based": module.SOLUTION.replace(
            "return sorted(chosen)", "return sorted(i + 1 for i in chosen)"
        ),
        "unsorted": module.SOLUTION.replace("return sorted(chosen)", "return chosen"),
    }
    for name, source in wrong.items():
        assert not rlvr_envs.verify(problem, code(source)).correct, name


def test_the_quadratic_programme_passes_small_tests_and_times_out_on_the_large_one():
    assert_only_the_efficient_program_finishes(ENV, NAIVE, module.SOLUTION)


# A plain O(n log n) programme, slower by a constant than SOLUTION: coordinate compression
# with a dict and a DP over the time points.
BY_TIME_POINTS = """\
def max_weight_schedule(intervals, weights):
    points = sorted({x for span in intervals for x in span})
    where = {p: k for k, p in enumerate(points)}
    ending = [[] for _ in points]
    for i, (start, end) in enumerate(intervals):
        ending[where[end]].append(i)
    best = [0] * (len(points) + 1)  # best[k + 1]: optimum over intervals ending by points[k]
    last = [None] * (len(points) + 1)
    for k in range(len(points)):
        best[k + 1] = best[k]
        for i in ending[k]:
            value = best[where[intervals[i][0]] + 1] + weights[i]
            if value > best[k + 1]:
                best[k + 1], last[k + 1] = value, i
    chosen, k = [], len(points)
    while k > 0:
        if last[k] is None:
            k -= 1
        else:
            chosen.append(last[k])
            k = where[intervals[last[k]][0]] + 1
    return sorted(chosen)
"""


def test_the_large_input_grows_slowly_so_a_plain_n_log_n_programme_passes_at_scale_3():
    fam = task(ENV).family
    assert [module.large_size(s) for s in (1, 2, 3)] == [14_000, 17_000, 20_000]
    problem = task(ENV).generate(seed=8, knobs={"scale": 3, "instances": 1.0})
    assert len(fam.hidden_tests(problem)[-1]["args"][0]) == 20_000
    assert rlvr_envs.verify(problem, code(BY_TIME_POINTS)).correct


# -- issue 26: every prompt states n <= 100 (or more) and the time limit -------------------
# Include or skip each interval, by start: exponential (the quadratic NAIVE is fine at 100).
EXPONENTIAL = """\
def max_weight_schedule(intervals, weights):
    order = sorted(range(len(intervals)), key=lambda i: intervals[i][0])

    def best(k, free_from):
        if k == len(order):
            return 0, []
        i = order[k]
        skip = best(k + 1, free_from)
        if intervals[i][0] >= free_from:
            total, rest = best(k + 1, intervals[i][1])
            if total + weights[i] > skip[0]:
                return total + weights[i], [i] + rest
        return skip

    return sorted(best(0, -1)[1])
"""


@pytest.mark.parametrize("difficulty", RULED_OUT_AT)
def test_an_include_exclude_search_fails_at_every_difficulty(difficulty):
    assert_ruled_out(ENV, EXPONENTIAL, module.SOLUTION, difficulty)
