"""What ``rlvr/CuttingStock-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.optimize import Bounds, LinearConstraint, milp

from tests.families.optimisation.helpers import _gen, _score, _verdict, gap

ENV = "rlvr/CuttingStock-v0"


def _pieces(meta):
    return [int(length) for length, count in meta["demand"].items() for _ in range(count)]


def _milp_rolls(meta, most):
    """y_r: roll r used; x[t, r]: pieces of length t from roll r (integer)."""
    lengths = [int(x) for x in meta["demand"]]
    counts, stock = list(meta["demand"].values()), meta["stock"]
    t, r = len(lengths), most
    nv = r + t * r  # y_0..y_{r-1}, then x[t, r] row-major
    cover = np.zeros((t, nv))
    for i in range(t):
        cover[i, r + i * r : r + (i + 1) * r] = 1
    fit = np.zeros((r, nv))
    for j in range(r):
        fit[j, j] = -stock
        for i in range(t):
            fit[j, r + i * r + j] = lengths[i]
    res = milp(np.concatenate([np.ones(r), np.zeros(t * r)]), integrality=np.ones(nv),
               bounds=Bounds(0, np.concatenate([np.ones(r), np.full(t * r, max(counts))])),
               constraints=[LinearConstraint(cover, counts, counts),
                            LinearConstraint(fit, -np.inf, 0)])  # fmt: skip
    return round(res.fun)


def _first_fit_decreasing(pieces, stock):
    rolls: list[list[int]] = []
    for piece in sorted(pieces, reverse=True):
        for roll in rolls:
            if sum(roll) + piece <= stock:
                roll.append(piece)
                break
        else:
            rolls.append([piece])
    return rolls


def _text(rolls, sep=" | "):
    return sep.join(" ".join(map(str, roll)) for roll in rolls)


def test_the_optimum_is_the_volume_bound_and_the_milp_agrees():
    for seed in range(6):
        problem = _gen(ENV, seed, 0.5)
        meta = problem.meta
        pieces = _pieces(meta)
        assert meta["rolls"] == math.ceil(sum(pieces) / meta["stock"])
        assert _milp_rolls(meta, meta["baseline"]) == meta["rolls"]


def test_other_plans_are_graded_and_either_separator_is_read():
    for seed in range(15):
        problem = _gen(ENV, seed, 0.5)
        meta = problem.meta
        ffd = _first_fit_decreasing(_pieces(meta), meta["stock"])
        want = gap(len(ffd), meta["baseline"], meta["rolls"])
        assert _score(problem, _text(ffd)) == want
        assert _score(problem, _text(ffd, "\n")) == want
        alone = [[p] for p in _pieces(meta)]
        assert _score(problem, _text(alone)) == 0.0
        assert not _verdict(problem, _text(alone)).correct


def test_overfull_rolls_missing_extra_and_foreign_pieces_score_zero():
    problem = _gen(ENV, 4, 0.5)
    meta = problem.meta
    pieces = _pieces(meta)
    assert _score(problem, " ".join(map(str, pieces))) == 0.0  # all from one roll
    rolls = problem.answer.split(" | ")
    assert _score(problem, " | ".join(rolls[1:])) == 0.0  # pieces left out
    assert _score(problem, problem.answer + f" | {pieces[0]}") == 0.0  # an extra piece
    assert _score(problem, problem.answer + " | 1") == 0.0  # a length not demanded
    assert _score(problem, problem.answer.replace(" | ", " |  | ", 1)) == 0.0  # an empty roll
    for line in problem.prompt.splitlines():
        if line.startswith("Length"):
            assert _score(problem, line) == 0.0
            assert _score(problem, line.replace("Length ", "").split(":")[0]) == 0.0


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), labels=st.lists(st.integers(0, 20), max_size=30))
def test_a_random_plan_scores_by_its_roll_count(seed, labels):
    problem = _gen(ENV, seed, 0.3)
    meta = problem.meta
    pieces = _pieces(meta)
    label = [x % len(pieces) for x in labels] + list(range(len(pieces)))
    rolls: dict[int, list[int]] = {}
    for k, piece in enumerate(pieces):
        rolls.setdefault(label[k], []).append(piece)
    fits = all(sum(r) <= meta["stock"] for r in rolls.values())
    want = gap(len(rolls), meta["baseline"], meta["rolls"]) if fits else 0.0
    assert _score(problem, _text(rolls.values())) == want
