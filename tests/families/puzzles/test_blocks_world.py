"""What ``rlvr/BlocksWorld-v0`` must do beyond the generic family contract.

Plans here come from a model written in this file (a dict of what each block stands on,
searched with plain breadth-first search over every legal move), independent of the
family's pruned search and of its checker.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.families.puzzles.helpers import PERTURB, SEED, _gen, _score

ENV = "rlvr/BlocksWorld-v0"


def _on(stacks):
    return {b: (s[i - 1] if i else "table") for s in stacks for i, b in enumerate(s)}


def _legal(on):
    clear = [b for b in on if b not in on.values()]
    for b in clear:
        for d in [*clear, "table"]:
            if d != b and on[b] != d:
                yield b, d


def _do(on, b, d):
    new = dict(on)
    new[b] = d
    return new


def _key(on):
    return tuple(sorted(on.items()))


def _all_shortest(meta, count=5):
    """Up to ``count`` shortest plans by plain BFS over every legal move."""
    start, goal = _on(meta["start"]), _key(_on(meta["goal"]))
    layer, seen = {_key(start): (start, [[]])}, {_key(start)}
    while goal not in layer:
        nxt = {}
        for on, plans in layer.values():
            for b, d in _legal(on):
                after = _do(on, b, d)
                key = _key(after)
                if key in seen and key not in nxt:
                    continue
                seen.add(key)
                entry = nxt.setdefault(key, (after, []))
                entry[1].extend([*p, (b, d)] for p in plans[:count] if len(entry[1]) < count)
        layer = nxt
    return layer[goal][1]


def _text(plan):
    return "; ".join(f"move {b} onto {d}" for b, d in plan)


def _valid(meta, plan):
    on = _on(meta["start"])
    letters = set(on)
    for b, d in plan:
        if b not in letters or (d != "table" and d not in letters):
            return False
        clear = {x for x in on if x not in on.values()}
        if b == d or b not in clear or (d != "table" and d not in clear):
            return False
        on = _do(on, b, d)
    if on != _on(meta["goal"]):
        return False
    return not meta["optimal"] or len(plan) <= meta["fewest"]


@pytest.mark.parametrize("blocks", [3, 4, 5, 6])
def test_the_fewest_moves_match_plain_bfs_and_every_shortest_plan_scores_one(blocks):
    for seed in range(4):
        problem = _gen(ENV, seed, blocks=blocks, optimal=True)
        plans = _all_shortest(problem.meta)
        assert {len(p) for p in plans} == {problem.meta["fewest"]}
        for plan in plans:
            assert _score(problem, _text(plan)).reward == 1.0, plan


def test_the_naive_plan_scores_one_unless_the_fewest_moves_are_asked():
    for seed in range(8):
        problem = _gen(ENV, seed, blocks=6, optimal=False)
        meta = problem.meta
        # Unstack everything onto the table, then build every goal stack from the bottom.
        plan = [(s[i], "table") for s in meta["start"] for i in range(len(s) - 1, 0, -1)]
        plan += [(s[i], s[i - 1]) for s in meta["goal"] for i in range(1, len(s))]
        assert _score(problem, _text(plan)).reward == 1.0
        strict = dataclasses.replace(problem, meta={**meta, "optimal": True})
        verdict = _score(strict, _text(plan))
        if len(plan) > meta["fewest"]:
            assert verdict.reward == 0.0
            assert verdict.score == pytest.approx(meta["fewest"] / len(plan))


def test_random_walks_that_end_in_the_goal_score_one():
    rng = random.Random(1)
    problem = _gen(ENV, 11, blocks=4, optimal=False)
    meta = problem.meta
    for _ in range(5):
        on, plan = _on(meta["start"]), []
        for _ in range(8):
            b, d = rng.choice(list(_legal(on)))
            on = _do(on, b, d)
            plan.append((b, d))
        # From there, the naive way to the goal.
        stacks = _stacks(on)
        plan += [(s[i], "table") for s in stacks for i in range(len(s) - 1, 0, -1)]
        plan += [(s[i], s[i - 1]) for s in meta["goal"] for i in range(1, len(s))]
        assert _score(problem, _text(plan)).reward == 1.0


def _stacks(on):
    above = {d: b for b, d in on.items() if d != "table"}
    out = []
    for b in sorted(x for x, d in on.items() if d == "table"):
        stack = [b]
        while stack[-1] in above:
            stack.append(above[stack[-1]])
        out.append(stack)
    return out


def test_illegal_moves_fail_with_reasons():
    problem = _gen(ENV, 5, blocks=5)
    meta = problem.meta
    covered = next(s[0] for s in meta["start"] + [[None]] if len(s) > 1)
    if covered:
        assert "on top of it" in _score(problem, f"move {covered} onto table").details["why"]
    top = next(s[-1] for s in meta["start"])
    assert "onto itself" in _score(problem, f"move {top} onto {top}").details["why"]
    assert "no block" in _score(problem, f"move Z onto {top}").details["why"]
    steps = problem.answer.split("; ")
    assert _score(problem, "; ".join(steps[:-1])).reason == "wrong"
    assert _score(problem, "move the big block").reason == "unparsable"
    assert _score(problem, problem.answer + "; fly away").reason == "unparsable"
    assert _score(problem, "; ".join(["move A onto table"] * 201)).reason == "unparsable"


def test_syntax_variants_are_accepted():
    problem = _gen(ENV, 6, blocks=5)
    steps = problem.answer.split("; ")
    assert _score(problem, "\n".join(f"{k}. {s}" for k, s in enumerate(steps, 1))).reward == 1
    assert _score(problem, ", ".join(s.lower() for s in steps)).reward == 1.0
    short = "; ".join(s.replace("move ", "").replace("onto", "on") for s in steps)
    assert _score(problem, short).reward == 1.0
    assert _score(problem, problem.answer.replace("onto table", "onto the table")).reward == 1


@PERTURB
@given(seed=SEED, data=st.data())
def test_perturbed_plans_score_as_the_independent_simulation_says(seed, data):
    problem = _gen(ENV, seed, blocks=data.draw(st.integers(3, 7)), optimal=data.draw(st.booleans()))
    plan = [tuple(s.split()[1::2]) for s in problem.answer.split("; ")]
    letters = sorted(_on(problem.meta["start"]))
    move = st.tuples(st.sampled_from(letters), st.sampled_from([*letters, "table"]))
    kind = data.draw(st.sampled_from(["drop", "swap", "replace", "insert"]))
    i = data.draw(st.integers(0, len(plan) - 1))
    if kind == "drop":
        del plan[i]
    elif kind == "swap":
        j = data.draw(st.integers(0, len(plan) - 1))
        plan[i], plan[j] = plan[j], plan[i]
    elif kind == "replace":
        plan[i] = data.draw(move)
    else:
        plan.insert(i, data.draw(move))
    verdict = _score(problem, _text(plan))
    assert (verdict.reward == 1.0) == _valid(problem.meta, plan), plan
