"""``rlvr/PostCorrespondence-v0``: every solution within the bound (found by brute force
over all tile sequences, from the prompt's tiles) scores 1, every other sequence 0, and a
solution longer than the bound is refused."""

from __future__ import annotations

import itertools
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.formal.helpers_grammars import gen, score, verdict

ID = "rlvr/PostCorrespondence-v0"


def read(problem) -> tuple[list[tuple[str, str]], int]:
    tiles = re.findall(r"^\d+: ([ab]+) / ([ab]+)$", problem.prompt, re.M)
    bound = int(re.search(r"using at most (\d+) tiles", problem.prompt).group(1))
    return tiles, bound


def solves(tiles, seq) -> bool:
    return "".join(tiles[k][0] for k in seq) == "".join(tiles[k][1] for k in seq)


def test_brute_force_solutions_score_one_and_other_sequences_zero():
    for seed in range(12):
        problem = gen(ID, seed, seed / 11 * 0.5)
        tiles, bound = read(problem)
        n = len(tiles)
        found = 0
        for size in range(1, bound + 1):
            for seq in itertools.product(range(n), repeat=size):
                ok = solves(tiles, seq)
                if ok or (size <= 2 and found < 50):
                    text = " ".join(str(k + 1) for k in seq)
                    assert score(problem, text) == float(ok), (problem.prompt, text)
                found += ok
        assert found, problem.prompt
        reference = [int(k) - 1 for k in problem.answer.split()]
        assert solves(tiles, reference) and 2 <= len(reference) <= bound


def test_a_solution_past_the_bound_and_bad_numbers_are_refused():
    for seed in range(20):
        problem = gen(ID, seed, 0.5)
        tiles, bound = read(problem)
        twice = f"{problem.answer} {problem.answer}"
        expected = float(2 * len(problem.answer.split()) <= bound)
        assert score(problem, twice) == expected
        assert score(problem, f"{problem.answer} {len(tiles) + 1}") == 0.0
        assert score(problem, "0") == 0.0
        v = verdict(problem, problem.answer.split()[0])
        assert v.reward == 0.0
        assert "differ" in v.details["why"] or "letters" in v.details["why"]
        for k in range(1, len(tiles) + 1):  # no single tile is a solution
            assert score(problem, str(k)) == 0.0


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), seq=st.lists(st.integers(0, 8), min_size=1, max_size=6))
def test_a_sequence_scores_exactly_when_it_solves_within_the_bound(seed, seq):
    problem = gen(ID, seed, 0.5)
    tiles, bound = read(problem)
    seq = [k % len(tiles) for k in seq]
    text = " ".join(str(k + 1) for k in seq)
    assert score(problem, text) == float(len(seq) <= bound and solves(tiles, seq))
