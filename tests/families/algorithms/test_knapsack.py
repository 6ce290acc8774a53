"""What ``rlvr/Knapsack-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from tests.families.algorithms.helpers import _gen, _score

ENV = "rlvr/Knapsack-v0"


def _all_optimal(meta):
    """Every optimal item set (1-based) by brute force over all subsets."""
    w, v, cap = meta["weights"], meta["values"], meta["capacity"]
    fits = [
        (sum(v[i] for i in s), [i + 1 for i in s])
        for r in range(len(w) + 1)
        for s in itertools.combinations(range(len(w)), r)
        if sum(w[i] for i in s) <= cap
    ]
    best = max(value for value, _ in fits)
    return best, [items for value, items in fits if value == best], fits


def test_the_optimum_matches_brute_force_and_every_optimal_set_scores_one():
    for seed in range(12):
        problem = _gen(ENV, seed, items=8, max_weight=20)
        best, optimal, _ = _all_optimal(problem.meta)
        assert problem.meta["optimum"] == best
        assert int(problem.answer.split(":")[0]) == best
        for items in optimal:
            assert _score(problem, f"{best}: " + ", ".join(map(str, items))).reward == 1.0
            assert _score(problem, f"value = {best}; [{' '.join(map(str, items))}]").reward == 1


def test_non_optimal_over_capacity_and_malformed_sets_fail():
    problem = _gen(ENV, 3, items=8, max_weight=20)
    best, _, fits = _all_optimal(problem.meta)
    worse = max((f for f in fits if f[0] < best), key=lambda f: f[0])
    verdict = _score(problem, f"{worse[0]}: " + ", ".join(map(str, worse[1])))
    assert verdict.reward == 0.0 and 0 < verdict.score < 1
    # the optimum's value with a worse set, everything packed, duplicates, unknown items
    assert _score(problem, f"{best}: " + ", ".join(map(str, worse[1]))).reward == 0.0
    assert _score(problem, f"{best}: " + ", ".join(map(str, range(1, 9)))).reward == 0.0
    items = problem.answer.split(": ")[1]
    assert _score(problem, f"{best}: {items}, {items.split(', ')[0]}").reward == 0.0
    assert _score(problem, f"{best}: {items}, 9").reward == 0.0
    assert _score(problem, f"{best}: 0, {items}").reward == 0.0
    for bad in ("0", "1", "none", "-1", f"{best}", f"{best} or {best + 1}: 1", f"{best}: 1 2 x"):
        assert _score(problem, bad).reward == 0.0
    assert _score(problem, f"{problem.answer} (items)").reason == "unparsable"


def test_greedy_fails_at_difficulty_one():
    for seed in range(10):
        meta = _gen(ENV, seed, difficulty=1.0).meta
        assert meta["greedy"] < meta["optimum"] and len(meta["weights"]) == 25


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), difficulty=st.floats(0, 1))
def test_oracle_right_and_a_dropped_item_loses(seed, difficulty):
    problem = _gen(ENV, seed, difficulty)
    assert _score(problem, problem.answer).reward == 1.0
    value, items = problem.answer.split(": ")
    kept = items.split(", ")[1:]
    assert _score(problem, f"{value}: {', '.join(kept)}").reward == 0.0


def test_labelled_answers_score_one_and_hostile_numbers_do_not_raise():
    problem = _gen(ENV, 1, difficulty=0.3)
    value, items = problem.answer.split(": ")
    for text in (
        f"Value: {value}; items: {items}",
        f"the maximum value is {value}; items {items}",
        f"{value}: {items.replace(', ', ' and ')}.",
        f"{value} : {{{items}}}",
    ):
        assert _score(problem, text).reward == 1.0, text
    family = rlvr_envs.make_task(ENV).family
    for text in ("9" * 5000, f"{value}: {'9' * 5000}", f"{'9' * 900}: 1", f"{value}: 1,,"):
        assert not family.check(problem, text).correct


def test_reference_matches_a_search_on_the_prompt_text_and_labels_are_read():
    import re

    for difficulty in (0.0, 0.5, 1.0):
        for seed in range(20):
            problem = _gen(ENV, seed, difficulty=difficulty)
            capacity = int(re.search(r"at most (\d+)", problem.prompt)[1])
            items = [
                tuple(map(int, m)) for m in re.findall(r"weight (\d+), value (\d+)", problem.prompt)
            ]
            best = {0: 0}  # weight -> best value, own sparse table
            for w, v in items:
                for used, value in list(best.items()):
                    if used + w <= capacity and best.get(used + w, -1) < value + v:
                        best[used + w] = value + v
            assert int(problem.answer.split(":")[0]) == max(best.values())
    value, chosen = problem.answer.split(": ")
    assert _score(problem, f"{value}: item numbers {chosen}").reward == 1
    assert _score(problem, f"{value}: {chosen}, 0x1").reward == 0
