"""What ``rlvr/MentalRotation-v0`` must do beyond the generic family contract."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.spatial.helpers import _gen, _score

ENV = "rlvr/MentalRotation-v0"


def _array(text):
    return np.array([[ch == "#" for ch in line] for line in text.splitlines()])


def _turned(prompt):
    """The candidates numpy finds among the shape's four rotations."""
    head, candidates = prompt.split("\n\nCandidates:\n\n")
    shape = _array(head.split(":\n", 1)[1])
    blocks = candidates.split("\n\nWhich candidates")[0].split("\n\n")
    turned, flipped = [], []
    for block in blocks:
        name, drawing = block.split(":\n")
        grid = _array(drawing)
        same = any(
            np.rot90(shape, k).shape == grid.shape and (np.rot90(shape, k) == grid).all()
            for k in range(4)
        )
        (turned if same else flipped).append(name)
    return turned, flipped


def test_the_turned_candidates_are_found_by_numpy_and_other_sets_fail():
    for seed in range(25):
        problem = _gen(ENV, seed, seed / 25)
        turned, flipped = _turned(problem.prompt)
        assert turned and flipped
        assert _score(problem, ", ".join(turned)) == 1.0
        assert _score(problem, " ".join(reversed(turned)).lower()) == 1.0
        assert _score(problem, ", ".join(turned + flipped[:1])) == 0.0
        assert _score(problem, ", ".join(flipped)) == 0.0
        assert _score(problem, ", ".join(turned + turned[:1])) == 0.0


@settings(max_examples=25)
@given(seed=st.integers(0, 10**6), picks=st.sets(st.sampled_from("ABCDEFGH"), min_size=1))
def test_a_set_of_letters_scores_one_exactly_when_it_is_the_turned_set(seed, picks):
    problem = _gen(ENV, seed, 0.5)
    turned, _ = _turned(problem.prompt)
    assert _score(problem, ", ".join(sorted(picks))) == float(picks == set(turned))
