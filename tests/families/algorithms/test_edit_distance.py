"""What ``rlvr/EditDistance-v0`` must do beyond the generic family contract."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.algorithms.helpers import _gen, _score

ENV = "rlvr/EditDistance-v0"


def _cost(s, t, ins, dele, rep):
    """Least cost by memoised recursion over suffixes (rep None: no replacements)."""

    @cache
    def go(i, j):
        if i == len(s):
            return (len(t) - j) * ins
        if j == len(t):
            return (len(s) - i) * dele
        if s[i] == t[j]:
            return go(i + 1, j + 1)
        options = [dele + go(i + 1, j), ins + go(i, j + 1)]
        if rep is not None:
            options.append(rep + go(i + 1, j + 1))
        return min(options)

    return go(0, 0)


def _left_to_right(s, t, ins, dele, rep):
    """An optimal script written from the start of the string, positions shifting."""

    @cache
    def go(i, j):
        return _cost(s[i:], t[j:], ins, dele, rep)

    ops, i, j, pos = [], 0, 0, 1  # pos: 1-based position in the current string
    while i < len(s) or j < len(t):
        here = go(i, j)
        if i < len(s) and j < len(t) and s[i] == t[j] and here == go(i + 1, j + 1):
            i, j, pos = i + 1, j + 1, pos + 1
        elif i < len(s) and j < len(t) and rep is not None and here == rep + go(i + 1, j + 1):
            ops.append(f"replace {pos} {s[i]} -> {t[j]}")
            i, j, pos = i + 1, j + 1, pos + 1
        elif i < len(s) and here == dele + go(i + 1, j):
            ops.append(f"delete {pos}")
            i += 1
        else:
            ops.append(f"insert {pos} {t[j]}")
            j, pos = j + 1, pos + 1
    return ops


def _prices(meta):
    ins, dele, rep = meta["prices"]
    return ins, dele, (rep or None)


def _label(meta):
    return "cost" if meta["costs"] == "weighted" else "distance"


@pytest.mark.parametrize("costs", ["unit", "indel", "weighted"])
def test_the_distance_matches_a_recursive_reference_and_other_scripts_score_one(costs):
    for seed in range(10):
        problem = _gen(ENV, seed, length=7, edits=3, costs=costs)
        meta = problem.meta
        best = _cost(meta["source"], meta["target"], *_prices(meta))
        assert meta["best"] == best > 0
        assert _score(problem, problem.answer).reward == 1.0
        ops = _left_to_right(meta["source"], meta["target"], *_prices(meta))
        text = f"{_label(meta)} {best}\n" + "\n".join(ops)
        assert _score(problem, text).reward == 1.0, text


def test_indel_distance_is_lengths_minus_twice_the_lcs():
    for seed in range(10):
        meta = _gen(ENV, seed, costs="indel").meta
        s, t = meta["source"], meta["target"]
        table = [[0] * (len(t) + 1) for _ in range(len(s) + 1)]
        for i, x in enumerate(s):
            for j, y in enumerate(t):
                table[i + 1][j + 1] = (
                    table[i][j] + 1 if x == y else max(table[i][j + 1], table[i + 1][j])
                )
        assert meta["best"] == len(s) + len(t) - 2 * table[-1][-1]


def test_wasteful_and_invalid_scripts():
    problem = _gen(ENV, 2, length=8, edits=3, costs="unit")
    meta = problem.meta
    s, t, best = meta["source"], meta["target"], meta["best"]
    wasteful = [f"delete {len(s) - k}" for k in range(len(s))]
    wasteful += [f"insert {k + 1} {c}" for k, c in enumerate(t)]
    cost = len(s) + len(t)
    verdict = _score(problem, f"distance {cost}; " + "; ".join(wasteful))
    assert verdict.reward == 0.0 and verdict.score == pytest.approx(best / cost)
    ops = problem.answer.split("; ")[1:]
    bad = [
        f"distance {best - 1}; " + "; ".join(ops),  # miscounted
        f"distance {best + 1}; " + "; ".join(ops),
        f"distance {best}; " + "; ".join(ops[:-1]) if len(ops) > 1 else "distance 0; delete 1",
        f"distance {best}; " + "; ".join(["delete 99", *ops[1:]]),
        f"distance {best}; " + "; ".join(["delete 0", *ops[1:]]),
        f"distance {best}; insert {len(s) + 2} a",
        f"distance {best}; replace 1 {s[0]}->{s[0]}",
        f"distance {best}",
        str(best),
        "0",
        "none",
        f"distance {best}; {s}",
        f"distance {best}; {t}",
        problem.answer + " or " + problem.answer,
    ]
    for text in bad:
        assert _score(problem, text).reward == 0.0, text
    wrong_letter = "x" if s[0] != "x" else "y"
    other = "z" if s[0] != "z" else "w"
    assert _score(problem, f"distance 1; replace 1 {wrong_letter}->{other}").reward == 0.0
    assert _score(problem, f"distance 1; delete 1 {wrong_letter}").reward == 0.0


def test_replacements_are_refused_where_only_insertions_and_deletions_count():
    problem = _gen(ENV, 3, length=6, edits=2, costs="indel")
    s = problem.meta["source"]
    other = "z" if s[0] != "z" else "y"
    verdict = _score(problem, f"distance 1; replace 1 {s[0]}->{other}")
    assert verdict.reward == 0.0


def test_reasonable_spellings_score_one():
    problem = _gen(ENV, 6, length=8, edits=3, costs="unit")
    _head, *ops = problem.answer.split("; ")
    best = problem.meta["best"]
    spaced = [op.replace("->", " -> ") for op in ops]
    for text in [
        f"Distance: {best}; " + "; ".join(spaced) + ";",
        f"distance = {best}\n" + "\n".join(op.upper() for op in ops),
        f"{best}; " + " ; ".join(ops),
        f"distance {best}; " + "; ".join(op.replace("->", " with ") for op in ops) + ".",
        f"distance is {best}; " + "; ".join(op.replace("->", " to ") for op in ops),
    ]:
        assert _score(problem, text).reward == 1.0, text


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.floats(0, 1))
def test_oracle_right_and_a_miscount_wrong(seed, difficulty):
    problem = _gen(ENV, seed, difficulty)
    meta = problem.meta
    assert _score(problem, problem.answer).reward == 1.0
    if len(meta["source"]) <= 10 and len(meta["target"]) <= 10:
        assert meta["best"] == _cost(meta["source"], meta["target"], *_prices(meta))
    ops = problem.answer.split("; ")[1:]
    label = _label(meta)
    assert _score(problem, f"{label} {meta['best'] + 1}; " + "; ".join(ops)).reward == 0.0
    if len(ops) > 1:  # dropping an operation of an optimal script never reaches the target
        assert _score(problem, f"{label} {meta['best']}; " + "; ".join(ops[1:])).reward == 0.0


def test_random_scripts_agree_with_an_independent_replay():
    """Random scripts (positions in the current string, optional delete letters, replacements
    possibly with the same letter) score 1 exactly when an independent replay reaches T, the
    replacement changes a letter where replacements are allowed, and the stated total is the
    script's cost and optimal."""
    import random

    rng = random.Random(15)
    hits = 0
    for seed in range(60):
        costs = ("unit", "indel", "weighted")[seed % 3]
        problem = _gen(ENV, seed, length=3 + seed % 3, edits=1 + seed % 2, costs=costs)
        meta = problem.meta
        s, t = meta["source"], meta["target"]
        ins, dele, rep = meta["prices"]
        best = _cost(s, t, ins, dele, rep if costs != "indel" else None)
        letters = sorted(set(s + t))
        label = "cost" if costs == "weighted" else "distance"
        for _ in range(150):
            cur, ops, total, legal = list(s), [], 0, True
            for _ in range(rng.randint(1, 3)):
                kind = rng.choice("idr") if cur else "i"
                if kind == "i":
                    pos, c = rng.randint(1, len(cur) + 1), rng.choice(letters)
                    ops.append(f"insert {pos} {c}")
                    cur.insert(pos - 1, c)
                    total += ins
                elif kind == "d":
                    pos = rng.randint(1, len(cur))
                    shown = rng.choice(["", cur[pos - 1], rng.choice(letters)])
                    legal &= shown in ("", cur[pos - 1])
                    ops.append(f"delete {pos} {shown}".rstrip())
                    del cur[pos - 1]
                    total += dele
                else:
                    pos, y = rng.randint(1, len(cur)), rng.choice(letters)
                    legal &= costs != "indel" and y != cur[pos - 1]
                    ops.append(f"replace {pos} {cur[pos - 1]}->{y}")
                    cur[pos - 1] = y
                    total += rep
            stated = rng.choice([total, total, best])
            expected = legal and "".join(cur) == t and stated == total == best
            hits += expected
            verdict = _score(problem, f"{label} {stated}; " + "; ".join(ops))
            assert (verdict.reward == 1.0) == expected, (problem.answer, ops, stated)
    assert hits > 20
