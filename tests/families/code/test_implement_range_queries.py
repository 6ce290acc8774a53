"""What ``rlvr/ImplementRangeQueries-v0`` must do beyond the generic contract.

The oracle program (Fenwick tree plus two segment trees) is held to the source family's
own solver and to a plain replay of the operations on a list; a square-root decomposition,
written independently, scores 1; the slicing replay passes the small tests and times out
on the large one.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from rlvr_envs.families.code import implement_range_queries as module
from tests.families.code.helpers import (
    EVERY_DIFFICULTY,
    assert_only_the_efficient_program_finishes,
    code,
    task,
)

ENV = "rlvr/ImplementRangeQueries-v0"

NAIVE = """\
def range_queries(values, ops):
    a = list(values)
    out = []
    for name, x, y in ops:
        if name == "sum":
            out.append(sum(a[x - 1:y]))
        elif name == "min":
            out.append(min(a[x - 1:y]))
        elif name == "max":
            out.append(max(a[x - 1:y]))
        elif name == "set":
            a[x - 1] = y
        else:
            a[x - 1] += y
    return out
"""

# Square-root decomposition: blocks of about sqrt(n) entries with their sum, min and max.
BLOCKS = """\
import math


def range_queries(values, ops):
    a = list(values)
    n = len(a)
    size = max(1, math.isqrt(n))
    blocks = [a[s:s + size] for s in range(0, n, size)]
    sums = [sum(b) for b in blocks]
    mins = [min(b) for b in blocks]
    maxs = [max(b) for b in blocks]
    out = []
    for name, x, y in ops:
        if name in ("set", "add"):
            i = x - 1
            a[i] = y if name == "set" else a[i] + y
            k = i // size
            block = a[k * size:(k + 1) * size]
            sums[k], mins[k], maxs[k] = sum(block), min(block), max(block)
            continue
        lo, hi = x - 1, y - 1
        kl, kh = lo // size, hi // size
        if kl == kh:
            part = a[lo:hi + 1]
            pieces = [(sum(part), min(part), max(part))]
        else:
            left, right = a[lo:(kl + 1) * size], a[kh * size:hi + 1]
            pieces = [(sum(left), min(left), max(left)), (sum(right), min(right), max(right))]
            if kh > kl + 1:
                pieces.append((sum(sums[kl + 1:kh]), min(mins[kl + 1:kh]), max(maxs[kl + 1:kh])))
        if name == "sum":
            out.append(sum(p[0] for p in pieces))
        elif name == "min":
            out.append(min(p[1] for p in pieces))
        else:
            out.append(max(p[2] for p in pieces))
    return out
"""


def program(source: str):
    namespace: dict = {}
    exec(compile(source, "solution", "exec"), namespace)  # our own reference code
    return namespace["range_queries"]


def family():
    return rlvr_envs.make_task(ENV).family


@st.composite
def instances(draw):
    n = draw(st.integers(1, 12))
    values = draw(st.lists(st.integers(-50, 50), min_size=n, max_size=n))
    ops = []
    for _ in range(draw(st.integers(0, 15))):
        name = draw(st.sampled_from(["sum", "min", "max", "set", "add"]))
        if name in ("set", "add"):
            ops.append([name, draw(st.integers(1, n)), draw(st.integers(-60, 60))])
        else:
            left = draw(st.integers(1, n))
            ops.append([name, left, draw(st.integers(left, n))])
    return values, ops


@settings(max_examples=200, deadline=None)
@given(instances())
def test_the_solution_agrees_with_the_reference_and_a_replay(instance):
    values, ops = instance
    expected = family().reference(values, ops)
    assert program(NAIVE)(values, ops) == expected
    assert program(BLOCKS)(values, ops) == expected
    kept = (list(values), [list(op) for op in ops])
    assert program(module.SOLUTION)(values, ops) == expected
    assert (values, ops) == kept


def test_the_solution_agrees_on_instances_the_source_family_draws():
    fam = family()
    source = fam.source_family()
    solution, naive = program(module.SOLUTION), program(NAIVE)
    rng = random.Random(5)
    for _ in range(200):
        meta = source.generate(rng, source.knobs_for(rng.random())).meta
        args = fam.arguments(meta)
        assert fam.reference(*args) == meta["answers"]
        assert solution(*args) == meta["answers"] == naive(*args)


def test_edge_and_large_inputs_keep_the_stated_limits():
    fam = family()
    rng = random.Random(3)
    for values, ops in [*fam.edge_arguments(rng), fam.large_arguments(rng, 1)]:
        n = len(values)
        current = list(values)
        for name, x, y in ops:
            assert type(x) is int and type(y) is int
            if name in ("set", "add"):
                assert 1 <= x <= n
                current[x - 1] = y if name == "set" else current[x - 1] + y
                assert abs(current[x - 1]) <= 10**9
            else:
                assert name in ("sum", "min", "max") and 1 <= x <= y <= n
        assert n <= module.LARGE_N and len(ops) <= module.LARGE_Q
    assert program(module.SOLUTION)(values, ops) == fam.reference(values, ops)


def test_the_prompt_states_the_large_sizes():
    problem = task(ENV).generate(seed=1, difficulty=1.0)
    assert "80,000" in problem.prompt and "10,000" in problem.prompt
    assert '["add", i, v]' in problem.prompt


def test_another_algorithm_scores_1_and_wrong_programs_fail():
    problem = task(ENV).generate(seed=11, difficulty=0.8, knobs={})
    assert rlvr_envs.verify(problem, code(module.SOLUTION)).correct
    assert rlvr_envs.verify(problem, code(BLOCKS)).correct
    wrong = {
        "constant": "def range_queries(values, ops):\n    return []\n",
        "echo": "def range_queries(values, ops):\n    return list(values)\n",
        "zero-based": NAIVE.replace("a[x - 1:y]", "a[x:y + 1]").replace("a[x - 1] ", "a[x] "),
        "end excluded": NAIVE.replace("a[x - 1:y]", "a[x - 1:y - 1] or [0]"),
        "set adds": NAIVE.replace("a[x - 1] = y", "a[x - 1] += y"),
        "updates ignored": NAIVE.replace("a[x - 1] = y", "pass").replace("a[x - 1] += y", "pass"),
        "min and max swapped": module.SOLUTION.replace(
            'tree = lo_tree if name == "min" else hi_tree',
            'tree = hi_tree if name == "min" else lo_tree',
        ),
    }
    small = task(ENV).generate(seed=11, difficulty=0.8, knobs={"scale": 0})
    for name, source in wrong.items():
        assert not rlvr_envs.verify(small, code(source)).correct, name


def test_the_naive_program_passes_small_tests_and_times_out_on_the_large_one():
    assert_only_the_efficient_program_finishes(ENV, NAIVE, module.SOLUTION)


def test_every_problem_tests_every_operation_even_at_difficulty_0():
    """Review: at low difficulty the source draws only sums, so a prefix-sum program that
    ignores min, max and updates scored 1. A coverage test is now always there."""
    prefix_only = (
        "def range_queries(values, ops):\n"
        "    p = [0]\n"
        "    for v in values:\n"
        "        p.append(p[-1] + v)\n"
        "    return [p[y] - p[x - 1] for _, x, y in ops]\n"
    )
    set_adds = NAIVE.replace("a[x - 1] = y", "a[x - 1] += y")
    no_updates = NAIVE.replace("a[x - 1] = y", "pass").replace("a[x - 1] += y", "pass")
    for seed in range(3):
        problem = task(ENV).generate(seed=seed, difficulty=0.0)
        assert rlvr_envs.verify(problem, code(NAIVE)).correct
        for source in (prefix_only, set_adds, no_updates):
            assert not rlvr_envs.verify(problem, code(source)).correct
    fam = family()
    for seed in range(50):  # independent oracle: the plain replay
        values, ops = fam.coverage_arguments(random.Random(seed))
        assert program(NAIVE)(values, ops) == fam.reference(values, ops)
        assert {op[0] for op in ops} == {"sum", "min", "max", "set", "add"}


# -- issue 26: "do not modify the lists you are given" is tested ---------------------------
MODIFIES = {
    "values in place": module.SOLUTION.replace("a = list(values)", "a = values"),
    "ops consumed": module.SOLUTION.replace(
        "    return answers", "    ops.clear()\n    return answers"
    ),
    "an operation changed": module.SOLUTION.replace(
        "    for name, x, y in ops:\n",
        "    for op in ops:\n        name, x, y = op\n        op[0] = op[0].upper()\n",
    ),
}


@pytest.mark.parametrize("difficulty", EVERY_DIFFICULTY)
def test_programs_that_modify_their_arguments_fail_at_every_difficulty(difficulty):
    problem = task(ENV).generate(seed=5, difficulty=difficulty)
    assert rlvr_envs.verify(problem, code(module.SOLUTION)).correct
    restores = module.SOLUTION.replace(  # changed during the call, put back before returning
        "    a = list(values)\n", "    a = list(values)\n    values.append(0)\n    values.pop()\n"
    )
    assert rlvr_envs.verify(problem, code(restores)).correct
    for name, source in MODIFIES.items():
        assert source != module.SOLUTION, name
        verdict = rlvr_envs.verify(problem, code(source))
        assert not verdict.correct and verdict.reason in ("wrong", "partial"), name
        assert "modified its arguments" in verdict.details["failure"]["error"], name
