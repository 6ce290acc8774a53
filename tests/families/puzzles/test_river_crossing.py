"""What ``rlvr/RiverCrossing-v0`` must do beyond the generic family contract.

The plans here come from a small simulator written in this file (sets of names on each
bank), not from the family's checker: random legal walks to the goal, and every shortest
plan up to a few.
"""

from __future__ import annotations

import dataclasses
import itertools
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.families.puzzles.helpers import PERTURB, SEED, _gen, _score

ENV = "rlvr/RiverCrossing-v0"


# -- an independent model of the two puzzles ------------------------------------------------
def _items_world(meta):
    names = meta["items"]
    pairs = [(names[i], names[j]) for i, j in meta["conflicts"]]
    cap = meta["capacity"]

    def legal(state):  # state: (frozenset on the left bank, farmer on the right?)
        left, farmer_right = state
        here = set(names) - left if farmer_right else set(left)
        out = []
        for k in range(cap + 1):
            for load in itertools.combinations(sorted(here), k):
                behind = here - set(load)
                if any(a in behind and b in behind for a, b in pairs):
                    continue
                new_left = left | set(load) if farmer_right else left - set(load)
                after = (frozenset(new_left), not farmer_right)
                out.append((" and ".join(load) or "nothing", after))
        return out

    return (frozenset(names), False), legal, (frozenset(), True)


def _groups_world(meta):
    (m, c), cap, (l1, l2) = meta["counts"], meta["capacity"], meta["letters"]

    def ok(a, b):
        return a == 0 or a >= b

    def legal(state):
        lm, lc, boat_right = state
        out = []
        for a in range(cap + 1):
            for b in range(cap + 1 - a):
                if a + b == 0:
                    continue
                sign = 1 if boat_right else -1
                nm, nc = lm + sign * a, lc + sign * b
                if 0 <= nm <= m and 0 <= nc <= c and ok(nm, nc) and ok(m - nm, c - nc):
                    text = " ".join(f"{n}{x}" for n, x in ((a, l1), (b, l2)) if n)
                    out.append((text, (nm, nc, not boat_right)))
        return out

    return (m, c, False), legal, (0, 0, True)


def _world(meta):
    return _items_world(meta) if meta["variant"] == "items" else _groups_world(meta)


def _random_plan(meta, rng, limit=400):
    start, legal, goal = _world(meta)
    state, plan = start, []
    while state != goal and len(plan) < limit:
        text, state = rng.choice(legal(state))
        plan.append(text)
    return plan if state == goal else None


def _shortest_plans(meta, count=4):
    start, legal, goal = _world(meta)
    layer, dist = {start: [[]]}, {start: 0}
    while goal not in layer:
        nxt = {}
        for state, plans in layer.items():
            for text, after in legal(state):
                if after in dist and dist[after] <= dist[state]:
                    continue
                dist[after] = dist[state] + 1
                nxt.setdefault(after, []).extend([*p, text] for p in plans[:count])
        layer = nxt
    return layer[goal][:count]


def _key(text):
    return frozenset(text.split()) - {"and"}


def _valid(meta, steps):
    """Simulate written steps (in the reference's canonical form) with the test's model."""
    state, legal, goal = _world(meta)
    for text in steps:
        options = {_key(label): after for label, after in legal(state)}
        if _key(text) not in options:
            return False
        state = options[_key(text)]
    return state == goal and (not meta["shortest"] or len(steps) <= meta["best"])


# -- tests ----------------------------------------------------------------------------------
@pytest.mark.parametrize("variant", ["items", "groups"])
@pytest.mark.parametrize("size", [3, 4, 5, 6])
def test_every_shortest_plan_scores_one_and_its_length_is_optimal(variant, size):
    for seed in range(3):
        problem = _gen(ENV, seed, variant=variant, size=size, shortest=True)
        plans = _shortest_plans(problem.meta)
        assert all(len(p) == problem.meta["best"] for p in plans)
        for plan in plans:
            assert _score(problem, "; ".join(plan)).reward == 1.0, plan


@pytest.mark.parametrize("variant", ["items", "groups"])
def test_long_random_plans_score_one_unless_the_shortest_is_asked(variant):
    rng = random.Random(0)
    for seed in range(6):
        problem = _gen(ENV, seed, variant=variant, size=4, shortest=False)
        plan = _random_plan(problem.meta, rng)
        assert plan is not None
        assert _score(problem, "\n".join(plan)).reward == 1.0
        strict = dataclasses.replace(problem, meta={**problem.meta, "shortest": True})
        verdict = _score(strict, "; ".join(plan))
        if len(plan) > strict.meta["best"]:
            assert verdict.reward == 0.0 and verdict.score == pytest.approx(
                strict.meta["best"] / len(plan)
            )


def test_the_classic_puzzle_has_seven_crossings_and_conflicts_are_enforced():
    problem = _gen(ENV, 1, variant="items", size=3)
    meta = problem.meta
    assert meta["best"] == 7 and meta["capacity"] == 1
    names = meta["items"]
    i, j = meta["conflicts"][0]
    other = next(k for k in range(3) if k not in (i, j))
    verdict = _score(problem, names[other])  # leaves the pair i, j alone on the left bank
    assert verdict.reason == "wrong" and "alone" in verdict.details["why"]


def test_invalid_plans_fail_with_reasons():
    problem = _gen(ENV, 2, variant="items", size=4)
    meta = problem.meta
    steps = problem.answer.split("; ")
    names = meta["items"]
    too_many = " and ".join(names[: meta["capacity"] + 1])
    assert "boat holds" in _score(problem, too_many).details["why"]
    assert _score(problem, "; ".join(steps[:-1])).reason == "wrong"  # incomplete
    assert _score(problem, "; ".join([*steps, "nothing"])).reason == "wrong"  # ends on the left
    assert _score(problem, "; ".join(["dragon", *steps[1:]])).reason == "unparsable"
    assert _score(problem, "nothing; " + problem.answer).reason == "wrong"  # wrong bank
    assert _score(problem, "").reason in ("unparsable", "no_answer")
    # A thing named twice, a thing not on the farmer's bank.
    twice = f"{names[0]} and {names[0]}"
    assert _score(problem, twice).reason == "wrong"
    assert _score(problem, f"{steps[0]}; {steps[0]}").reason == "wrong"


def test_groups_rules_are_enforced():
    problem = next(
        p
        for seed in range(50)
        if (p := _gen(ENV, seed, variant="groups", size=4)).meta["counts"] == [4, 4]
    )
    (l1, l2), cap = problem.meta["letters"], problem.meta["capacity"]
    assert "outnumber" in _score(problem, f"1{l1}").details["why"]
    assert "carries" in _score(problem, f"{cap + 1}{l2}").details["why"]
    assert "carries" in _score(problem, f"0{l1}").details["why"]
    assert _score(problem, "1X").reason == "unparsable"
    assert _score(problem, "; ".join(problem.answer.split("; ")[:-1])).reason == "wrong"


def test_syntax_variants_are_accepted():
    problem = _gen(ENV, 4, variant="items", size=3)
    steps = problem.answer.split("; ")
    numbered = "\n".join(f"{k}. {s.upper()}" for k, s in enumerate(steps, 1))
    assert _score(problem, numbered).reward == 1.0
    alone = "; ".join("alone" if s == "nothing" else "the " + s for s in steps)
    assert _score(problem, alone).reward == 1.0
    groups = _gen(ENV, 4, variant="groups", size=3)
    _, l2 = groups.meta["letters"]
    spelled = groups.answer.replace(f"2{l2}", l2 + l2).replace(" ", " + ").lower()
    assert _score(groups, spelled).reward == 1.0


@PERTURB
@given(seed=SEED, data=st.data())
def test_perturbed_plans_score_as_the_independent_simulation_says(seed, data):
    variant = data.draw(st.sampled_from(["items", "groups"]))
    problem = _gen(ENV, seed, variant=variant, size=data.draw(st.integers(3, 5)),
                   shortest=data.draw(st.booleans()))  # fmt: skip
    steps = problem.answer.split("; ")
    _, legal, _ = _world(problem.meta)
    start = _world(problem.meta)[0]
    vocabulary = sorted({text for text, _ in legal(start)} | set(steps))
    kind = data.draw(st.sampled_from(["drop", "swap", "replace", "insert"]))
    i = data.draw(st.integers(0, len(steps) - 1))
    if kind == "drop":
        steps = steps[:i] + steps[i + 1 :]
    elif kind == "swap":
        j = data.draw(st.integers(0, len(steps) - 1))
        steps[i], steps[j] = steps[j], steps[i]
    elif kind == "replace":
        steps[i] = data.draw(st.sampled_from(vocabulary))
    else:
        steps.insert(i, data.draw(st.sampled_from(vocabulary)))
    verdict = _score(problem, "; ".join(steps) if steps else "nothing")
    assert (verdict.reward == 1.0) == _valid(problem.meta, steps or ["nothing"])
