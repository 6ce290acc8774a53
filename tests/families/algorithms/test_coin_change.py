"""What ``rlvr/CoinChange-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from tests.families.algorithms.helpers import _gen, _score

ENV = "rlvr/CoinChange-v0"


def _bfs_fewest(denoms, amount):
    """Fewest coins by breadth-first search over partial sums (own implementation)."""
    frontier, seen, depth = {0}, {0}, 0
    while frontier:
        if amount in frontier:
            return depth
        frontier = {s + d for s in frontier for d in denoms if s + d <= amount} - seen
        seen |= frontier
        depth += 1
    return None


def test_the_optimum_matches_an_independent_search():
    for seed in range(40):
        problem = _gen(ENV, seed, difficulty=0.8)
        meta = problem.meta
        assert _bfs_fewest(meta["denominations"], meta["amount"]) == meta["optimum"]


def test_other_optimal_multisets_and_groupings_score_one():
    problem = _gen(ENV, 0, denominations=3, max_amount=60)
    meta = problem.meta
    count, coins = problem.answer.split(" coins: ")
    coins = [int(c) for c in coins.split(", ")]
    assert _score(problem, f"{count} coins: " + ", ".join(map(str, coins[::-1]))).reward == 1
    assert _score(problem, f"{count}: " + " + ".join(map(str, coins))).reward == 1
    grouped = ", ".join(f"{coins.count(c)}x{c}" for c in sorted(set(coins)))
    assert _score(problem, f"{count} coins: {grouped}").reward == 1.0
    assert _score(problem, f"{count} coins: [{grouped.replace('x', ' × ')}]").reward == 1.0
    assert meta["optimum"] == int(count)


def test_non_optimal_wrong_sum_foreign_coins_and_constants_fail():
    problem = _gen(ENV, 5, difficulty=1.0)
    meta = problem.meta
    denoms, amount, best = meta["denominations"], meta["amount"], meta["optimum"]
    count, coins = problem.answer.split(" coins: ")
    # a valid but longer multiset: split one coin when another path exists
    longer = _longer(denoms, amount, best)
    verdict = _score(problem, f"{len(longer)} coins: " + ", ".join(map(str, longer)))
    assert verdict.reward == 0.0 and 0 < verdict.score < 1
    assert _score(problem, f"{best} coins: {coins}, {denoms[0]}").reward == 0.0  # sum
    assert _score(problem, f"{int(count) + 1} coins: {coins}").reward == 0.0  # miscount
    assert _score(problem, f"2 coins: {amount - 1}, 1").reward == 0.0  # not denominations
    for bad in (
        "0",
        "1",
        "-1",
        "none",
        "impossible",
        "impossible; gcd 2",
        count,
        f"{count} or {best + 1} coins: {coins}",
        f"{problem.answer} probably",
    ):
        assert _score(problem, bad).reward == 0.0, bad


def _longer(denoms, amount, best):
    """A multiset making amount with more than best coins (BFS layer by layer)."""
    paths = {0: []}
    for _ in range(best + 3):
        nxt = {}
        for s, path in paths.items():
            for d in denoms:
                if s + d <= amount:
                    nxt.setdefault(s + d, [*path, d])
        paths = nxt
        if amount in paths and len(paths[amount]) > best:
            return paths[amount]
    raise AssertionError("no longer multiset")


def test_impossible_needs_a_checkable_gcd():
    found = [p for p in (_gen(ENV, s, difficulty=0.5) for s in range(400))
             if p.meta["optimum"] is None]  # fmt: skip
    assert 0 < len(found) <= 40  # rare
    for problem in found:
        denoms, amount = problem.meta["denominations"], problem.meta["amount"]
        g = math.gcd(*denoms)
        assert g > 1 and amount % g and _bfs_fewest(denoms, amount) is None
        assert _score(problem, f"impossible; gcd {g}").reward == 1.0
        assert _score(problem, f"Impossible (gcd = {g})").reward == 1.0
        assert _score(problem, "impossible").reward == 0.0
        assert _score(problem, "impossible; gcd 1").reward == 0.0
        assert _score(problem, f"impossible; gcd {g * 7 + 1}").reward == 0.0
    possible = _gen(ENV, 1, difficulty=0.5)
    assert possible.meta["optimum"] is not None
    for g in range(1, 12):
        assert _score(possible, f"impossible; gcd {g}").reward == 0.0


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_oracle_right_and_dropping_a_coin_fails(seed, difficulty):
    problem = _gen(ENV, seed, difficulty)
    assert _score(problem, problem.answer).reward == 1.0
    if problem.meta["optimum"] is not None:
        count, coins = problem.answer.split(" coins: ")
        rest = ", ".join(coins.split(", ")[1:])
        assert _score(problem, f"{int(count) - 1} coins: {rest}").reward == 0.0
    if problem.knobs["greedy_fails"]:
        from rlvr_envs.families.algorithms.coin_change import greedy

        meta = problem.meta
        if meta["optimum"] is not None:
            assert greedy(meta["denominations"], meta["amount"]) != meta["optimum"]


def test_written_differently_scores_one_and_hostile_numbers_do_not_raise():
    problem = _gen(ENV, 3, difficulty=0.6)
    count, coins = problem.answer.split(" coins: ")
    for text in (
        f"{count}coins: {coins}",
        f"Minimum {count} coins; {coins}",
        f"{count} coin: {coins}",
    ):
        assert _score(problem, text).reward == 1.0, text
    family = rlvr_envs.make_task(ENV).family
    for text in (
        "9" * 5000,
        f"5 coins: {'9' * 5000}x3",
        f"5 coins: 3x{'9' * 5000}",
        "impossible; gcd " + "9" * 5000,
        f"{count} coins: {coins} = {problem.meta['amount']}",
    ):
        assert not family.check(problem, text).correct


def _from_prompt(prompt):
    """Denominations and amount read back from the prompt text (not from meta)."""
    import re

    denoms = [int(x) for x in re.search(r"denominations ([\d, ]+), with", prompt)[1].split(",")]
    return denoms, int(re.search(r"exactly (\d+)\?", prompt)[1])


def test_tiny_amounts_with_many_denominations_generate_consistently():
    # Review bug: with small max_amount the retry loop fell through and crashed
    # (UnboundLocalError) or kept the optimum of an earlier draw.
    for seed in range(400):
        knobs = {"denominations": 4 + seed % 7, "max_amount": 10 + seed % 6}
        knobs["greedy_fails"] = seed % 2 == 0
        problem = _gen(ENV, seed, **knobs)
        denoms, amount = _from_prompt(problem.prompt)
        best = _bfs_fewest(denoms, amount)
        if best is None:
            assert problem.answer.startswith("impossible")
        else:
            assert problem.answer.startswith(f"{best} coins: ")
        assert _score(problem, problem.answer).reward == 1


def test_reference_matches_a_search_on_the_prompt_text():
    for difficulty in (0.0, 0.5, 1.0):
        for seed in range(25):
            problem = _gen(ENV, seed, difficulty=difficulty)
            best = _bfs_fewest(*_from_prompt(problem.prompt))
            if best is None:
                assert problem.answer.startswith("impossible")
            else:
                assert problem.answer.startswith(f"{best} coins: ")


def test_zero_count_groups_are_not_coins():
    # Review bug: "0x7" was read as no coins, so any garbage value rode along for free.
    problem = _gen(ENV, 2, difficulty=0.5)
    assert _score(problem, problem.answer).reward == 1
    for extra in (", 0x7", ", 0x" + problem.answer.split(": ")[1].split(", ")[0], " + 0 x 999"):
        assert _score(problem, problem.answer + extra).reward == 0
