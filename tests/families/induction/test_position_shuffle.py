"""What ``rlvr/PositionShuffle-v0`` must do beyond the generic family contract: every
permutation of positions that rearranges the examples as shown rearranges the asked word as
the reference does (all permutations tried at short lengths)."""

from __future__ import annotations

import itertools

from tests.families.induction.helpers import _gen, _score


def test_every_fitting_permutation_gives_the_reference_word():
    for seed in range(6):
        problem = _gen("rlvr/PositionShuffle-v0", seed, 0.3, length=6)
        pairs, query = problem.meta["pairs"], problem.meta["query"]
        results = {
            "".join(query[j] for j in perm)
            for perm in itertools.permutations(range(len(query)))
            if all("".join(w[j] for j in perm) == out for w, out in pairs)
        }
        assert results == {problem.answer}
        assert _score(problem, query) == 0.0
        assert _score(problem, problem.answer[::-1]) == float(
            problem.answer == problem.answer[::-1]
        )
