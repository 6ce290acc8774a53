"""What ``rlvr/ConnectFour-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from rlvr_envs.registry import format_answer

ENV = "rlvr/ConnectFour-v0"


def _gen(seed, difficulty=None, **knobs):
    return rlvr_envs.make_task(ENV).generate(seed=seed, difficulty=difficulty, knobs=knobs or None)


def _score(problem, answer):
    return rlvr_envs.verify(problem, format_answer(answer, problem.answer_format))


def _columns(grid):
    """Bottom-up columns of a top-row-first grid, as lists."""
    rows = len(grid)
    return [[grid[rows - 1 - h][c] for h in range(rows)] for c in range(len(grid[0]))]


def _four(cols, player):
    width, height = len(cols), len(cols[0])
    for c in range(width):
        for h in range(height):
            for dc, dh in ((1, 0), (0, 1), (1, 1), (1, -1)):
                if all(0 <= c + dc * i < width and 0 <= h + dh * i < height
                       and cols[c + dc * i][h + dh * i] == player for i in range(4)):  # fmt: skip
                    return True
    return False


def _drop(cols, c, player):
    h = cols[c].index(".")
    new = [list(col) for col in cols]
    new[c][h] = player
    return new, h


def _wins_within(cols, me, k):
    """Plain AND/OR recursion on lists, no threat rules: whether ``me`` to move wins within
    k of their moves."""
    other = "O" if me == "X" else "X"
    for c in range(len(cols)):
        if "." in cols[c] and _four(_drop(cols, c, me)[0], me):
            return True
    if k == 1:
        return False
    return any(_forces(_drop(cols, c, me)[0], me, other, k) for c in range(len(cols))
               if "." in cols[c])  # fmt: skip


def _forces(cols, me, other, k):
    replies = [c for c in range(len(cols)) if "." in cols[c]]
    if not replies:
        return False
    for r in replies:
        after = _drop(cols, r, other)[0]
        if _four(after, other) or not _wins_within(after, me, k - 1):
            return False
    return True


def _winning_cells(grid, me, k):
    cols = _columns(grid)
    other = "O" if me == "X" else "X"
    out = set()
    for c in range(len(cols)):
        if "." not in cols[c]:
            continue
        after, h = _drop(cols, c, me)
        if _four(after, me) or (k > 1 and _forces(after, me, other, k)):
            out.add(f"{chr(97 + c)}{h + 1}")
    return out


@pytest.mark.parametrize(("win_in", "columns"), [(1, 7), (2, 5), (2, 6)])
def test_winning_sets_match_a_plain_recursion(win_in, columns):
    for seed in range(4):
        problem = _gen(seed, win_in=win_in, columns=columns)
        meta = problem.meta
        found = _winning_cells(meta["grid"], meta["to_move"], win_in)
        assert found == set(meta["winning"])
        if win_in > 1:  # no faster win: the depth is exactly as asked
            assert not _winning_cells(meta["grid"], meta["to_move"], win_in - 1)
        answer = ", ".join(sorted(found, reverse=True)).upper()
        assert _score(problem, answer).reward == 1.0


def test_positions_are_legal_and_unfinished():
    for seed in range(10):
        problem = _gen(seed, difficulty=seed / 9)
        grid = problem.meta["grid"]
        cols = _columns(grid)
        for col in cols:  # discs rest on discs
            assert "".join(col).rstrip(".") == "".join(col).rstrip(".").replace(".", "")
        assert not _four(cols, "X") and not _four(cols, "O")
        xs = sum(row.count("X") for row in grid)
        os_ = sum(row.count("O") for row in grid)
        assert problem.meta["to_move"] == ("X" if xs == os_ else "O")


def test_wrong_sets_floating_discs_and_full_columns_fail():
    problem = next(p for s in range(40) if len((p := _gen(s, win_in=2)).meta["winning"]) >= 2)
    meta = problem.meta
    winning = meta["winning"]
    cols = _columns(meta["grid"])
    landing = {f"{chr(97 + c)}{col.index('.') + 1}" for c, col in enumerate(cols) if "." in col}
    other = sorted(landing - set(winning))
    assert _score(problem, " ".join(winning[::-1])).reward == 1.0
    assert _score(problem, winning[0]).reason == "wrong"  # missing one
    if other:
        assert _score(problem, " ".join([*winning, other[0]])).reason == "wrong"  # extra
    c = ord(winning[0][0]) - 97
    floating = f"{winning[0][0]}{int(winning[0][1:]) + 1}"
    if int(winning[0][1:]) < meta["rows"]:
        verdict = _score(problem, floating)
        assert verdict.reason == "wrong" and "lands on" in verdict.details["why"]
    full = [ch for ch, col in zip("abcdefg", cols) if "." not in col]
    if full:
        assert "full" in _score(problem, f"{full[0]}1").details["why"]
    assert _score(problem, "z1").reason == "unparsable"
    assert _score(problem, f"column {c + 1}").reason == "unparsable"


def _landing_cells(grid):
    """The cell where a disc dropped into each open column lands, named like d3."""
    return {f"{chr(97 + c)}{col.index('.') + 1}" for c, col in enumerate(_columns(grid))
            if "." in col}  # fmt: skip


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), columns=st.integers(5, 7), data=st.data())
def test_only_the_exact_set_of_winning_moves_scores(seed, columns, data):
    """Property: the winning set of a plain recursion scores 1 in any order; leaving one
    out, or adding another playable cell, scores 0."""
    problem = _gen(seed, win_in=2, columns=columns)
    meta = problem.meta
    found = _winning_cells(meta["grid"], meta["to_move"], 2)
    assert found == set(meta["winning"])
    order = data.draw(st.permutations(sorted(found)))
    assert _score(problem, " ".join(order)).reward == 1.0
    if len(found) > 1:
        dropped = data.draw(st.sampled_from(order))
        assert _score(problem, " ".join(c for c in order if c != dropped)).reward == 0.0
    others = sorted(_landing_cells(meta["grid"]) - found)
    if others:
        extra = data.draw(st.sampled_from(others))
        assert _score(problem, " ".join([*order, extra])).reward == 0.0
