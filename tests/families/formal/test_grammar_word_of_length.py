"""``rlvr/GrammarWordOfLength-v0``: every string of the asked length scores 1 exactly when an
Earley recogniser written here (from the prompt's grammar) accepts it; other lengths 0."""

from __future__ import annotations

import itertools
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.families.formal.helpers_grammars import (
    earley_count_free_recognise,
    gen,
    prompt_rules,
    score,
)

ID = "rlvr/GrammarWordOfLength-v0"


def asked(problem) -> int:
    return int(re.search(r"exactly (\d+) letters", problem.prompt).group(1))


def letters(rules: dict[str, list[str]]) -> str:
    return "".join(sorted({c for alts in rules.values() for r in alts for c in r if c.islower()}))


def test_every_string_of_the_length_scores_as_the_recogniser_says():
    for seed in range(6):
        problem = gen(ID, seed, 0.0)
        rules, n = prompt_rules(problem.prompt), asked(problem)
        assert n == 4 and earley_count_free_recognise(rules, problem.answer)
        inside = 0
        for word in map("".join, itertools.product(letters(rules), repeat=n)):
            member = earley_count_free_recognise(rules, word)
            inside += member
            assert score(problem, word) == float(member), (problem.prompt, word)
        assert inside >= 1


def test_the_reference_is_in_the_language_and_other_lengths_fail():
    for seed in range(30):
        problem = gen(ID, seed, seed / 29)
        rules, n = prompt_rules(problem.prompt), asked(problem)
        assert len(problem.answer) == n
        assert earley_count_free_recognise(rules, problem.answer)
        assert score(problem, problem.answer) == 1.0
        assert score(problem, problem.answer[:-1]) == 0.0
        assert score(problem, problem.answer + problem.answer[-1]) == 0.0
        assert score(problem, " ".join(problem.answer)) == 1.0


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), picks=st.lists(st.integers(0, 2), min_size=7, max_size=7))
def test_a_string_scores_exactly_when_it_is_generated(seed, picks):
    problem = gen(ID, seed, None)
    rules = prompt_rules(problem.prompt)
    alphabet = letters(rules)
    word = "".join(alphabet[p % len(alphabet)] for p in picks)
    assert asked(problem) == 7
    assert score(problem, word) == float(earley_count_free_recognise(rules, word))
