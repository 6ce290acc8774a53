"""What ``rlvr/MatrixChainOrder-v0`` must do beyond the generic family contract."""

from __future__ import annotations

from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from tests.families.algorithms.helpers import _gen, _score

ENV = "rlvr/MatrixChainOrder-v0"


def _all_orders(dims):
    """(cost, text) of every full parenthesisation of A1..An, by enumeration of trees."""

    @cache
    def orders(i, j):
        if i == j:
            return ((0, f"A{i}"),)
        out = []
        for k in range(i, j):
            for c1, t1 in orders(i, k):
                for c2, t2 in orders(k + 1, j):
                    out.append((c1 + c2 + dims[i - 1] * dims[k] * dims[j], f"({t1}{t2})"))
        return tuple(out)

    return orders(1, len(dims) - 1)


def test_the_optimum_matches_enumeration_and_every_optimal_order_scores_one():
    for seed in range(15):
        problem = _gen(ENV, seed, matrices=6, max_dim=12)
        orders = _all_orders(problem.meta["dims"])
        best = min(c for c, _ in orders)
        assert problem.meta["optimum"] == best
        for cost, text in orders:
            verdict = _score(problem, f"{cost}: {text}")
            assert verdict.reward == (1.0 if cost == best else 0.0)
            if cost > best:
                assert verdict.score == best / cost


def test_written_differently_still_scores_one():
    problem = _gen(ENV, 2, matrices=4, max_dim=20)
    cost, text = problem.answer.split(": ")
    spaced = text.replace("A", " A").replace(")", " )")
    assert _score(problem, f"{cost}: {text[1:-1]}").reward == 1.0  # outer brackets dropped
    assert _score(problem, f"cost = {cost}; {spaced}").reward == 1.0
    assert _score(problem, f"{cost}: {text.replace('A', 'A_')}").reward == 1.0
    assert _score(problem, f"{int(cost):,}: {text.replace('A', 'a')}").reward == 1.0


def test_malformed_misordered_and_wrong_costs_fail():
    problem = _gen(ENV, 4, matrices=4, max_dim=20)
    cost, text = problem.answer.split(": ")
    bad = [
        f"{cost}: A1A2A3A4",  # not parenthesised
        f"{cost}: (A1A2A3)A4",
        f"{cost}: ((A2A1)(A3A4))",  # order
        f"{cost}: ((A1A2)A3)",  # missing
        f"{cost}: (((A1A2)A3)A5)",  # unknown
        f"{cost}: {text})",
        f"{int(cost) + 1}: {text}",
        f"{cost}",
        f"{cost} or {int(cost) + 1}: {text}",
        f"{cost}: {text} (A1)",
        "0", "1", "-1", "none", text,
    ]  # fmt: skip
    for answer in bad:
        assert _score(problem, answer).reward == 0.0, answer
    deep = "(" * 4000 + "A1" + ")" * 4000
    assert _score(problem, f"{cost}: {deep}").reward == 0.0


def test_difficulty_one_defeats_sequential_orders():
    for seed in range(10):
        meta = _gen(ENV, seed, difficulty=1.0).meta
        assert meta["naive"] > meta["optimum"] and len(meta["dims"]) == 13


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_oracle_right_and_left_to_right_scores_by_its_cost(seed, difficulty):
    problem = _gen(ENV, seed, difficulty)
    assert _score(problem, problem.answer).reward == 1.0
    dims = problem.meta["dims"]
    n = len(dims) - 1
    text, cost = "A1", 0
    for k in range(2, n + 1):
        text, cost = f"({text}A{k})", cost + dims[0] * dims[k - 1] * dims[k]
    verdict = _score(problem, f"{cost}: {text}")
    assert (verdict.reward == 1.0) == (cost == problem.meta["optimum"])


def test_hostile_numbers_and_nesting_do_not_raise():
    problem = _gen(ENV, 1, difficulty=0.5)
    family = rlvr_envs.make_task(ENV).family
    for text in (
        "9" * 5000,
        f"5: (A{'9' * 5000}A2)",
        "5: " + "(" * 3000 + "A1",
        "5: " + "(A1A2)" * 1000,
        "5: ()",
        "5: )(",
        ":",
        "5:",
    ):
        assert not family.check(problem, text).correct


def test_operators_only_between_two_factors():
    # Review bug: "*", "x" and "." were skipped anywhere, so garbage such as
    # "*((A1A2)A3)*" or a trailing ".x.x" scored 1.
    problem = _gen(ENV, 4, difficulty=0.5)
    cost, order = problem.answer.split(": ")
    assert _score(problem, problem.answer).reward == 1
    assert _score(problem, f"{cost}: {order.replace(')A', ') * A')}").reward == 1
    assert _score(problem, f"{cost}: {order}.").reward == 1
    assert _score(problem, f"{cost} scalar multiplications: {order}").reward == 1
    for bad in (
        f"*{order}*",
        f"{order}....",
        f"{order}.x.x",
        f"{order} *",
        f"(*{order})",
        order.replace("A2", "A2 * *", 1),
    ):
        assert _score(problem, f"{cost}: {bad}").reward == 0, bad


def test_reference_matches_enumeration_on_the_prompt_text():
    import functools
    import re

    for difficulty in (0.0, 0.5, 1.0):
        for seed in range(20):
            problem = _gen(ENV, seed, difficulty=difficulty)
            shapes = [
                tuple(map(int, m)) for m in re.findall(r"A\d+: (\d+) x (\d+)", problem.prompt)
            ]
            dims = [shapes[0][0]] + [b for _, b in shapes]

            @functools.cache
            def least(i, j, dims=tuple(dims)):
                if i == j:
                    return 0
                return min(
                    least(i, k) + least(k + 1, j) + dims[i] * dims[k + 1] * dims[j + 1]
                    for k in range(i, j)
                )

            assert int(problem.answer.split(":")[0]) == least(0, len(shapes) - 1)
