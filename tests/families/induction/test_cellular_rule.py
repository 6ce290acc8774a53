"""What ``rlvr/CellularRule-v0`` must do beyond the generic family contract: a rule number
scores 1 exactly when the rule turns every shown generation into the next (all 256 rules
checked with a simulator written here), and constant answers with one live bit fail."""

from __future__ import annotations

import itertools

import pytest

from tests.families.induction.helpers import _gen, _score


def _next(row, rule, cyclic):
    padded = (row[-1] + row + row[0]) if cyclic else ("." + row + ".")
    bits = padded.replace("#", "1").replace(".", "0")
    return "".join("#" if rule & (1 << int(bits[i : i + 3], 2)) else "." for i in range(len(row)))


@pytest.mark.parametrize("difficulty", [0.0, 0.5, 1.0])
def test_exactly_the_consistent_rules_score_one(difficulty):
    for seed in range(4):
        problem = _gen("rlvr/CellularRule-v0", seed, difficulty)
        rows, cyclic = problem.meta["rows"], problem.meta["cyclic"]
        consistent = [
            r
            for r in range(256)
            if all(_next(a, r, cyclic) == b for a, b in itertools.pairwise(rows))
        ]
        assert int(problem.answer) in consistent and len(consistent) <= 8
        for rule in range(256):
            assert _score(problem, str(rule)) == float(rule in consistent)
        assert _score(problem, "256") == 0.0 and _score(problem, "rule 30") == 0.0
