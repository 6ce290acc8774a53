"""``rlvr/DfaWordCount-v0``: the count, recomputed by running the prompt's table on every
string of the length (brute force), is the reference; neighbours and 0 score 0."""

from __future__ import annotations

import itertools
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.formal.helpers_automata import gen, prompt_tables, run, score

ID = "rlvr/DfaWordCount-v0"


def brute_count(problem) -> int:
    (table,) = prompt_tables(problem.prompt)
    alphabet = "".join(sorted({c for _, c in table[0]}))
    length = int(re.search(r"strings of exactly (\d+) letters", problem.prompt).group(1))
    return sum(run(table, "".join(w)) for w in itertools.product(alphabet, repeat=length))


def test_the_count_is_the_number_of_accepted_strings_by_brute_force():
    for seed in range(20):
        for length in (2, 5, 8):
            problem = gen(ID, seed, states=3 + seed % 5, length=length, letters=2 + seed % 2)
            count = brute_count(problem)
            assert int(problem.answer) == count
            assert score(problem, str(count)) == 1.0
            assert score(problem, str(count + 1)) == 0.0
            assert score(problem, str(count - 1)) == 0.0
            assert score(problem, "0") == 0.0
            assert score(problem, f"{count}, {count + 1}") == 0.0


def test_difficulty_lengthens_the_strings_and_the_count_stays_exact():
    problem = gen(ID, 7, 1.0)
    assert problem.knobs["length"] == 24
    assert 0 < int(problem.answer) < 3**24


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), length=st.integers(2, 7))
def test_random_instances_agree_with_brute_force(seed, length):
    problem = gen(ID, seed, length=length)
    assert int(problem.answer) == brute_count(problem)
