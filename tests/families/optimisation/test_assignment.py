"""What ``rlvr/Assignment-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import itertools

import numpy as np
from scipy.optimize import linear_sum_assignment

from tests.families.optimisation.helpers import _gen, _score, _verdict, gap

ENV = "rlvr/Assignment-v0"


def test_the_optimum_matches_scipy_and_every_permutation_is_graded():
    for seed in range(8):
        problem = _gen(ENV, seed, 0.3)
        costs = np.array(problem.meta["costs"])
        rows, cols = linear_sum_assignment(costs)
        assert costs[rows, cols].sum() == problem.meta["best"]
        assert _score(problem, " ".join(str(c + 1) for c in cols)) == 1.0
        for perm in itertools.permutations(range(len(costs))):
            total = int(costs[range(len(costs)), perm].sum())
            verdict = _verdict(problem, " ".join(str(c + 1) for c in perm))
            assert verdict.reward == gap(total, problem.meta["baseline"], problem.meta["best"])
            assert verdict.correct == (total == problem.meta["best"])


def test_no_row_of_the_table_reads_as_an_assignment():
    problem = _gen(ENV, 2, 0.0)
    for row in problem.meta["costs"]:
        assert _score(problem, " ".join(map(str, row))) == 0.0
    assert _score(problem, problem.answer + " 1") == 0.0
